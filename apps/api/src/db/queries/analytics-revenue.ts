import type { RevenueAmount, RevenueTotals } from "@floow/domain/analytics";
import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import type { DB } from "../database";
import { spanOf } from "./analytics";
import type { SessionScope } from "./analytics";

/**
 * Revenue in analytics (docs/analytics.md "Revenue"), all in SQL over `conversion`: the orders
 * attributed to a floow session (`floow_id` set by recordConversion) and placed in the range
 * (`occurred_at`, days in Europe/Amsterdam as every analytics range). Amounts stay per currency.
 * Every query filters by organization.
 */

interface AmountRow {
  currency: string;
  total: string | number;
  influenced: string | number;
  assisted: string | number;
}

/** numeric comes back as text; cents are exact in numeric, rounding only guards float noise. */
const money = (value: string | number) => Math.round(Number(value) * 100) / 100;

const amount = (row: AmountRow): RevenueAmount => ({
  currency: row.currency.trim(),
  total: money(row.total),
  influenced: money(row.influenced),
  assisted: money(row.assisted),
});

/** Euro first (the dashboard's money), then by what is largest. */
export function byCurrency(amounts: RevenueAmount[]): RevenueAmount[] {
  return amounts.sort(
    (a, b) =>
      Number(b.currency === "EUR") - Number(a.currency === "EUR") ||
      b.total - a.total ||
      a.currency.localeCompare(b.currency),
  );
}

/** The attributed orders of a scope and range (`c` is the conversion). */
function conversionWhere(scope: SessionScope, from: string, to: string): RawBuilder<unknown> {
  const span = spanOf(from, to);
  const parts = [
    sql`c."organization_id" = ${scope.organizationId}`,
    sql`c."floow_id" is not null`,
    sql`c."occurred_at" >= ${span.start}`,
    sql`c."occurred_at" < ${span.end}`,
  ];
  if (scope.floowId !== undefined) parts.push(sql`c."floow_id" = ${scope.floowId}`);
  if (scope.floowVersion !== undefined) parts.push(sql`c."floow_version" = ${scope.floowVersion}`);
  if (scope.domainId !== undefined) {
    parts.push(sql`exists (select 1 from "floow" f where f."id" = c."floow_id"
      and f."organization_id" = ${scope.organizationId} and f."domain_id" = ${scope.domainId})`);
  }
  return sql.join(parts, sql` and `);
}

const sums = sql`sum(c."value") as total, sum(c."influenced_value") as influenced, sum(c."assisted_value") as assisted`;

/** Orders and revenue per currency of a scope's range; the rates are made with its sessions. */
export async function revenueTotals(
  db: Kysely<DB>,
  scope: SessionScope,
  from: string,
  to: string,
  sessions: number,
): Promise<RevenueTotals> {
  const { rows } = await sql<AmountRow & { orders: string | number }>`
    select c."currency", count(*) as orders, ${sums}
    from "conversion" c where ${conversionWhere(scope, from, to)}
    group by c."currency"`.execute(db);
  const orders = rows.reduce((sum, row) => sum + Number(row.orders), 0);
  const revenue = byCurrency(rows.map(amount));
  return {
    orders,
    revenue,
    conversionRate: sessions > 0 ? orders / sessions : null,
    revenuePerSession:
      sessions > 0
        ? revenue.map((r) => ({ currency: r.currency, amount: money(r.total / sessions) }))
        : [],
  };
}

/** Orders and revenue of a group's key (a floow, a choice, a product). */
export interface KeyedRevenue {
  orders: number;
  revenue: RevenueAmount[];
}

/** Rows of (key, currency, orders, sums) gathered per key. */
function gather(rows: (AmountRow & { key: string; orders: string | number })[]) {
  const byKey = new Map<string, KeyedRevenue>();
  for (const row of rows) {
    const entry = byKey.get(row.key) ?? { orders: 0, revenue: [] };
    entry.orders += Number(row.orders);
    entry.revenue.push(amount(row));
    byKey.set(row.key, entry);
  }
  for (const entry of byKey.values()) byCurrency(entry.revenue);
  return byKey;
}

export const NO_REVENUE: KeyedRevenue = { orders: 0, revenue: [] };

/** Per floow of the scope: its attributed orders and revenue in the range. */
export async function revenueByFloow(
  db: Kysely<DB>,
  scope: SessionScope,
  from: string,
  to: string,
): Promise<Map<string, KeyedRevenue>> {
  const { rows } = await sql<AmountRow & { key: string; orders: string | number }>`
    select c."floow_id" as key, c."currency", count(*) as orders, ${sums}
    from "conversion" c where ${conversionWhere(scope, from, to)}
    group by 1, 2`.execute(db);
  return gather(rows);
}

/**
 * Revenue by answer: per choice, the floow's attributed orders whose session picked it (its
 * first answers, `event_session_item`, as the choice counts are made), once per order.
 */
export async function revenueByChoice(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  from: string,
  to: string,
  floowVersion?: number,
): Promise<Map<string, KeyedRevenue>> {
  const scope = { organizationId, floowId, floowVersion };
  const { rows } = await sql<AmountRow & { key: string; orders: string | number }>`
    select i."item" as key, c."currency", count(*) as orders, ${sums}
    from "conversion" c
    -- One row per session and choice (the table's key): each order once per choice, by the key's index.
    join "event_session_item" i on i."floow_id" = c."floow_id" and i."session_id" = c."session_id"
      and i."kind" = 'choice'
    where ${conversionWhere(scope, from, to)}
    group by 1, 2`.execute(db);
  return gather(rows);
}

/**
 * Per product: the floow's attributed orders whose session clicked it before the order was
 * placed, once per order, with those orders' revenue.
 */
export async function revenueByProduct(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  from: string,
  to: string,
  floowVersion?: number,
): Promise<Map<string, KeyedRevenue>> {
  const scope = { organizationId, floowId, floowVersion };
  const { rows } = await sql<AmountRow & { key: string; orders: string | number }>`
    select p."product_id" as key, c."currency", count(*) as orders, ${sums}
    from "conversion" c
    cross join lateral (
      select distinct left(e."payload"->'product'->>'id', 200) as product_id from "event" e
      where e."floow_id" = c."floow_id" and e."session_id" = c."session_id" and e."type" = 'product'
        and e."organization_id" = c."organization_id" and e."created_at" <= c."occurred_at"
        and jsonb_typeof(e."payload"->'product') = 'object'
    ) p
    where ${conversionWhere(scope, from, to)} and p."product_id" is not null
    group by 1, 2`.execute(db);
  return gather(rows);
}
