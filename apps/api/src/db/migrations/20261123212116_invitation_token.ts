import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Invitations are accepted with a secret token that only the e-mailed link carries (issue 10):
 * the invitation keeps its SHA-256 hash (never the token), and the optional name and title of
 * the spec's invite payload. Older invitations have no hash and can no longer be accepted;
 * they are cancelled here so nobody can accept them by id any more.
 */
const statements = [
  `alter table "invitation" add column "token_hash" text`,
  `alter table "invitation" add column "name" text not null default ''`,
  `alter table "invitation" add column "title" text not null default ''`,
  `create unique index "invitation_token_hash_key" on "invitation" ("token_hash")`,
  `update "invitation" set "status" = 'canceled' where "status" = 'pending'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
