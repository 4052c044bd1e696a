import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * A job may now wait while another of the same kind and key runs (a feed saved with a new
 * address while its refresh runs gets one follow-up refresh): at most one queued and at
 * most one running job per kind and key, instead of one of either.
 */
const statements = [
  `drop index "job_kind_key_active_key"`,
  `create unique index "job_kind_key_queued_key" on "job" ("kind", "key") where "status" = 'queued'`,
  `create unique index "job_kind_key_running_key" on "job" ("kind", "key") where "status" = 'running'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
