import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Revenue in analytics (docs/analytics.md "Revenue"): the CSV export reads each session's
 * orders (`sessionExportCsv`), by floow and session id. Only attributed orders have a floow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index "conversion_floow_id_session_id_idx" on "conversion" ("floow_id", "session_id") where "floow_id" is not null`.execute(
    db,
  );
}
