import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * `/products` without a feed chosen lists the organization's products across its feeds,
 * filtered on `product.organization_id`, which had no index (every query read the whole
 * table, all organizations' products).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create index "product_organization_id_idx" on "product" ("organization_id")`)
    .execute(db);
}
