import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Domains, floows, uploaded images (blob) and the runtime's interaction events (event).
 * A floow keeps its scalar fields in columns (filtered and sorted on) and the rest of its
 * configuration in `config`; `version` counts saves for optimistic concurrency. Deleting an
 * organization deletes everything of it; deleting a domain deletes its floows, and deleting a
 * floow its events. `floow.feed_id` has no foreign key: feeds arrive in their own migration.
 */
const statements = [
  `create table "domain" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "name" text not null, "description" text not null default '', "image" text, "host" text not null, "blob_url" text, "colors" jsonb not null default '[]', "fonts" jsonb not null default '[]', "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "domain_organization_id_idx" on "domain" ("organization_id", "created_at")`,
  `create table "floow" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "domain_id" text not null references "domain" ("id") on delete cascade, "feed_id" text, "user_id" text references "user" ("id") on delete set null, "type" text not null check ("type" in ('selling', 'data')), "status" text not null default 'development' check ("status" in ('development', 'live', 'archived')), "language" text not null default 'en', "name" text not null, "config" jsonb not null, "version" integer not null default 1, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "floow_organization_id_idx" on "floow" ("organization_id", "created_at")`,
  `create index "floow_domain_id_status_idx" on "floow" ("domain_id", "status")`,
  `create table "blob" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "content_type" text not null, "size" integer not null, "bytes" bytea not null, "created_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "blob_organization_id_idx" on "blob" ("organization_id")`,
  `create table "event" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "domain_id" text not null, "floow_id" text not null references "floow" ("id") on delete cascade, "session_id" text not null, "client_event_id" text not null, "type" text not null, "payload" jsonb not null, "created_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  // A retried batch (the runtime resends on failure) stores each event once.
  `create unique index "event_floow_id_client_event_id_key" on "event" ("floow_id", "client_event_id")`,
  // Analytics: one floow's events over time (by type), and an organization's over time.
  `create index "event_organization_id_floow_id_created_at_idx" on "event" ("organization_id", "floow_id", "created_at")`,
  `create index "event_organization_id_created_at_idx" on "event" ("organization_id", "created_at")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
