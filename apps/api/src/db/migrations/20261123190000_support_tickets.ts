import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Support tickets sent from the dashboard's support dialog (spec sections 3 and 7). Kept by
 * user, not by organization: a user without an organization may need help too, and the
 * support team looks memberships up from the user. Deleting the user keeps the ticket.
 */
const statements = [
  `create table "support_ticket" ("id" text not null primary key, "user_id" text references "user" ("id") on delete set null, "email" text not null, "phone" text not null default '', "name" text not null default '', "project" text not null, "category" text, "subject" text not null, "comment" text not null, "url" text not null default '', "created_at" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create index "support_ticket_created_at_idx" on "support_ticket" ("created_at")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
