import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * `event` loses its foreign key to `floow` (docs/analytics.md, "Ingest speed"): its check ran
 * for every event row the ingest inserts (a look-up and a share lock of the floow per row, a
 * tenth of the ingest statement's database CPU). What it did stays done otherwise:
 *
 * - Deleting a floow deletes its events: a trigger after each deleted `floow` row, so also when
 *   the floow goes with its domain or organization (their foreign keys' cascade deletes it
 *   row by row). The unique index `(floow_id, client_event_id)` finds the events.
 * - No event is stored for a floow that does not exist: the ingest's statement stores only
 *   events of floows it finds, and locks those rows (`for key share`, the lock the foreign key
 *   took per row) once per group, so a floow deleted meanwhile waits for the group's commit
 *   and its trigger then deletes the group's events too (db/queries/event.ts `newEventsSql`).
 */
const statements = [
  `create function "floow_delete_events"() returns trigger language plpgsql as $$
begin
  delete from "event" where "floow_id" = old."id";
  return null;
end $$`,
  `create trigger "floow_delete_events" after delete on "floow" for each row execute function "floow_delete_events"()`,
  `alter table "event" drop constraint if exists "event_floow_id_fkey"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
