import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * API keys of the public REST API `/api/v1` (docs/api.md). The key itself is never stored:
 * `secret_hash` is the hex SHA-256 of the whole key (a 192-bit random secret needs no slow
 * hash, and a unique index on the hash finds a request's key in one lookup); `prefix` is its
 * first characters, shown to tell keys apart. `scopes` is a jsonb array of
 * @floow/domain's API_KEY_SCOPES. A revoked key keeps its row (with `revoked_at`) so the
 * screen can say when; a deleted creator leaves the key without a name.
 */
const statements = [
  `create table "api_key" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "name" text not null, "prefix" text not null, "secret_hash" text not null, "scopes" jsonb not null default '[]', "created_by" text references "user" ("id") on delete set null, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "last_used_at" timestamptz, "revoked_at" timestamptz, constraint "api_key_secret_hash_key" unique ("secret_hash"))`,
  `create index "api_key_organization_id_idx" on "api_key" ("organization_id", "created_at")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
