import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * A floow's feed is a feed of the same database (it was free text until feeds had a table):
 * feed ids that name no feed are cleared first, then a foreign key keeps them honest, and
 * deleting a feed leaves its floows without one (their results are then empty).
 */
const statements = [
  `update "floow" set "feed_id" = null where "feed_id" is not null and not exists (select 1 from "feed" where "feed"."id" = "floow"."feed_id")`,
  `alter table "floow" add constraint "floow_feed_id_fkey" foreign key ("feed_id") references "feed" ("id") on delete set null`,
  `create index "floow_feed_id_idx" on "floow" ("feed_id")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
