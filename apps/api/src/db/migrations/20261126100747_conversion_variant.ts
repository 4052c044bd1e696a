import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * An experiment's orders by arm (docs/analytics.md "Experiments"): the results read an
 * organization's orders of a few arm ids; without this index they scanned every order of the
 * organization (bench/experiment.bench.ts, 50,000 orders).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index "conversion_variant_idx" on "conversion" ("organization_id", "variant_id") where "variant_id" is not null`.execute(
    db,
  );
}
