import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * The editor's insights kept with a floow (issue 12): the last dead-end check (its report as
 * JSON, with the number of dead ends for the floows list), run after each save and after
 * each refresh of the floow's feed. One row per floow; it goes with the floow.
 */
const statements = [
  `create table "floow_insight" ("floow_id" text not null primary key references "floow" ("id") on delete cascade, "organization_id" text not null, "feed_id" text, "dead_end_count" integer not null default 0, "report" jsonb not null, "checked_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "floow_insight_organization_idx" on "floow_insight" ("organization_id")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
