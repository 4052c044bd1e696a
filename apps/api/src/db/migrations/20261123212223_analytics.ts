import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Analytics (docs/analytics.md):
 * - `event_session`: one row per floow and shopper session, kept by the events ingest in the
 *   transaction that stores the events (counters, first and last time, the last answered step,
 *   the device and language). The dashboards aggregate these rows in SQL instead of the events.
 * - `analytics_setting`: an organization's event retention (no row: the default, 13 months).
 * Existing events are rolled up once.
 */
const statements = [
  `create table "event_session" ("floow_id" text not null references "floow" ("id") on delete cascade, "session_id" text not null, "organization_id" text not null, "domain_id" text not null, "first_at" timestamptz not null, "last_at" timestamptz not null, "mounts" integer not null default 0, "starts" integer not null default 0, "answers" integer not null default 0, "finishes" integer not null default 0, "clicks" integer not null default 0, "last_step_id" text, "last_step_at" timestamptz, "os" text not null default 'unknown', "language" text not null default 'unknown', primary key ("floow_id", "session_id"))`,
  `create index "event_session_organization_id_first_at_idx" on "event_session" ("organization_id", "first_at")`,
  `create index "event_session_floow_id_first_at_idx" on "event_session" ("floow_id", "first_at")`,
  `create table "analytics_setting" ("organization_id" text not null primary key references "organization" ("id") on delete cascade, "retention_months" integer not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `insert into "event_session" ("floow_id", "session_id", "organization_id", "domain_id", "first_at", "last_at", "mounts", "starts", "answers", "finishes", "clicks") select "floow_id", "session_id", min("organization_id"), min("domain_id"), min("created_at"), max("created_at"), count(*) filter (where "type" = 'mount'), count(*) filter (where "type" = 'start'), count(*) filter (where "type" in ('choice', 'form')), count(*) filter (where "type" = 'finish'), count(*) filter (where "type" = 'product') from "event" group by "floow_id", "session_id"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
