import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Drafts and published versions (issue 26, docs/domains-and-floows.md "Drafts and versions"):
 * - `floow_version`: a floow's numbered, immutable published copies. `snapshot` is the floow's
 *   content as published (`floowContent` of @floow/domain: name, type, language, domain, feed and
 *   the whole configuration); `domain_id` is the snapshot's, in a column for the public
 *   domain lookup. Deleting a floow deletes its versions; a publisher who is deleted leaves
 *   the version without a name.
 * - `floow.live_version`: the number of the version shoppers get while the floow is live.
 * - `event.floow_version`, `event_session.floow_version`: the version an event was shown with
 *   (null for events without one), and the first one a session carried (analytics by version).
 * Every floow live before this migration becomes its version 1, its current row as it is.
 */
const statements = [
  `create table "floow_version" ("id" text not null primary key, "organization_id" text not null references "organization" ("id") on delete cascade, "floow_id" text not null references "floow" ("id") on delete cascade, "number" integer not null check ("number" > 0), "domain_id" text not null, "snapshot" jsonb not null, "note" text not null default '', "published_by" text references "user" ("id") on delete set null, "published_at" timestamptz default CURRENT_TIMESTAMP not null, constraint "floow_version_floow_id_number_key" unique ("floow_id", "number"))`,
  // The public domain answer: the live versions whose snapshot is in the domain.
  `create index "floow_version_domain_id_idx" on "floow_version" ("domain_id", "floow_id")`,
  `alter table "floow" add column "live_version" integer`,
  `alter table "event" add column "floow_version" integer`,
  `alter table "event_session" add column "floow_version" integer`,
  `insert into "floow_version" ("id", "organization_id", "floow_id", "number", "domain_id", "snapshot", "note", "published_by", "published_at") select gen_random_uuid()::text, "organization_id", "id", 1, "domain_id", "config" || jsonb_build_object('domainId', "domain_id", 'feedId', "feed_id", 'type', "type", 'language', "language", 'name', "name"), '', null, "updated_at" from "floow" where "status" = 'live'`,
  `update "floow" set "live_version" = 1 where "status" = 'live'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
