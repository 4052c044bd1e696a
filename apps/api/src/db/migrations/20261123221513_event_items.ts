import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * One floow's page without reading its events (docs/analytics.md):
 * - `event_session_item`: the first time a session answered a step, picked a choice, submitted
 *   or filled an input (`kind` step | choice | input | filled), so those count sessions, once.
 * - `event_daily_item`: per floow, day (Europe/Amsterdam) and item, a count: the kinds above
 *   (from the ingest, for new session items), `shown` and `click` per product, `results` and
 *   `partial` result pages (per event), and, kept by a trigger on `event_session` from old and
 *   new rows, `left` (sessions that started, did not finish, by last answered step; '' for none),
 *   `os` and `language`.
 */
const day = (row: "new" | "old") => `(${row}."first_at" at time zone 'Europe/Amsterdam')::date`;
const items = (row: "new" | "old") =>
  `select '${"left"}' as kind, case when ${row}."answers" = 0 then '' else coalesce(${row}."last_step_id", '') end as item where ${row}."starts" > 0 and ${row}."finishes" = 0
   union all select 'os', ${row}."os" union all select 'language', ${row}."language"`;
const addNew = `insert into "event_daily_item" ("organization_id", "floow_id", "day", "kind", "item", "count")
    select new."organization_id", new."floow_id", ${day("new")}, i.kind, i.item, 1 from (${items("new")}) as i
    on conflict ("floow_id", "day", "kind", "item") do update set "count" = "event_daily_item"."count" + 1;`;
const subtractOld = `update "event_daily_item" d set "count" = d."count" - 1 from (${items("old")}) as i
    where d."floow_id" = old."floow_id" and d."day" = ${day("old")} and d."kind" = i.kind and d."item" = i.item;`;

const statements = [
  `create table "event_session_item" ("floow_id" text not null references "floow" ("id") on delete cascade, "session_id" text not null, "kind" text not null, "item" text not null, "day" date not null, primary key ("floow_id", "session_id", "kind", "item"))`,
  `create table "event_daily_item" ("organization_id" text not null, "floow_id" text not null references "floow" ("id") on delete cascade, "day" date not null, "kind" text not null, "item" text not null, "step_id" text not null default '', "label" text not null default '', "meta" text not null default '', "count" integer not null default 0, primary key ("floow_id", "day", "kind", "item"))`,
  `create function "event_session_to_items"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${addNew}
  elsif tg_op = 'DELETE' then
    ${subtractOld}
  elsif old."starts" > 0 is distinct from new."starts" > 0 or old."finishes" > 0 is distinct from new."finishes" > 0
     or old."answers" = 0 is distinct from new."answers" = 0 or old."last_step_id" is distinct from new."last_step_id"
     or old."os" <> new."os" or old."language" <> new."language" or ${day("old")} <> ${day("new")} then
    ${subtractOld}
    ${addNew}
  end if;
  return null;
end
$$`,
  `create trigger "event_session_to_items" after insert or update or delete on "event_session" for each row execute function "event_session_to_items"()`,
  // What the sessions already stored add up to (left, os, language); answers and products start with this migration.
  `insert into "event_daily_item" ("organization_id", "floow_id", "day", "kind", "item", "count") select min(s."organization_id"), s."floow_id", (s."first_at" at time zone 'Europe/Amsterdam')::date, i.kind, i.item, count(*) from "event_session" s cross join lateral (${items("new").replaceAll('new."', 's."')}) as i group by s."floow_id", 3, i.kind, i.item`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
