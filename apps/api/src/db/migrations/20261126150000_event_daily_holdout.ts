import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Holdout sessions leave the floow's analytics (docs/analytics.md "Experiments"). A visitor in
 * an experiment's holdout is shown no floow; the runtime sends one `holdout` event, so the
 * session has an `event_session` row (the experiment's results count its visitor there). It
 * is no session of the floow, though: the daily rollups (`event_daily`: sessions, views, …;
 * `event_daily_item`: left, os, language) now skip it.
 *
 * A **held-out session** is one with no view (`mounts = 0`) whose arm (`variant_id`) is the
 * holdout of an experiment on its floow. A session that is shown the floow after all (the
 * experiment stopped while its tab stayed open: it keeps its first arm) counts from its first
 * view on. Both triggers are replaced: each row counts only while it is not held out, so a
 * row that changes from one to the other moves in or out of the rollups, in any arrival order.
 * The look-up is by the experiment's (organization, floow) index, and only for rows without a
 * view that name an arm. The rollups of sessions already stored are corrected at the end.
 */
const day = (row: "new" | "old" | "s") =>
  `(${row}."first_at" at time zone 'Europe/Amsterdam')::date`;

const notHoldout = (row: "new" | "old" | "s") =>
  `not exists (select 1 from "experiment" x
    where x."organization_id" = ${row}."organization_id" and x."floow_id" = ${row}."floow_id" and x."holdout_id" = ${row}."variant_id")`;

/** Whether a session row counts in the floow's analytics (kept in step with `shownSession` in db/queries/analytics.ts). */
const counted = (row: "new" | "old" | "s") =>
  `(${row}."mounts" > 0 or ${row}."variant_id" is null or ${notHoldout(row)})`;

/**
 * `counted` in PL/pgSQL, in two steps: the first is a simple expression, which PL/pgSQL
 * evaluates without the executor; only a row without a view that names an arm runs the query.
 */
const decide = (into: string, row: "new" | "old") =>
  `${into} := ${row}."mounts" > 0 or ${row}."variant_id" is null;
    if not ${into} then ${into} := ${notHoldout(row)}; end if;`;

// --- event_daily (as migrations/20261123215738, each part under its row's `counted`) -------

const contribution = (row: "new" | "old", sign: "+" | "-") =>
  `${sign}1, ${sign}${row}."mounts", ${sign}${row}."starts", ${sign}(${row}."starts" > 0)::int, ${sign}${row}."finishes", ${sign}(${row}."finishes" > 0)::int, ${sign}${row}."clicks", ${sign}(${row}."clicks" > 0)::int`;
const add = `"sessions" = "event_daily"."sessions" + excluded."sessions", "views" = "event_daily"."views" + excluded."views", "starts" = "event_daily"."starts" + excluded."starts", "started" = "event_daily"."started" + excluded."started", "completions" = "event_daily"."completions" + excluded."completions", "completed" = "event_daily"."completed" + excluded."completed", "clicks" = "event_daily"."clicks" + excluded."clicks", "clicked" = "event_daily"."clicked" + excluded."clicked"`;
const columns = `"organization_id", "floow_id", "domain_id", "day", "sessions", "views", "starts", "started", "completions", "completed", "clicks", "clicked"`;
const upsert = (values: string) =>
  `insert into "event_daily" (${columns}) values (new."organization_id", new."floow_id", new."domain_id", ${day("new")}, ${values}) on conflict ("floow_id", "day") do update set ${add};`;
// A deleted session only lowers its day's row (which exists): never an insert, so a floow's
// cascading delete does not write rows for the floow being deleted.
const subtractOld = `update "event_daily" set "sessions" = "sessions" - 1, "views" = "views" - old."mounts", "starts" = "starts" - old."starts", "started" = "started" - (old."starts" > 0)::int, "completions" = "completions" - old."finishes", "completed" = "completed" - (old."finishes" > 0)::int, "clicks" = "clicks" - old."clicks", "clicked" = "clicked" - (old."clicks" > 0)::int where "floow_id" = old."floow_id" and "day" = ${day("old")};`;
const delta = `0, new."mounts" - old."mounts", new."starts" - old."starts", (new."starts" > 0)::int - (old."starts" > 0)::int, new."finishes" - old."finishes", (new."finishes" > 0)::int - (old."finishes" > 0)::int, new."clicks" - old."clicks", (new."clicks" > 0)::int - (old."clicks" > 0)::int`;

const dailyTrigger = `create or replace function "event_session_to_daily"() returns trigger language plpgsql as $$
declare
  old_counted boolean := false;
  new_counted boolean := false;
begin
  if tg_op <> 'INSERT' then
    ${decide("old_counted", "old")}
  end if;
  if tg_op <> 'DELETE' then
    ${decide("new_counted", "new")}
  end if;
  if old_counted and new_counted and ${day("new")} = ${day("old")} then
    ${upsert(delta)}
  else
    if old_counted then
      ${subtractOld}
    end if;
    if new_counted then
      ${upsert(contribution("new", "+"))}
    end if;
  end if;
  return null;
end
$$`;

// --- event_daily_item (as migrations/20261123221513) ----------------------------------------

const items = (row: "new" | "old" | "s") =>
  `select '${"left"}' as kind, case when ${row}."answers" = 0 then '' else coalesce(${row}."last_step_id", '') end as item where ${row}."starts" > 0 and ${row}."finishes" = 0
   union all select 'os', ${row}."os" union all select 'language', ${row}."language"`;
const addNew = `insert into "event_daily_item" ("organization_id", "floow_id", "day", "kind", "item", "count")
    select new."organization_id", new."floow_id", ${day("new")}, i.kind, i.item, 1 from (${items("new")}) as i
    on conflict ("floow_id", "day", "kind", "item") do update set "count" = "event_daily_item"."count" + 1;`;
const subtractOldItems = `update "event_daily_item" d set "count" = d."count" - 1 from (${items("old")}) as i
    where d."floow_id" = old."floow_id" and d."day" = ${day("old")} and d."kind" = i.kind and d."item" = i.item;`;

const itemsTrigger = `create or replace function "event_session_to_items"() returns trigger language plpgsql as $$
declare
  old_counted boolean := false;
  new_counted boolean := false;
begin
  if tg_op <> 'INSERT' then
    ${decide("old_counted", "old")}
  end if;
  if tg_op <> 'DELETE' then
    ${decide("new_counted", "new")}
  end if;
  if old_counted is distinct from new_counted or (new_counted and (
     old."starts" > 0 is distinct from new."starts" > 0 or old."finishes" > 0 is distinct from new."finishes" > 0
     or old."answers" = 0 is distinct from new."answers" = 0 or old."last_step_id" is distinct from new."last_step_id"
     or old."os" <> new."os" or old."language" <> new."language" or ${day("old")} <> ${day("new")})) then
    if old_counted then
      ${subtractOldItems}
    end if;
    if new_counted then
      ${addNew}
    end if;
  end if;
  return null;
end
$$`;

// --- the sessions stored so far --------------------------------------------------------------

const heldOut = `select s.* from "event_session" s where s."mounts" = 0 and s."variant_id" is not null and not ${counted("s")}`;

const statements = [
  dailyTrigger,
  itemsTrigger,
  `update "event_daily" d set "sessions" = d."sessions" - h.sessions, "views" = d."views" - h.views, "starts" = d."starts" - h.starts,
    "started" = d."started" - h.started, "completions" = d."completions" - h.completions, "completed" = d."completed" - h.completed,
    "clicks" = d."clicks" - h.clicks, "clicked" = d."clicked" - h.clicked
  from (
    select s."floow_id", ${day("s")} as day, count(*) as sessions, sum(s."mounts") as views, sum(s."starts") as starts,
      count(*) filter (where s."starts" > 0) as started, sum(s."finishes") as completions, count(*) filter (where s."finishes" > 0) as completed,
      sum(s."clicks") as clicks, count(*) filter (where s."clicks" > 0) as clicked
    from (${heldOut}) s group by 1, 2
  ) h
  where d."floow_id" = h."floow_id" and d."day" = h.day`,
  `update "event_daily_item" d set "count" = d."count" - h.n
  from (
    select s."floow_id", ${day("s")} as day, i.kind, i.item, count(*) as n
    from (${heldOut}) s cross join lateral (${items("s")}) as i group by 1, 2, 3, 4
  ) h
  where d."floow_id" = h."floow_id" and d."day" = h.day and d."kind" = h.kind and d."item" = h.item`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
