import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * better-auth's tables (user, session, account, verification) and its organization plugin's
 * (organization, member, invitation). Generated once with better-auth's `getMigrations` from
 * `authOptions` in src/auth/auth.ts and kept as plain SQL, so PGlite and a PostgreSQL server
 * get the same schema. Two additions: the sector range check and one membership per user and
 * organization.
 */
const statements = [
  `create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "email_verified" boolean not null, "image" text, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null, "title" text)`,
  `create table "session" ("id" text not null primary key, "expires_at" timestamptz not null, "token" text not null unique, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz not null, "ip_address" text, "user_agent" text, "user_id" text not null references "user" ("id") on delete cascade, "active_organization_id" text)`,
  `create table "account" ("id" text not null primary key, "account_id" text not null, "provider_id" text not null, "user_id" text not null references "user" ("id") on delete cascade, "access_token" text, "refresh_token" text, "id_token" text, "access_token_expires_at" timestamptz, "refresh_token_expires_at" timestamptz, "scope" text, "password" text, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz not null)`,
  `create table "verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expires_at" timestamptz not null, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "updated_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create table "organization" ("id" text not null primary key, "name" text not null, "slug" text not null unique, "logo" text, "created_at" timestamptz not null, "metadata" text, "display_name" text, "email" text, "sector" integer check ("sector" between 1 and 40))`,
  `create table "member" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "user_id" text not null references "user" ("id") on delete cascade, "role" text not null, "created_at" timestamptz not null)`,
  `create table "invitation" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "email" text not null, "role" text, "status" text not null, "expires_at" timestamptz not null, "created_at" timestamptz default CURRENT_TIMESTAMP not null, "inviter_id" text not null references "user" ("id") on delete cascade)`,
  `create index "session_user_id_idx" on "session" ("user_id")`,
  `create index "account_user_id_idx" on "account" ("user_id")`,
  `create index "verification_identifier_idx" on "verification" ("identifier")`,
  `create index "member_organization_id_idx" on "member" ("organization_id")`,
  `create index "member_user_id_idx" on "member" ("user_id")`,
  `create unique index "member_organization_id_user_id_key" on "member" ("organization_id", "user_id")`,
  `create index "invitation_organization_id_idx" on "invitation" ("organization_id")`,
  `create index "invitation_email_idx" on "invitation" ("email")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
