import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Jobs name the organization they work for, so the worker can share its slots fairly between
 * organizations (one organization's slow jobs never hold another's): `organization_id`
 * (null for work of no organization), filled in from the payload of jobs already queued.
 */
const statements = [
  `alter table "job" add column "organization_id" text`,
  `update "job" set "organization_id" = "payload"->>'organizationId' where "status" in ('queued', 'running')`,
  `create index "job_running_org_idx" on "job" ("kind", "organization_id") where "status" = 'running'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
