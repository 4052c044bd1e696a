import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Webhooks and integrations (spec section 3), so the `user` bundle reads them from the
 * database. Their screens and procedures come with their own issue; a domain's deletion
 * deletes both, a floow's deletion turns its webhooks into domain-wide ones (`floow_id`
 * null means every floow of the domain).
 */
const statements = [
  `create table "webhook" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "domain_id" text not null references "domain" ("id") on delete cascade, "floow_id" text references "floow" ("id") on delete set null, "name" text not null, "url" text not null, "secret" text not null default '', "headers" jsonb not null default '{}', "method" text not null default 'POST' check ("method" in ('POST', 'PUT', 'PATCH')), "status" text not null default 'active' check ("status" in ('active', 'inactive')), "events" jsonb not null default '[]', "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "webhook_organization_id_idx" on "webhook" ("organization_id", "created_at")`,
  `create table "integration" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "domain_id" text not null references "domain" ("id") on delete cascade, "integration_configuration_id" text not null, "settings" jsonb not null default '{}', "created_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "integration_organization_id_idx" on "integration" ("organization_id", "created_at")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
