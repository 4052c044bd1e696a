import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Conversions and visitors (issue 23; docs/analytics.md "Attribution", docs/events.md "Consent"):
 * - `conversion`: one row per order and organization, whichever way it was reported (runtime,
 *   data layer, API, Shopify): `unique (organization_id, order_id)` makes it count once. The
 *   attribution (floow, version, variant, session) and the split of its value into influenced
 *   and assisted revenue are written when the order is recorded (services/conversions/record.ts).
 * - `event.visitor_id`, `event_session.visitor_id`: the runtime's first-party visitor id, set
 *   only with the page's analytics consent (null otherwise); the attribution looks a visitor's
 *   last floow session up by it.
 * - `organization.attribution_window_days`: how long after a floow session an order counts
 *   for it (1 to 30 days, 7 by default).
 * - `domain.consent_source`, `domain.consent_default`: which consent signal the runtime trusts
 *   on the domain's pages and what it assumes without one; `domain.datalayer_purchases`: the
 *   runtime reports the page's GA4 `purchase` events as conversions.
 */
const statements = [
  `create table "conversion" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "order_id" text not null, "source" text not null check ("source" in ('runtime', 'datalayer', 'api', 'shopify')), "value" numeric(14, 2) not null check ("value" >= 0), "currency" char(3) not null, "items" jsonb not null default '[]', "visitor_id" text, "session_id" text, "floow_id" text, "floow_version" integer, "variant_id" text, "influenced_value" numeric(14, 2) not null default 0, "assisted_value" numeric(14, 2) not null default 0, "occurred_at" timestamptz not null, "created_at" timestamptz default CURRENT_TIMESTAMP not null, constraint "conversion_organization_id_order_id_key" unique ("organization_id", "order_id"))`,
  // Revenue in analytics: an organization's and a floow's orders over time.
  `create index "conversion_organization_id_occurred_at_idx" on "conversion" ("organization_id", "occurred_at")`,
  `create index "conversion_floow_id_occurred_at_idx" on "conversion" ("floow_id", "occurred_at") where "floow_id" is not null`,
  `alter table "event" add column "visitor_id" text`,
  `alter table "event_session" add column "visitor_id" text`,
  // Attribution: a visitor's sessions, newest first; a session id's sessions (one per floow).
  `create index "event_session_visitor_idx" on "event_session" ("organization_id", "visitor_id", "last_at") where "visitor_id" is not null`,
  `create index "event_session_session_id_idx" on "event_session" ("session_id")`,
  // The influenced split reads the products a session was shown and clicked.
  `create index "event_products_idx" on "event" ("floow_id", "session_id") where "type" in ('finish', 'product')`,
  `alter table "organization" add column "attribution_window_days" integer not null default 7 check ("attribution_window_days" between 1 and 30)`,
  `alter table "domain" add column "consent_source" text not null default 'auto' check ("consent_source" in ('auto', 'consent-mode', 'tcf', 'floow'))`,
  `alter table "domain" add column "consent_default" text not null default 'denied' check ("consent_default" in ('granted', 'denied'))`,
  `alter table "domain" add column "datalayer_purchases" boolean not null default false`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
