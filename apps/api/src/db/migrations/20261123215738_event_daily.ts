import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * `event_daily`: per floow and day (Europe/Amsterdam) the sessions that began that day and
 * their views, starts, completions and clicks (and how many sessions started, completed,
 * clicked). Kept by a trigger on `event_session` from each row's old and new values, so it is
 * exact whatever order events arrive in, and follows retention and erasure (deletes). The
 * overview and the daily figures read these few rows instead of the sessions (docs/analytics.md).
 */
const contribution = (row: "new" | "old", sign: "+" | "-") =>
  `${sign}1, ${sign}${row}."mounts", ${sign}${row}."starts", ${sign}(${row}."starts" > 0)::int, ${sign}${row}."finishes", ${sign}(${row}."finishes" > 0)::int, ${sign}${row}."clicks", ${sign}(${row}."clicks" > 0)::int`;
const add = `"sessions" = "event_daily"."sessions" + excluded."sessions", "views" = "event_daily"."views" + excluded."views", "starts" = "event_daily"."starts" + excluded."starts", "started" = "event_daily"."started" + excluded."started", "completions" = "event_daily"."completions" + excluded."completions", "completed" = "event_daily"."completed" + excluded."completed", "clicks" = "event_daily"."clicks" + excluded."clicks", "clicked" = "event_daily"."clicked" + excluded."clicked"`;
const columns = `"organization_id", "floow_id", "domain_id", "day", "sessions", "views", "starts", "started", "completions", "completed", "clicks", "clicked"`;
const day = (row: "new" | "old") => `(${row}."first_at" at time zone 'Europe/Amsterdam')::date`;
const upsert = (row: "new" | "old", values: string) =>
  `insert into "event_daily" (${columns}) values (${row}."organization_id", ${row}."floow_id", ${row}."domain_id", ${day(row)}, ${values}) on conflict ("floow_id", "day") do update set ${add};`;
// A deleted session only lowers its day's row (which exists): never an insert, so a floow's
// cascading delete does not write rows for the floow being deleted.
const subtractOld = `update "event_daily" set "sessions" = "sessions" - 1, "views" = "views" - old."mounts", "starts" = "starts" - old."starts", "started" = "started" - (old."starts" > 0)::int, "completions" = "completions" - old."finishes", "completed" = "completed" - (old."finishes" > 0)::int, "clicks" = "clicks" - old."clicks", "clicked" = "clicked" - (old."clicks" > 0)::int where "floow_id" = old."floow_id" and "day" = ${day("old")};`;
const delta = `0, new."mounts" - old."mounts", new."starts" - old."starts", (new."starts" > 0)::int - (old."starts" > 0)::int, new."finishes" - old."finishes", (new."finishes" > 0)::int - (old."finishes" > 0)::int, new."clicks" - old."clicks", (new."clicks" > 0)::int - (old."clicks" > 0)::int`;

const statements = [
  `create table "event_daily" ("organization_id" text not null, "floow_id" text not null references "floow" ("id") on delete cascade, "domain_id" text not null, "day" date not null, "sessions" integer not null default 0, "views" integer not null default 0, "starts" integer not null default 0, "started" integer not null default 0, "completions" integer not null default 0, "completed" integer not null default 0, "clicks" integer not null default 0, "clicked" integer not null default 0, primary key ("floow_id", "day"))`,
  `create index "event_daily_organization_id_day_idx" on "event_daily" ("organization_id", "day")`,
  `create function "event_session_to_daily"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${upsert("new", contribution("new", "+"))}
  elsif tg_op = 'DELETE' then
    ${subtractOld}
  elsif ${day("new")} = ${day("old")} then
    ${upsert("new", delta)}
  else
    ${subtractOld}
    ${upsert("new", contribution("new", "+"))}
  end if;
  return null;
end
$$`,
  `create trigger "event_session_to_daily" after insert or update or delete on "event_session" for each row execute function "event_session_to_daily"()`,
  `insert into "event_daily" (${columns}) select min("organization_id"), "floow_id", min("domain_id"), ("first_at" at time zone 'Europe/Amsterdam')::date, count(*), sum("mounts"), sum("starts"), count(*) filter (where "starts" > 0), sum("finishes"), count(*) filter (where "finishes" > 0), sum("clicks"), count(*) filter (where "clicks" > 0) from "event_session" group by "floow_id", 4`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
