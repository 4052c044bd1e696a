import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import type { FloowEventMessage } from "@floow/domain/events";
import type { DB } from "../database";

/**
 * A `choice` or `form` event's answer as the CSV export shows it: `Step: Road, Gravel` or
 * `Step: E-mail = ada@example.com; Name = Ada` (the selected choices; each input's value, a
 * list joined with commas; an input whose list is empty is left out). The export used this
 * expression on the events; the retention's rebuild and the migration that filled existing
 * sessions (20261124002600) still do, and the ingest's `answerText` gives the same text.
 */
function answerTextSql(payload: RawBuilder<unknown>, type: RawBuilder<unknown>) {
  return sql<string>`(${payload}->'step'->>'text') || ': ' || coalesce(case when ${type} = 'choice' then
      (select string_agg(c->>'text', ', ') from jsonb_array_elements(${payload}->'choices') c where c->>'selected' = 'true')
    else
      (select string_agg((i->>'text') || ' = ' || case when jsonb_typeof(i->'value') = 'array'
        then (select string_agg(v, ', ') from jsonb_array_elements_text(i->'value') v) else coalesce(i->>'value', '') end, '; ')
       from jsonb_array_elements(${payload}->'formInputs') i)
    end, '')`;
}

/** A JSON number as PostgreSQL prints it (`->>` of a jsonb number): never with an exponent. */
function plainNumber(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A scalar JSON value as `->>` gives it; null for JSON null (and what JSON.stringify makes null). */
function scalarText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? plainNumber(value) : null;
  if (typeof value === "boolean") return String(value);
  return null;
}

/**
 * `answerTextSql` in JavaScript, for the ingest (no JSON parsing and sub-queries per answer in
 * the database): null parts drop out as SQL's `||` and `string_agg` drop them. A test
 * (migrations/event-session-export.test.ts) checks the two agree for every kind of value.
 */
function answerText({ type, step, choices, formInputs }: FloowEventMessage): string | null {
  if (typeof step?.text !== "string") return null;
  // Loops, not filter/map/join: this runs for every answer the ingest stores.
  let answer: string | null = null;
  if (type === "choice") {
    for (const choice of choices ?? []) {
      if (String(choice.selected) !== "true") continue;
      const text = scalarText(choice.text);
      if (text !== null) answer = answer === null ? text : `${answer}, ${text}`;
    }
  } else {
    for (const { text, value } of formInputs ?? []) {
      const shown = Array.isArray(value) ? listText(value) : (scalarText(value) ?? "");
      if (typeof text !== "string" || shown === null) continue;
      answer = answer === null ? `${text} = ${shown}` : `${answer}; ${text} = ${shown}`;
    }
  }
  return `${step.text}: ${answer ?? ""}`;
}

/** A list value's items as `string_agg(v, ', ')` of `jsonb_array_elements_text` gives them; null when none is text. */
function listText(values: readonly unknown[]): string | null {
  let shown: string | null = null;
  for (const value of values) {
    const text = scalarText(value);
    if (text !== null) shown = shown === null ? text : `${shown}, ${text}`;
  }
  return shown || null;
}

/** A clicked product as the export names it: its name, or its id when it has none. */
const productName = (product: RawBuilder<unknown>) =>
  sql<string>`coalesce(nullif(${product}->>'name', ''), ${product}->>'id')`;

/**
 * What the ingest sends per event besides its row (`sessionFields`): the device, and for an
 * answer its step and the export's text of it (`answerText`, so the database parses no JSON).
 */
export function sessionFields(message: FloowEventMessage) {
  const answer = (message.type === "choice" || message.type === "form") && message.step;
  return answer
    ? { step_id: message.step!.id, answer: answerText(message) }
    : { step_id: null, answer: null };
}

/**
 * The common table expression (`sessions`) that adds newly stored events to their sessions'
 * rollup rows (`event_session`): one multi-row upsert, rows in (floow, session) order so two
 * writes at once lock them in one order. `fresh` names the CTE of the batch's newly stored
 * events: the event's columns, `o` (its place in the batch: of two answers to a step that
 * arrived together, the later counts), `t` (its time in epoch milliseconds), `os`, `language`,
 * and from `sessionFields` `step_id` and `answer`. Besides the counters it keeps what the CSV
 * export shows (the first finish, the last answer per step, the products clicked).
 */
export function eventSessionsSql(fresh: RawBuilder<unknown>) {
  return sql`"ranked" as (
      -- Per session and step its last answer (the later in the batch on a tie) is number 1.
      select "floow_id", "session_id", "organization_id", "domain_id", "created_at", "type", "o", "t", "os", "language",
        "floow_version", "visitor_id", "variant_id", "step_id", "answer",
        case when "type" = 'product' then ${productName(sql`"payload"->'product'`)} end as "clicked",
        row_number() over (partition by "floow_id", "session_id", "step_id" order by "t" desc, "o" desc) as "rank"
      from ${fresh}
    ), "session_deltas" as (
      select "floow_id", "session_id",
        -- The session's first event in the batch gives its organization, domain and device.
        (array_agg("organization_id" order by "o"))[1] as "organization_id",
        (array_agg("domain_id" order by "o"))[1] as "domain_id",
        min("created_at") as "first_at", max("created_at") as "last_at",
        count(*) filter (where "type" = 'mount')::int as "mounts",
        count(*) filter (where "type" = 'start')::int as "starts",
        count(*) filter (where "type" in ('choice', 'form'))::int as "answers",
        count(*) filter (where "type" = 'finish')::int as "finishes",
        count(*) filter (where "type" = 'product')::int as "clicks",
        (array_agg("step_id" order by "created_at" desc, "o" desc) filter (where "step_id" is not null))[1] as "last_step_id",
        max("created_at") filter (where "step_id" is not null) as "last_step_at",
        coalesce((array_agg("os" order by "o"))[1], 'unknown') as "os",
        coalesce((array_agg("language" order by "o"))[1], 'unknown') as "language",
        -- The first of the session's events that names one.
        (array_agg("floow_version" order by "o") filter (where "floow_version" is not null))[1] as "floow_version",
        (array_agg("visitor_id" order by "o") filter (where "visitor_id" <> ''))[1] as "visitor_id",
        (array_agg("variant_id" order by "o") filter (where "variant_id" <> ''))[1] as "variant_id",
        min("created_at") filter (where "type" = 'finish') as "finished_at",
        jsonb_object_agg("step_id", jsonb_build_object('t', "t", 'o', "o", 'a', "answer"))
          filter (where "step_id" is not null and "rank" = 1) as "answer_steps",
        array_agg(distinct "clicked") filter (where "clicked" is not null) as "clicked_products"
      from "ranked" group by "floow_id", "session_id"
    ), "sessions" as (
      insert into "event_session" ("floow_id", "session_id", "organization_id", "domain_id", "first_at", "last_at", "mounts", "starts",
        "answers", "finishes", "clicks", "last_step_id", "last_step_at", "os", "language", "floow_version", "visitor_id", "variant_id", "finished_at", "answer_steps", "clicked_products")
      select "floow_id", "session_id", "organization_id", "domain_id", "first_at", "last_at", "mounts", "starts",
        "answers", "finishes", "clicks", "last_step_id", "last_step_at", "os", "language", "floow_version", "visitor_id", "variant_id", "finished_at", "answer_steps", "clicked_products"
      from "session_deltas"
      order by "floow_id", "session_id"
      on conflict ("floow_id", "session_id") do update set
        "first_at" = least("event_session"."first_at", excluded."first_at"),
        "last_at" = greatest("event_session"."last_at", excluded."last_at"),
        "mounts" = "event_session"."mounts" + excluded."mounts",
        "starts" = "event_session"."starts" + excluded."starts",
        "answers" = "event_session"."answers" + excluded."answers",
        "finishes" = "event_session"."finishes" + excluded."finishes",
        "clicks" = "event_session"."clicks" + excluded."clicks",
        "last_step_id" = case when excluded."last_step_at" is not null and ("event_session"."last_step_at" is null
          or excluded."last_step_at" >= "event_session"."last_step_at") then excluded."last_step_id" else "event_session"."last_step_id" end,
        "last_step_at" = greatest("event_session"."last_step_at", excluded."last_step_at"),
        "os" = case when "event_session"."os" = 'unknown' then excluded."os" else "event_session"."os" end,
        "language" = case when "event_session"."language" = 'unknown' then excluded."language" else "event_session"."language" end,
        "floow_version" = coalesce("event_session"."floow_version", excluded."floow_version"),
        -- A session whose shopper gave consent later keeps the first visitor id it got.
        "visitor_id" = coalesce("event_session"."visitor_id", excluded."visitor_id"),
        -- A session stays in the first experiment arm it was counted in.
        "variant_id" = coalesce("event_session"."variant_id", excluded."variant_id"),
        "finished_at" = least("event_session"."finished_at", excluded."finished_at"),
        -- Per step the later answer (the new one on a tie: it was stored later).
        "answer_steps" = case when excluded."answer_steps" is null then "event_session"."answer_steps"
          when "event_session"."answer_steps" is null then excluded."answer_steps"
          else "event_session"."answer_steps" || coalesce((select jsonb_object_agg(n.key, n.value) from jsonb_each(excluded."answer_steps") n
            where coalesce(("event_session"."answer_steps"->n.key->>'t')::numeric <= (n.value->>'t')::numeric, true)), '{}') end,
        "clicked_products" = case when excluded."clicked_products" is null then "event_session"."clicked_products"
          when "event_session"."clicked_products" is null then excluded."clicked_products"
          else array(select distinct p from unnest("event_session"."clicked_products" || excluded."clicked_products") p order by p) end
    )`;
}

/**
 * Fills the export's columns of some sessions again from their events (the retention job, after
 * deleting the events before the cut of sessions that go on after it): what a migration
 * (20261124002600) did for every session once. `where` picks the organization's sessions.
 */
export async function rebuildSessionExports(
  db: Kysely<DB>,
  organizationId: string,
  where: RawBuilder<boolean>,
): Promise<void> {
  // The sessions first (usually none or a few), so the update below goes to each by its key.
  const sessions = await db
    .selectFrom("event_session")
    .select(["floow_id", "session_id", "first_at", "last_at"])
    .where("organization_id", "=", organizationId)
    .where(where)
    .execute();
  if (sessions.length === 0) return;
  const time = (value: Date | string) => new Date(value).getTime();
  const from = new Date(Math.min(...sessions.map((session) => time(session.first_at))));
  const to = new Date(Math.max(...sessions.map((session) => time(session.last_at))));
  await sql`
    with chosen as materialized (
      select * from unnest(${sessions.map((session) => session.floow_id)}::text[], ${sessions.map((session) => session.session_id)}::text[])
        as u("floow_id", "session_id")
    ), session_events as materialized (
      -- A session's events lie between its first and last time: the organization's time index finds them.
      select e.* from "event" e join chosen s on s."floow_id" = e."floow_id" and s."session_id" = e."session_id"
      where e."organization_id" = ${organizationId} and e."created_at" >= ${from} and e."created_at" <= ${to}
    ), last_answer as (
      select distinct on (e."floow_id", e."session_id", e."payload"->'step'->>'id') e."floow_id", e."session_id",
        e."payload"->'step'->>'id' as step_id, trim_scale(extract(epoch from e."created_at") * 1000) as t,
        ${answerTextSql(sql`e."payload"`, sql`e."type"`)} as a
      from session_events e where e."type" in ('choice', 'form') and e."payload"->'step'->>'id' is not null
      order by e."floow_id", e."session_id", e."payload"->'step'->>'id', e."created_at" desc, e."id" desc
    ), answers as (
      select "floow_id", "session_id", jsonb_object_agg(step_id, jsonb_build_object('t', t, 'o', 0, 'a', a)) as steps
      from last_answer group by 1, 2
    ), finished as (
      select "floow_id", "session_id", min("created_at") as finished_at from session_events where "type" = 'finish' group by 1, 2
    ), clicked as (
      select "floow_id", "session_id", array_agg(distinct name) as clicked
      from (select "floow_id", "session_id", ${productName(sql`"payload"->'product'`)} as name from session_events where "type" = 'product') c
      where name is not null group by 1, 2
    )
    update "event_session" s set "finished_at" = f.finished_at, "answer_steps" = a.steps, "clicked_products" = c.clicked
    from chosen
      left join answers a using ("floow_id", "session_id")
      left join finished f using ("floow_id", "session_id")
      left join clicked c using ("floow_id", "session_id")
    where s."organization_id" = ${organizationId} and s."floow_id" = chosen."floow_id" and s."session_id" = chosen."session_id"`.execute(
    db,
  );
}
