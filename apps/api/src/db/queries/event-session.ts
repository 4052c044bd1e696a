import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import type { FloowEventMessage } from "@floow/domain/events";
import type { DB } from "../database";
import type { StoredEvent } from "./event";

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
  const list = (parts: (string | null)[]) => {
    const kept = parts.filter((part): part is string => part !== null);
    return kept.length > 0 ? kept.join(type === "choice" ? ", " : "; ") : null;
  };
  const answer =
    type === "choice"
      ? list(
          (choices ?? [])
            .filter((choice) => String(choice.selected) === "true")
            .map((choice) => scalarText(choice.text)),
        )
      : list(
          (formInputs ?? []).map(({ text, value }) => {
            const shown = Array.isArray(value)
              ? value
                  .map(scalarText)
                  .filter((item) => item !== null)
                  .join(", ") || null
              : (scalarText(value) ?? "");
            return typeof text === "string" && shown !== null ? `${text} = ${shown}` : null;
          }),
        );
  return `${step.text}: ${answer ?? ""}`;
}

/** A clicked product as the export names it: its name, or its id when it has none. */
const productName = (product: RawBuilder<unknown>) =>
  sql<string>`coalesce(nullif(${product}->>'name', ''), ${product}->>'id')`;

/** A session's last answer to one step, as the ingest hands it to the database. */
interface StepAnswer {
  /** Arrival time (epoch milliseconds); a later one replaces it. */
  t: number;
  /** Its place in the batch: the order of answers that arrived together. */
  o: number;
  message: FloowEventMessage;
}

interface SessionDelta {
  floow_id: string;
  session_id: string;
  organization_id: string;
  domain_id: string;
  first_at: Date;
  last_at: Date;
  mounts: number;
  starts: number;
  answers: number;
  finishes: number;
  clicks: number;
  last_step_id: string | null;
  last_step_at: Date | null;
  os: string;
  language: string;
  /** The published version the session's first event that named one was shown with. */
  floow_version: number | null;
  /** The visitor id of the session's first event that carried one (analytics consent). */
  visitor_id: string | null;
  /** The experiment arm of the session's first event that named one. */
  variant_id: string | null;
  finished_at: Date | null;
  /** The last answer per step id. */
  step_answers: Map<string, StepAnswer>;
  /** Clicked products' id and name, as JSON. */
  clicked: string[];
}

/** What a set of newly stored events adds to their sessions, one delta per floow and session. */
function sessionDeltas(events: readonly StoredEvent[]): SessionDelta[] {
  const deltas = new Map<string, SessionDelta>();
  for (let index = 0; index < events.length; index++) {
    const { organizationId, domainId, message, device, receivedAt } = events[index]!;
    const key = `${message.floowId}\u0000${message.sessionId}`;
    let delta = deltas.get(key);
    if (!delta) {
      delta = {
        floow_id: message.floowId,
        session_id: message.sessionId,
        organization_id: organizationId,
        domain_id: domainId,
        first_at: receivedAt,
        last_at: receivedAt,
        mounts: 0,
        starts: 0,
        answers: 0,
        finishes: 0,
        clicks: 0,
        last_step_id: null,
        last_step_at: null,
        os: device?.os ?? "unknown",
        language: device?.language ?? "unknown",
        floow_version: null,
        visitor_id: null,
        variant_id: null,
        finished_at: null,
        step_answers: new Map(),
        clicked: [],
      };
      deltas.set(key, delta);
    }
    if (delta.floow_version === null && message.floowVersion !== undefined)
      delta.floow_version = message.floowVersion;
    if (delta.visitor_id === null && message.visitorId) delta.visitor_id = message.visitorId;
    if (delta.variant_id === null && message.variantId) delta.variant_id = message.variantId;
    if (receivedAt < delta.first_at) delta.first_at = receivedAt;
    if (receivedAt > delta.last_at) delta.last_at = receivedAt;
    switch (message.type) {
      case "mount":
        delta.mounts++;
        break;
      case "start":
        delta.starts++;
        break;
      case "choice":
      case "form":
        delta.answers++;
        // Events of one batch share their arrival time: the later one in the batch wins.
        if (message.step && (!delta.last_step_at || receivedAt >= delta.last_step_at)) {
          delta.last_step_id = message.step.id;
          delta.last_step_at = receivedAt;
        }
        if (message.step) {
          const t = receivedAt.getTime();
          const before = delta.step_answers.get(message.step.id);
          // Events of one batch share their arrival time: the later one in the batch wins.
          if (!before || t >= before.t)
            delta.step_answers.set(message.step.id, { t, o: index, message });
        }
        break;
      case "finish":
        delta.finishes++;
        if (!delta.finished_at || receivedAt < delta.finished_at) delta.finished_at = receivedAt;
        break;
      case "product":
        delta.clicks++;
        if (message.product)
          delta.clicked.push(
            JSON.stringify({ id: message.product.id, name: message.product.name }),
          );
        break;
      default:
        break;
    }
  }
  // A fixed order, so two writers (two API processes) lock the rows in the same order.
  return [...deltas.values()].sort((a, b) =>
    a.floow_id === b.floow_id
      ? a.session_id < b.session_id
        ? -1
        : 1
      : a.floow_id < b.floow_id
        ? -1
        : 1,
  );
}

/**
 * Adds newly stored events to their sessions' rollup rows (`event_session`), in the caller's
 * transaction: one multi-row upsert. Besides the counters it keeps what the CSV export shows
 * (the first finish, the last answer per step, the products clicked).
 */
export async function addToEventSessions(
  db: Kysely<DB>,
  events: readonly StoredEvent[],
): Promise<void> {
  const deltas = sessionDeltas(events);
  if (deltas.length === 0) return;
  const column = <T>(pick: (delta: SessionDelta) => T) => deltas.map(pick);
  const time = (value: Date | null) => (value === null ? null : value.toISOString());
  // Per session its answers `{stepId: {t, o, a}}` and clicked products `[{id, name}]` as JSON, or null.
  const answerSteps = column((d) =>
    d.step_answers.size === 0
      ? null
      : JSON.stringify(
          Object.fromEntries(
            [...d.step_answers].map(([stepId, { t, o, message }]) => [
              stepId,
              { t, o, a: answerText(message) },
            ]),
          ),
        ),
  );
  const clicked = column((d) => (d.clicked.length === 0 ? null : `[${d.clicked.join(",")}]`));
  const anyAnswers = answerSteps.some((value) => value !== null);
  const anyClicks = clicked.some((value) => value !== null);
  // Arrays unnested by the database: one parameter per column, however many sessions. The
  // export's parts only when the batch has any: most batches (a page view, a start) have none,
  // and a smaller statement plans faster.
  await sql`
    insert into "event_session" ("floow_id", "session_id", "organization_id", "domain_id", "first_at", "last_at", "mounts", "starts",
      "answers", "finishes", "clicks", "last_step_id", "last_step_at", "os", "language", "floow_version", "visitor_id", "variant_id", "finished_at", "answer_steps", "clicked_products")
    select "floow_id", "session_id", "organization_id", "domain_id", "first_at"::timestamptz, "last_at"::timestamptz, "mounts", "starts",
      "answers", "finishes", "clicks", "last_step_id", "last_step_at"::timestamptz, "os", "language", "floow_version", "visitor_id", "variant_id", "finished_at"::timestamptz,
      ${anyAnswers ? sql`"answer_steps"::jsonb` : sql`null::jsonb`},
      ${
        anyClicks
          ? sql`case when "clicked" is null then null else (select array_agg(distinct name) from (select ${productName(sql`p`)} as name
        from jsonb_array_elements("clicked"::jsonb) p) as c where name is not null) end`
          : sql`null::text[]`
      }
    from unnest(
      ${column((d) => d.floow_id)}::text[], ${column((d) => d.session_id)}::text[], ${column((d) => d.organization_id)}::text[],
      ${column((d) => d.domain_id)}::text[], ${column((d) => time(d.first_at))}::text[], ${column((d) => time(d.last_at))}::text[],
      ${column((d) => d.mounts)}::int[], ${column((d) => d.starts)}::int[], ${column((d) => d.answers)}::int[],
      ${column((d) => d.finishes)}::int[], ${column((d) => d.clicks)}::int[], ${column((d) => d.last_step_id)}::text[],
      ${column((d) => time(d.last_step_at))}::text[], ${column((d) => d.os)}::text[], ${column((d) => d.language)}::text[],
      ${column((d) => d.floow_version)}::int[], ${column((d) => d.visitor_id)}::text[], ${column((d) => d.variant_id)}::text[], ${column((d) => time(d.finished_at))}::text[],
      ${answerSteps}::text[], ${clicked}::text[]
    ) as u("floow_id", "session_id", "organization_id", "domain_id", "first_at", "last_at", "mounts", "starts", "answers",
      "finishes", "clicks", "last_step_id", "last_step_at", "os", "language", "floow_version", "visitor_id", "variant_id", "finished_at", "answer_steps", "clicked")
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
      "finished_at" = least("event_session"."finished_at", excluded."finished_at")
      ${
        anyAnswers
          ? sql`,
      -- Per step the later answer (the new one on a tie: it was stored later).
      "answer_steps" = case when excluded."answer_steps" is null then "event_session"."answer_steps"
        when "event_session"."answer_steps" is null then excluded."answer_steps"
        else "event_session"."answer_steps" || coalesce((select jsonb_object_agg(n.key, n.value) from jsonb_each(excluded."answer_steps") n
          where coalesce(("event_session"."answer_steps"->n.key->>'t')::numeric <= (n.value->>'t')::numeric, true)), '{}') end`
          : sql``
      }
      ${
        anyClicks
          ? sql`,
      "clicked_products" = case when excluded."clicked_products" is null then "event_session"."clicked_products"
        when "event_session"."clicked_products" is null then excluded."clicked_products"
        else array(select distinct p from unnest("event_session"."clicked_products" || excluded."clicked_products") p order by p) end`
          : sql``
      }`.execute(db);
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
