import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Webhook and integration delivery (docs/webhooks.md): `webhook_delivery` is both the outbox
 * (rows written in the ingest's transaction) and the delivery log (kept 30 days). A webhook
 * remembers since when it fails and why Floow disabled it; an integration keeps its API key
 * encrypted, one integration of a kind per domain.
 */
const statements = [
  `create table "webhook_delivery" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "webhook_id" text references "webhook" ("id") on delete cascade, "integration_id" text references "integration" ("id") on delete cascade, "message_id" text not null, "event_id" text, "event_type" text not null, "payload" jsonb not null, "status" text not null default 'pending' check ("status" in ('pending', 'succeeded', 'failed')), "attempts" integer not null default 0, "next_attempt_at" timestamptz, "last_attempt_at" timestamptz, "response_status" integer, "response_body" text, "latency_ms" integer, "error" text, "test" boolean not null default false, "replay_of" text, "created_at" timestamptz default CURRENT_TIMESTAMP not null, check (("webhook_id" is null) <> ("integration_id" is null)))`,
  `create index "webhook_delivery_webhook_idx" on "webhook_delivery" ("webhook_id", "created_at" desc, "id" desc)`,
  `create index "webhook_delivery_integration_idx" on "webhook_delivery" ("integration_id", "created_at" desc)`,
  `create index "webhook_delivery_pending_idx" on "webhook_delivery" ("next_attempt_at") where "status" = 'pending'`,
  `create index "webhook_delivery_created_at_idx" on "webhook_delivery" ("created_at")`,
  `alter table "webhook" add column "failing_since" timestamptz`,
  `alter table "webhook" add column "disabled_reason" text`,
  `alter table "webhook" add column "disabled_at" timestamptz`,
  `create index "webhook_domain_idx" on "webhook" ("domain_id") where "status" = 'active'`,
  `alter table "integration" add column "encrypted_key" text`,
  `alter table "integration" add column "key_hint" text not null default ''`,
  `alter table "integration" add column "updated_at" timestamptz default CURRENT_TIMESTAMP not null`,
  `create unique index "integration_domain_configuration_idx" on "integration" ("domain_id", "integration_configuration_id")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
