import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Product feeds (issue 5): `feed`, its products (`product`), the staging table a refresh
 * writes into before it swaps (`product_import`, so a failed refresh keeps the last good
 * products and readers never see half a feed), and `job`, the background job queue in the
 * same database (polled with FOR UPDATE SKIP LOCKED; it survives restarts).
 */
const productColumns = `"feed_id" text not null references "feed" ("id") on delete cascade, "organization_id" text not null references "organization" ("id") on delete cascade, "external_id" text not null, "position" integer not null, "name" text not null default '', "price" numeric, "url" text not null default '', "image" text not null default '', "description" text not null default '', "attributes" jsonb not null, primary key ("feed_id", "external_id")`;

const statements = [
  `create table "feed" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "domain_id" text references "domain" ("id") on delete set null, "name" text not null default '', "url" text not null, "type" text not null default 'channable' check ("type" in ('channable', 'shopify')), "variables" jsonb not null, "description" text not null default '', "image" text, "refresh_interval_minutes" integer check ("refresh_interval_minutes" > 0), "last_refresh_at" timestamptz, "last_refresh_status" text not null default 'pending' check ("last_refresh_status" in ('pending', 'running', 'ok', 'failed')), "last_refresh_error" text, "product_count" integer not null default 0, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "feed_organization_id_idx" on "feed" ("organization_id", "created_at")`,
  `create table "product" (${productColumns})`,
  // Results and product lists read a feed's products in feed order, or sorted by price/name.
  `create index "product_feed_id_position_idx" on "product" ("feed_id", "position")`,
  `create index "product_feed_id_price_idx" on "product" ("feed_id", "price")`,
  `create index "product_feed_id_name_idx" on "product" ("feed_id", "name")`,
  `create table "product_import" (${productColumns})`,
  `create table "job" ("id" text not null primary key, "kind" text not null, "key" text not null, "payload" jsonb not null, "status" text not null default 'queued' check ("status" in ('queued', 'running', 'done', 'failed')), "run_at" timestamptz default CURRENT_TIMESTAMP not null, "attempts" integer not null default 0, "max_attempts" integer not null default 3, "locked_at" timestamptz, "locked_by" text, "last_error" text, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  // At most one waiting or running job per kind and key (one refresh per feed at a time).
  `create unique index "job_kind_key_active_key" on "job" ("kind", "key") where "status" in ('queued', 'running')`,
  `create index "job_due_idx" on "job" ("run_at") where "status" = 'queued'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
