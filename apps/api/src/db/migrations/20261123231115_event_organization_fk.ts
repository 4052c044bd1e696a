import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * `event` loses its foreign key to `organization` (docs/analytics.md, "Ingest speed"): every
 * event row paid a lookup of its organization on insert, yet the key added nothing. The
 * ingest stores an event only for a live floow of the organization that owns its domain, and
 * the foreign key to `floow` (kept) deletes an organization's events through its floows'
 * cascade. The organization-wide index stays: `/inspect` lists an organization's newest events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "event" drop constraint if exists "event_organization_id_fkey"`.execute(db);
}
