import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Experiments (issue 23; docs/analytics.md "Experiments"):
 * - `experiment`: a floow's test of two or more published versions (`variants`, jsonb:
 *   `[{ id, version, share }]`, in their fixed order) and an optional holdout (`holdout_id`,
 *   `holdout_share` in %, 0 without one). `state`: draft → running ⇄ paused → stopped.
 *   A floow has at most one experiment running or paused (the partial unique index): a
 *   paused one would otherwise resume into another's traffic.
 * - `event.variant_id`, `event_session.variant_id`: the arm (a variant or the holdout) the
 *   event's visitor was in (the message's `variantId`), and the first one a session carried.
 */
const statements = [
  `create table "experiment" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "floow_id" text not null references "floow" ("id") on delete cascade, "name" text not null default '', "state" text not null default 'draft' check ("state" in ('draft', 'running', 'paused', 'stopped')), "variants" jsonb not null, "holdout_id" text not null, "holdout_share" integer not null default 0 check ("holdout_share" between 0 and 50), "promoted_version" integer, "started_at" timestamptz, "stopped_at" timestamptz, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "experiment_organization_id_floow_id_idx" on "experiment" ("organization_id", "floow_id")`,
  `create unique index "experiment_one_active_per_floow" on "experiment" ("floow_id") where "state" in ('running', 'paused')`,
  `alter table "event" add column "variant_id" text`,
  `alter table "event_session" add column "variant_id" text`,
  // The results: an experiment's sessions by arm.
  `create index "event_session_variant_idx" on "event_session" ("floow_id", "variant_id") where "variant_id" is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
