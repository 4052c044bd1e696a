import {
  ANALYTICS_PRODUCTS_MAX,
  ANALYTICS_TIME_ZONE,
  RETENTION_MONTHS_DEFAULT,
} from "@floow/domain/analytics";
import type {
  AnalyticsDay,
  AnalyticsFloowRow,
  AnalyticsTotals,
  ChoiceCount,
  FormInputCompletion,
  FunnelStep,
  ProductResults,
  SessionShare,
  StepChoices,
} from "@floow/domain/analytics";
import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import type { DB } from "../database";
import { rebuildSessionExports } from "./event-session";

/**
 * Analytics over the events, all in SQL (docs/analytics.md): the headline figures, days and
 * devices from the `event_session` rollup, the funnel, choices, inputs and products from the
 * events of one floow. Every query filters by organization. A range is `[start, end)` as
 * instants (the dashboard's days in Europe/Amsterdam, turned into instants by `dayStart`).
 */

/** The instants a range of days covers: from the first day's midnight to the midnight after the last. */
export interface Span {
  start: RawBuilder<Date>;
  end: RawBuilder<Date>;
}

const dayStart = (day: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone ${ANALYTICS_TIME_ZONE}`;

/** The span of the days `from`..`to` (both included, `YYYY-MM-DD`) in Europe/Amsterdam. */
export function spanOf(from: string, to: string): Span {
  return {
    start: dayStart(from),
    end: sql<Date>`((${to}::date + 1)::timestamp at time zone ${ANALYTICS_TIME_ZONE})`,
  };
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

interface TotalsRow {
  sessions: number | string;
  views: number | string | null;
  starts: number | string | null;
  started: number | string;
  completions: number | string | null;
  completed: number | string;
  clicks: number | string | null;
  clicked: number | string;
}

function toTotals(row: TotalsRow | undefined): AnalyticsTotals {
  const n = (value: number | string | null | undefined) => Number(value ?? 0);
  const sessions = n(row?.sessions);
  const startedSessions = n(row?.started);
  const completedSessions = n(row?.completed);
  const clickedSessions = n(row?.clicked);
  return {
    views: n(row?.views),
    sessions,
    starts: n(row?.starts),
    startedSessions,
    startRate: rate(startedSessions, sessions),
    completions: n(row?.completions),
    completedSessions,
    completionRate: rate(completedSessions, startedSessions),
    clicks: n(row?.clicks),
    clickedSessions,
    clickThroughRate: rate(clickedSessions, completedSessions),
  };
}

const dailyTotals = sql<TotalsRow>`coalesce(sum(sessions), 0) as sessions, sum(views) as views, sum(starts) as starts,
  coalesce(sum(started), 0) as started, sum(completions) as completions, coalesce(sum(completed), 0) as completed,
  sum(clicks) as clicks, coalesce(sum(clicked), 0) as clicked`;

export interface SessionScope {
  organizationId: string;
  floowId?: string;
  domainId?: string;
  /**
   * Only the sessions of this published version (with floowId): read from `event_session` and
   * the events instead of the daily rollups, which do not know versions (docs/analytics.md).
   */
  floowVersion?: number | undefined;
}

/**
 * An `event_session` row that counts in the floow's analytics: not a held-out session (no view,
 * its arm the holdout of an experiment on the floow; docs/analytics.md "Experiments"). The rule
 * of the daily rollups' triggers (migrations/20261126150000), here for the reads of
 * `event_session` itself. The holdout ids are read once per query (an uncorrelated sub-query).
 */
export function shownSession(organizationId: string, floowId?: string) {
  return sql<boolean>`("mounts" > 0 or "variant_id" is null or "variant_id" not in (
    select x."holdout_id" from "experiment" x where x."organization_id" = ${organizationId}
      ${floowId !== undefined ? sql`and x."floow_id" = ${floowId}` : sql``}))`;
}

function sessionWhere(scope: SessionScope, span: Span) {
  const parts = [
    sql`"organization_id" = ${scope.organizationId}`,
    sql`"first_at" >= ${span.start}`,
    sql`"first_at" < ${span.end}`,
    shownSession(scope.organizationId, scope.floowId),
  ];
  if (scope.floowId !== undefined) parts.push(sql`"floow_id" = ${scope.floowId}`);
  if (scope.domainId !== undefined) parts.push(sql`"domain_id" = ${scope.domainId}`);
  if (scope.floowVersion !== undefined) parts.push(sql`"floow_version" = ${scope.floowVersion}`);
  return sql.join(parts, sql` and `);
}

/** The sessions' counts as `event_daily` keeps them, summed from `event_session` rows (one version's). */
const sessionRowTotals = sql<TotalsRow>`count(*) as sessions, sum("mounts") as views, sum("starts") as starts,
  count(*) filter (where "starts" > 0) as started, sum("finishes") as completions, count(*) filter (where "finishes" > 0) as completed,
  sum("clicks") as clicks, count(*) filter (where "clicks" > 0) as clicked`;

/** A session's day, as `event_daily` counts it: the day (Europe/Amsterdam) it began. */
const sessionDay = sql<string>`("first_at" at time zone ${ANALYTICS_TIME_ZONE})::date`;

/** The `event_daily` rows of a scope from `from` to `to` (days, both included). */
function dailyWhere(scope: SessionScope, from: string, to: string) {
  const parts = [
    sql`"organization_id" = ${scope.organizationId}`,
    sql`"day" >= ${from}::date`,
    sql`"day" <= ${to}::date`,
  ];
  if (scope.floowId !== undefined) parts.push(sql`"floow_id" = ${scope.floowId}`);
  if (scope.domainId !== undefined) parts.push(sql`"domain_id" = ${scope.domainId}`);
  return sql.join(parts, sql` and `);
}

/** The headline figures of the days `from`..`to` (sessions that began in them), from the daily rollup. */
export async function sessionTotals(
  db: Kysely<DB>,
  scope: SessionScope,
  from: string,
  to: string,
): Promise<AnalyticsTotals> {
  if (scope.floowVersion !== undefined) {
    const { rows } =
      await sql<TotalsRow>`select ${sessionRowTotals} from "event_session" where ${sessionWhere(scope, spanOf(from, to))}`.execute(
        db,
      );
    return toTotals(rows[0]);
  }
  const { rows } =
    await sql<TotalsRow>`select ${dailyTotals} from "event_daily" where ${dailyWhere(scope, from, to)}`.execute(
      db,
    );
  return toTotals(rows[0]);
}

/** The figures per day of `from`..`to` (every day, zero when quiet). */
export async function sessionDays(
  db: Kysely<DB>,
  scope: SessionScope,
  from: string,
  to: string,
): Promise<AnalyticsDay[]> {
  const { rows } = await sql<{
    day: string;
    sessions: string;
    views: string;
    starts: string;
    completions: string;
    clicks: string;
  }>`
    with per_day as (
      ${
        scope.floowVersion !== undefined
          ? sql`select ${sessionDay} as "day", count(*) as sessions, sum("mounts") as views, sum("starts") as starts,
              sum("finishes") as completions, sum("clicks") as clicks
            from "event_session" where ${sessionWhere(scope, spanOf(from, to))}
            group by 1`
          : sql`select "day", sum(sessions) as sessions, sum(views) as views, sum(starts) as starts, sum(completions) as completions,
              sum(clicks) as clicks
            from "event_daily" where ${dailyWhere(scope, from, to)}
            group by "day"`
      }
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(per_day.sessions, 0) as sessions, coalesce(per_day.views, 0) as views,
      coalesce(per_day.starts, 0) as starts, coalesce(per_day.completions, 0) as completions, coalesce(per_day.clicks, 0) as clicks
    from generate_series(${from}::date, ${to}::date, interval '1 day') as days(day)
    left join per_day on per_day.day = days.day::date
    order by days.day`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    sessions: Number(row.sessions),
    views: Number(row.views),
    starts: Number(row.starts),
    completions: Number(row.completions),
    clicks: Number(row.clicks),
  }));
}

/** Every floow of the organization (in the domain, when given) with its figures of the days. */
export async function floowRows(
  db: Kysely<DB>,
  scope: SessionScope,
  from: string,
  to: string,
): Promise<AnalyticsFloowRow[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    status: AnalyticsFloowRow["status"];
    type: AnalyticsFloowRow["type"];
    views: string | null;
    starts: string | null;
    completions: string | null;
    completed: string | null;
    clicked: string | null;
  }>`
    with per_floow as (
      select "floow_id", sum(views) as views, sum(starts) as starts, sum(completions) as completions,
        sum(completed) as completed, sum(clicked) as clicked
      from "event_daily" where ${dailyWhere(scope, from, to)}
      group by "floow_id"
    )
    select f."id", f."name", f."status", f."type", p.views, p.starts, p.completions, p.completed, p.clicked
    from "floow" f left join per_floow p on p."floow_id" = f."id"
    where f."organization_id" = ${scope.organizationId}
      ${scope.domainId !== undefined ? sql`and f."domain_id" = ${scope.domainId}` : sql``}
    order by coalesce(p.views, 0) desc, f."name", f."id"`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    type: row.type,
    views: Number(row.views ?? 0),
    starts: Number(row.starts ?? 0),
    completions: Number(row.completions ?? 0),
    clickThroughRate: rate(Number(row.clicked ?? 0), Number(row.completed ?? 0)),
    // Orders and revenue: analytics-revenue.ts, joined in by the router.
    orders: 0,
    revenue: [],
  }));
}

/** One floow's daily items of the days `from`..`to`, summed per item (kinds: migrations/20261123221513). */
async function dailyItems(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  from: string,
  to: string,
  kinds: readonly string[],
  floowVersion?: number,
) {
  if (floowVersion !== undefined)
    return versionItems(db, organizationId, floowId, floowVersion, from, to, kinds);
  const { rows } = await sql<{
    kind: string;
    item: string;
    step_id: string;
    label: string;
    meta: string;
    count: string;
  }>`
    select "kind", "item", max("step_id") as step_id, max("label") as label, max("meta") as meta, sum("count") as count
    from "event_daily_item"
    where "floow_id" = ${floowId} and "organization_id" = ${organizationId} and "day" >= ${from}::date and "day" <= ${to}::date
      and "kind" in (${sql.join(kinds)})
    group by "kind", "item"`.execute(db);
  return rows.map((row) => ({ ...row, count: Number(row.count) })).filter((row) => row.count > 0);
}

const PER_EVENT_KINDS = ["results", "partial", "shown", "click"];

/**
 * `dailyItems` of one published version: the same counts, made from the version's sessions
 * (`event_session.floow_version`) and their first answers (`event_session_item`), and from the
 * events that carry its number (result pages and products). The labels come from the daily
 * items, which every event adds to whatever its version.
 */
async function versionItems(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  floowVersion: number,
  from: string,
  to: string,
  kinds: readonly string[],
) {
  const span = spanOf(from, to);
  const wanted = (...some: string[]) => some.some((kind) => kinds.includes(kind));
  const parts = [];
  if (wanted("step", "choice", "input", "filled")) {
    parts.push(sql`select i."kind", i."item", count(*) as count from "event_session_item" i join versioned s using ("session_id")
      where i."floow_id" = ${floowId} and i."day" >= ${from}::date and i."day" <= ${to}::date and i."kind" in (${sql.join(kinds)})
      group by 1, 2`);
  }
  if (wanted("left")) {
    parts.push(sql`select 'left', case when "answers" = 0 then '' else coalesce("last_step_id", '') end, count(*) from versioned
      where "starts" > 0 and "finishes" = 0 and "first_at" >= ${span.start} and "first_at" < ${span.end} group by 2`);
  }
  for (const kind of ["os", "language"] as const) {
    if (wanted(kind)) {
      parts.push(sql`select ${sql.lit(kind)}, ${sql.ref(kind)}, count(*) from versioned
        where "first_at" >= ${span.start} and "first_at" < ${span.end} group by 2`);
    }
  }
  if (wanted(...PER_EVENT_KINDS)) {
    parts.push(sql`select x.kind, x.item, count(*) from "event" e cross join lateral (
        select 'results' as kind, '' as item where e."type" = 'finish' and jsonb_typeof(e."payload"->'products') = 'array'
        union all select 'partial', '' where e."type" = 'finish' and e."payload"->>'partial' = 'true'
          and jsonb_typeof(e."payload"->'products') = 'array'
        union all select 'shown', left(coalesce(p->>'id', ''), 200) from jsonb_array_elements(case when e."type" = 'finish'
          and jsonb_typeof(e."payload"->'products') = 'array' then e."payload"->'products' else '[]'::jsonb end) as p
        union all select 'click', left(coalesce(e."payload"->'product'->>'id', ''), 200) where e."type" = 'product'
          and jsonb_typeof(e."payload"->'product') = 'object'
      ) as x
      where e."organization_id" = ${organizationId} and e."floow_id" = ${floowId} and e."floow_version" = ${floowVersion}
        and e."created_at" >= ${span.start} and e."created_at" < ${span.end}
      group by 1, 2`);
  }
  if (parts.length === 0) return [];
  const { rows } = await sql<{
    kind: string;
    item: string;
    step_id: string;
    label: string;
    meta: string;
    count: string;
  }>`
    with versioned as materialized (
      select "session_id", "first_at", "starts", "finishes", "answers", "last_step_id", "os", "language" from "event_session"
      where "organization_id" = ${organizationId} and "floow_id" = ${floowId} and "floow_version" = ${floowVersion}
        and ${shownSession(organizationId, floowId)}
    ), labels as (
      select "kind", "item", max("step_id") as step_id, max("label") as label, max("meta") as meta from "event_daily_item"
      where "floow_id" = ${floowId} and "organization_id" = ${organizationId} and "kind" in (${sql.join(kinds)})
      group by 1, 2
    ), items ("kind", "item", "count") as (${sql.join(parts, sql` union all `)})
    select items."kind", items."item", coalesce(labels.step_id, '') as step_id, coalesce(labels.label, '') as label,
      coalesce(labels.meta, '') as meta, sum(items.count) as count
    from items left join labels using ("kind", "item")
    where items."kind" in (${sql.join(kinds)})
    group by 1, 2, 3, 4, 5`.execute(db);
  return rows.map((row) => ({ ...row, count: Number(row.count) })).filter((row) => row.count > 0);
}

/** Sessions of one floow by operating system or language. */
export async function sessionShares(
  db: Kysely<DB>,
  scope: { organizationId: string; floowId: string; floowVersion?: number | undefined },
  from: string,
  to: string,
  kind: "os" | "language",
): Promise<SessionShare[]> {
  const rows = await dailyItems(
    db,
    scope.organizationId,
    scope.floowId,
    from,
    to,
    [kind],
    scope.floowVersion,
  );
  return rows
    .map((row) => ({ key: row.item, sessions: row.count }))
    .sort((a, b) => b.sessions - a.sessions || a.key.localeCompare(b.key));
}

/**
 * The funnel: per step, the sessions that answered it and those that left after it (did not
 * finish, and it was their last answer); first the start page (started, answered nothing).
 * `steps` gives the floow's order; steps since removed from the floow follow, busiest first.
 */
export async function funnel(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  from: string,
  to: string,
  steps: readonly { id: string; text: string }[],
  startPage: string,
  floowVersion?: number,
): Promise<FunnelStep[]> {
  const [items, totals] = await Promise.all([
    dailyItems(db, organizationId, floowId, from, to, ["step", "left"], floowVersion),
    sessionTotals(db, { organizationId, floowId, floowVersion }, from, to),
  ]);
  const leftBy = new Map(
    items.filter((row) => row.kind === "left").map((row) => [row.item, row.count]),
  );
  const order = new Map(steps.map((step, index) => [step.id, index]));
  const textOf = new Map(steps.map((step) => [step.id, step.text]));
  const rows = items
    .filter((row) => row.kind === "step")
    .map((row) => ({
      stepId: row.item,
      text: textOf.get(row.item) || row.label,
      reached: row.count,
    }))
    .sort(
      (a, b) =>
        (order.get(a.stepId) ?? Infinity) - (order.get(b.stepId) ?? Infinity) ||
        b.reached - a.reached,
    );
  const started = totals.startedSessions;
  const startLeft = leftBy.get("") ?? 0;
  const result: FunnelStep[] = [
    {
      stepId: null,
      text: startPage,
      reached: started,
      left: startLeft,
      dropOff: rate(startLeft, started),
    },
  ];
  for (const row of rows) {
    const stepLeft = leftBy.get(row.stepId) ?? 0;
    result.push({ ...row, left: stepLeft, dropOff: rate(stepLeft, row.reached) });
  }
  return result;
}

/** Per step, the sessions that picked each choice (selected in any of their choice events). */
export async function choiceDistribution(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  from: string,
  to: string,
  steps: readonly { id: string; text: string }[],
  floowVersion?: number,
): Promise<StepChoices[]> {
  const items = await dailyItems(
    db,
    organizationId,
    floowId,
    from,
    to,
    ["step", "choice"],
    floowVersion,
  );
  const stepRows = new Map(
    items.filter((row) => row.kind === "step").map((row) => [row.item, row]),
  );
  const byStep = new Map<string, StepChoices>();
  for (const row of items.filter((item) => item.kind === "choice")) {
    let step = byStep.get(row.step_id);
    if (!step) {
      const answered = stepRows.get(row.step_id);
      step = {
        stepId: row.step_id,
        text: answered?.label ?? "",
        sessions: answered?.count ?? 0,
        choices: [],
      };
      byStep.set(row.step_id, step);
    }
    step.choices.push({
      choiceId: row.item,
      text: row.label,
      sessions: row.count,
      // Revenue by answer: analytics-revenue.ts, joined in by the router.
      orders: 0,
      revenue: [],
    } satisfies ChoiceCount);
  }
  const order = new Map(steps.map((step, index) => [step.id, index]));
  const textOf = new Map(steps.map((step) => [step.id, step.text]));
  return [...byStep.values()]
    .map((step) => ({
      ...step,
      text: textOf.get(step.stepId) || step.text,
      choices: step.choices.sort((a, b) => b.sessions - a.sessions || a.text.localeCompare(b.text)),
    }))
    .sort(
      (a, b) =>
        (order.get(a.stepId) ?? Infinity) - (order.get(b.stepId) ?? Infinity) ||
        b.sessions - a.sessions,
    );
}

/** Per form input: sessions that submitted its step, and those that filled it in (values are not read out). */
export async function formCompletion(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  from: string,
  to: string,
  steps: readonly { id: string; text: string }[],
  floowVersion?: number,
): Promise<FormInputCompletion[]> {
  const items = await dailyItems(
    db,
    organizationId,
    floowId,
    from,
    to,
    ["input", "filled"],
    floowVersion,
  );
  const filledBy = new Map(
    items.filter((row) => row.kind === "filled").map((row) => [row.item, row.count]),
  );
  const order = new Map(steps.map((step, index) => [step.id, index]));
  return items
    .filter((row) => row.kind === "input")
    .map((row) => {
      const filledCount = filledBy.get(row.item) ?? 0;
      return {
        stepId: row.step_id,
        inputId: row.item,
        text: row.label,
        type: row.meta,
        submitted: row.count,
        filled: filledCount,
        completion: rate(filledCount, row.count),
      };
    })
    .sort(
      (a, b) =>
        (order.get(a.stepId) ?? Infinity) - (order.get(b.stepId) ?? Infinity) ||
        a.inputId.localeCompare(b.inputId),
    );
}

/** The products the finish page showed and the ones clicked, with how often results were a partial match. */
export async function productResults(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  from: string,
  to: string,
  floowVersion?: number,
): Promise<ProductResults> {
  const items = await dailyItems(
    db,
    organizationId,
    floowId,
    from,
    to,
    PER_EVENT_KINDS,
    floowVersion,
  );
  const count = (kind: string) => items.find((row) => row.kind === kind)?.count ?? 0;
  const products = new Map<
    string,
    { id: string; name: string; price: string; shown: number; clicks: number }
  >();
  for (const row of items.filter((item) => item.kind === "shown" || item.kind === "click")) {
    const product = products.get(row.item) ?? {
      id: row.item,
      name: row.label,
      price: row.meta,
      shown: 0,
      clicks: 0,
    };
    if (row.kind === "shown") product.shown += row.count;
    else product.clicks += row.count;
    product.name ||= row.label;
    product.price ||= row.meta;
    products.set(row.item, product);
  }
  const resultPages = count("results");
  const partialPages = count("partial");
  return {
    resultPages,
    partialPages,
    partialShare: rate(partialPages, resultPages),
    products: [...products.values()]
      .sort((a, b) => b.clicks - a.clicks || b.shown - a.shown || a.id.localeCompare(b.id))
      .slice(0, ANALYTICS_PRODUCTS_MAX)
      .map((product) => {
        const price = product.price === "" ? null : Number(product.price);
        return {
          id: product.id,
          name: product.name,
          price: price !== null && Number.isFinite(price) ? price : null,
          shown: product.shown,
          clicks: product.clicks,
          clickThroughRate: rate(product.clicks, product.shown),
          // Orders after a click: analytics-revenue.ts, joined in by the router.
          orders: 0,
          revenue: [],
        };
      }),
  };
}

/**
 * Per session of the page `"s"` with orders, the CSV cells of its orders (docs/analytics.md
 * "The CSV export"): orders, order ids, revenue, influenced, assisted: amounts as `129.95 EUR`,
 * several currencies joined by `; `. Only the page's sessions' orders are read (the conversion
 * index on (floow, session), migrations/20261126093245). The order ids are escaped as csvCell
 * does.
 */
const pageRevenueCells = (organizationId: string, floowId: string) => sql`(
  select q."session_id", q.orders::text || ','
    || case when q.ids ~ '[",\\r\\n]' then '"' || replace(q.ids, '"', '""') || '"' else q.ids end
    || ',' || q.total || ',' || q.influenced || ',' || q.assisted as cells
  from (
    select p."session_id", sum(p.orders) as orders,
      case when string_agg(p.ids, ' ' order by p.currency) ~ '^[=+@\\t\\r-]' then '''' else '' end
        || string_agg(p.ids, ' ' order by p.currency) as ids,
      string_agg(p.total::text || ' ' || trim(p.currency), '; ' order by p.currency) as total,
      string_agg(p.influenced::text || ' ' || trim(p.currency), '; ' order by p.currency) as influenced,
      string_agg(p.assisted::text || ' ' || trim(p.currency), '; ' order by p.currency) as assisted
    from (
      select c."session_id", c."currency", count(*) as orders,
        string_agg(c."order_id", ' ' order by c."occurred_at", c."order_id") as ids,
        sum(c."value") as total, sum(c."influenced_value") as influenced, sum(c."assisted_value") as assisted
      from "conversion" c
      where c."floow_id" = ${floowId} and c."organization_id" = ${organizationId}
        and c."session_id" in (select "session_id" from "s")
      group by 1, 2
    ) p
    group by p."session_id"
  ) q
)`;

/** Where a page of the CSV export ends: the last session's start (to the microsecond, as PostgreSQL writes it) and id. */
export type SessionCsvKey = [firstAt: string, sessionId: string];

/**
 * One page of the CSV export (docs/analytics.md "The CSV export"): the CSV lines (CRLF between
 * them) of up to `limit` sessions of the floow that began in the span, after `after`, in the
 * order they began (then by id: keyset pagination, so each page is one short statement on the
 * `(floow_id, first_at)` index however far into the period it is), how many, and the last
 * one's key. The organization is checked on the floow (a one-time filter), not on the session
 * rows: with `organization_id` there, PostgreSQL walked the `(organization_id, first_at)` index
 * and skipped the organization's other floows' sessions, 4 in 5 rows read for the busiest demo
 * floow and nearly all for a small one. Each line is the session's `csv_row`, kept escaped on `event_session`
 * (migrations/20261124002600): session, started, finished, its answers, the products clicked,
 * operating system and language; then its orders (`pageRevenueCells`). Without JIT compilation
 * (PostgreSQL's `jit`, on by default), which cost more than the work itself for the export's
 * statements (docs/benchmarks.md); `set local` keeps the setting to this transaction.
 */
export async function sessionCsvPage(
  db: Kysely<DB>,
  scope: { organizationId: string; floowId: string; floowVersion?: number | undefined },
  span: Span,
  after: SessionCsvKey | null,
  limit: number,
): Promise<{ rows: number; lines: string; last: SessionCsvKey | null }> {
  const { organizationId, floowId } = scope;
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return sql<{
      rows: string | number;
      lines: string | null;
      last_at: string | null;
      last_id: string | null;
    }>`
      with "s" as materialized (
        select "session_id", "first_at", "csv_row" from "event_session"
        where "floow_id" = ${floowId} and "first_at" >= ${span.start} and "first_at" < ${span.end}
          and exists (select from "floow" f where f."id" = ${floowId} and f."organization_id" = ${organizationId})
          and ${shownSession(organizationId, floowId)}
          ${scope.floowVersion !== undefined ? sql`and "floow_version" = ${scope.floowVersion}` : sql``}
          ${
            after
              ? sql`and "first_at" >= ${after[0]}::timestamptz
                and ("first_at", "session_id") > (${after[0]}::timestamptz, ${after[1]})`
              : sql``
          }
        order by "first_at", "session_id"
        limit ${limit}
      ), "r" as materialized ${pageRevenueCells(organizationId, floowId)}
      select count(*) as rows,
        string_agg(s."csv_row" || ',' || coalesce(r.cells, '0,,,,'), ${"\r\n"} order by s."first_at", s."session_id") as lines,
        (select to_char(l."first_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from "s" l
          order by l."first_at" desc, l."session_id" desc limit 1) as last_at,
        (select l."session_id" from "s" l order by l."first_at" desc, l."session_id" desc limit 1) as last_id
      from "s" left join "r" on r."session_id" = s."session_id"`.execute(trx);
  });
  const row = rows[0];
  return {
    rows: Number(row?.rows ?? 0),
    lines: row?.lines ?? "",
    last: row?.last_at && row.last_id !== null ? [row.last_at, row.last_id] : null,
  };
}

// --- Retention and data-subject requests -------------------------------------------------

export async function findRetentionMonths(db: Kysely<DB>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("analytics_setting")
    .select("retention_months")
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return row?.retention_months ?? RETENTION_MONTHS_DEFAULT;
}

export async function saveRetentionMonths(
  db: Kysely<DB>,
  organizationId: string,
  months: number,
): Promise<void> {
  await db
    .insertInto("analytics_setting")
    .values({ organization_id: organizationId, retention_months: months, updated_at: new Date() })
    .onConflict((oc) =>
      oc
        .column("organization_id")
        .doUpdateSet({ retention_months: months, updated_at: new Date() }),
    )
    .execute();
}

/**
 * Deletes every organization's events older than its retention (and the sessions that ended
 * before it; a session across the cut keeps only what its remaining events say), organization
 * by organization on their own index. Returns how many events went.
 */
export async function deleteExpiredEvents(db: Kysely<DB>, now: Date = new Date()): Promise<number> {
  const organizations = await db
    .selectFrom("organization")
    .leftJoin("analytics_setting", "analytics_setting.organization_id", "organization.id")
    .select(["organization.id", "analytics_setting.retention_months"])
    .execute();
  let deleted = 0;
  for (const organization of organizations) {
    const months = organization.retention_months ?? RETENTION_MONTHS_DEFAULT;
    const cutoff = sql<Date>`${now}::timestamptz - make_interval(months => ${months})`;
    const events = await db
      .deleteFrom("event")
      .where("organization_id", "=", organization.id)
      .where("created_at", "<", cutoff)
      .executeTakeFirst();
    await db
      .deleteFrom("event_session")
      .where("organization_id", "=", organization.id)
      .where("last_at", "<", cutoff)
      .execute();
    // A session that began before the cut and goes on after it keeps its row: what the export
    // shows of it (answers with their form values, clicks) is made again from the events left.
    await rebuildSessionExports(db, organization.id, sql`"first_at" < ${cutoff}`);
    // The per-item rollups of the days before the cut (whole days, in Europe/Amsterdam).
    const cutoffDay = sql<string>`((${cutoff}) at time zone ${ANALYTICS_TIME_ZONE})::date`;
    await db
      .deleteFrom("event_daily_item")
      .where("organization_id", "=", organization.id)
      .where("day", "<", cutoffDay)
      .execute();
    await sql`delete from "event_session_item" where "day" < ${cutoffDay}
      and "floow_id" in (select "id" from "floow" where "organization_id" = ${organization.id})`.execute(
      db,
    );
    deleted += Number(events.numDeletedRows);
  }
  return deleted;
}

/**
 * A data-subject request: every session of the organization in which a form answer equals
 * the e-mail address (any input, case and surrounding spaces ignored) is erased, all its
 * events, its rollup row and its webhook/integration deliveries kept by Floow (pending ones are
 * not sent). Returns the counts.
 */
export async function eraseShopperByEmail(
  db: Kysely<DB>,
  organizationId: string,
  email: string,
): Promise<{ events: number; sessions: number }> {
  const address = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const { rows: sessions } = await sql<{ floow_id: string; session_id: string }>`
      select distinct e."floow_id", e."session_id" from "event" e
      where e."organization_id" = ${organizationId} and e."type" in ('form', 'finish')
        and jsonb_typeof(e."payload"->'formInputs') = 'array'
        and exists (select 1 from jsonb_array_elements(e."payload"->'formInputs') i
          where jsonb_typeof(i->'value') = 'string' and lower(trim(i->>'value')) = ${address})`.execute(
      trx,
    );
    if (sessions.length === 0) return { events: 0, sessions: 0 };
    const pairs = sql.join(sessions.map((s) => sql`(${s.floow_id}, ${s.session_id})`));
    // Take the sessions out of the per-item rollups: their first answers, then their result pages and clicks.
    await sql`update "event_daily_item" d set "count" = d."count" - i.n
      from (select "floow_id", "day", "kind", "item", count(*) as n from "event_session_item"
        where ("floow_id", "session_id") in (${pairs}) group by 1, 2, 3, 4) as i
      where d."floow_id" = i."floow_id" and d."day" = i."day" and d."kind" = i."kind" and d."item" = i."item"`.execute(
      trx,
    );
    await sql`delete from "event_session_item" where ("floow_id", "session_id") in (${pairs})`.execute(
      trx,
    );
    await sql`update "event_daily_item" d set "count" = d."count" - i.n
      from (
        select e."floow_id", (e."created_at" at time zone ${ANALYTICS_TIME_ZONE})::date as day, x.kind, x.item, count(*) as n
        from "event" e cross join lateral (
          select 'results' as kind, '' as item where e."type" = 'finish' and jsonb_typeof(e."payload"->'products') = 'array'
          union all select 'partial', '' where e."type" = 'finish' and e."payload"->>'partial' = 'true'
            and jsonb_typeof(e."payload"->'products') = 'array'
          union all select 'shown', p->>'id' from jsonb_array_elements(case when e."type" = 'finish'
            and jsonb_typeof(e."payload"->'products') = 'array' then e."payload"->'products' else '[]'::jsonb end) as p
          union all select 'click', e."payload"->'product'->>'id' where e."type" = 'product'
        ) as x
        where e."organization_id" = ${organizationId} and (e."floow_id", e."session_id") in (${pairs})
        group by 1, 2, 3, 4
      ) as i
      where d."floow_id" = i."floow_id" and d."day" = i.day and d."kind" = i.kind and d."item" = i.item`.execute(
      trx,
    );
    // Their copies waiting in (or logged by) the webhook and integration outbox go too: a
    // webhook's payload wraps the message in `data`, an integration's is the message itself.
    await sql`delete from "webhook_delivery" where "organization_id" = ${organizationId}
      and (coalesce("payload"->'data', "payload")->>'floowId', coalesce("payload"->'data', "payload")->>'sessionId') in (${pairs})`.execute(
      trx,
    );
    const events = await sql`delete from "event" where "organization_id" = ${organizationId}
      and ("floow_id", "session_id") in (${pairs})`.execute(trx);
    await sql`delete from "event_session" where "organization_id" = ${organizationId}
      and ("floow_id", "session_id") in (${pairs})`.execute(trx);
    return { events: Number(events.numAffectedRows ?? 0), sessions: sessions.length };
  });
}
