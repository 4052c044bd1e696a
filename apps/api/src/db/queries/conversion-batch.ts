import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "../database";
import type { AttributableSession, ConversionToInsert } from "./conversion";
import { attributionColumns } from "./conversion";

/**
 * Many orders at once, for the conversions writer (services/conversions/ingest.ts): one
 * statement for a whole group of concurrent reports instead of a few per order.
 */

/** An order to attribute: whose, by which ids, placed when. Give it at least one id. */
export interface OrderToAttribute {
  organizationId: string;
  visitorId: string | null;
  sessionId: string | null;
  at: Date;
}

/** What `findAttributableSession` and `findExperimentArm` find for one order. */
export interface FoundAttribution {
  session: AttributableSession | null;
  variantId: string | null;
}

/**
 * For each order (in the same order), in one query: the last floow session it can be
 * attributed to (`findAttributableSession`: one the shopper started) and its experiment arm
 * (`findExperimentArm`: the last session with an arm, started or not). The same rule as
 * `lastSessionInWindow` (db/queries/conversion.ts): the visitor's (or the tab session's)
 * sessions of the order's organization that began before the order and were seen within the
 * organization's attribution window, newest first. record.test.ts checks both paths alike.
 */
export async function findAttributions(
  db: Kysely<DB>,
  orders: readonly OrderToAttribute[],
): Promise<FoundAttribution[]> {
  const found: FoundAttribution[] = orders.map(() => ({ session: null, variantId: null }));
  const asked = orders
    .map((order, i) => ({
      i,
      org: order.organizationId,
      visitor: order.visitorId,
      session: order.sessionId,
      at: order.at.toISOString(),
    }))
    .filter((order) => order.visitor !== null || order.session !== null);
  if (asked.length === 0) return found;
  // One JSON parameter (not arrays): the same on the server and on PGlite.
  const { rows } = await sql<{
    i: number;
    floow_id: string | null;
    session_id: string | null;
    floow_version: number | null;
    variant_id: string | null;
  }>`
    select q."i", a."floow_id", a."session_id", a."floow_version", v."variant_id"
    from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb)
      as q("i" integer, "org" text, "visitor" text, "session" text, "at" timestamptz)
    join "organization" o on o."id" = q."org"
    left join lateral (
      select s."floow_id", s."session_id", s."floow_version" from "event_session" s
      where s."organization_id" = q."org"
        and (s."visitor_id" = q."visitor" or s."session_id" = q."session")
        and s."first_at" <= q."at"
        and s."last_at" >= q."at" - make_interval(days => o."attribution_window_days")
        and s."starts" > 0
      order by s."last_at" desc limit 1
    ) a on true
    left join lateral (
      select s."variant_id" from "event_session" s
      where s."organization_id" = q."org"
        and (s."visitor_id" = q."visitor" or s."session_id" = q."session")
        and s."first_at" <= q."at"
        and s."last_at" >= q."at" - make_interval(days => o."attribution_window_days")
        and s."variant_id" is not null
      order by s."last_at" desc limit 1
    ) v on true`.execute(db);
  for (const row of rows) {
    found[row.i] = {
      session:
        row.floow_id !== null && row.session_id !== null
          ? { floowId: row.floow_id, sessionId: row.session_id, floowVersion: row.floow_version }
          : null,
      variantId: row.variant_id,
    };
  }
  return found;
}

/**
 * Inserts the orders the organizations do not have yet, in one statement; returns the ids of
 * those inserted, by `conversionKey`. An order left out was there already (or was being
 * inserted by another statement, which this one waited for). Give each (organization, order
 * id) once; rows go in sorted by it, so two such statements at once lock in the same order.
 */
export async function insertConversions(
  db: Kysely<DB>,
  conversions: readonly ConversionToInsert[],
): Promise<Set<string>> {
  if (conversions.length === 0) return new Set();
  const sorted = [...conversions].sort((a, b) =>
    conversionKey(a) < conversionKey(b) ? -1 : conversionKey(a) > conversionKey(b) ? 1 : 0,
  );
  const rows = await db
    .insertInto("conversion")
    .values(
      sorted.map((conversion) => ({
        id: conversion.id,
        organization_id: conversion.organizationId,
        order_id: conversion.orderId,
        source: conversion.source,
        value: conversion.value,
        currency: conversion.currency,
        items: JSON.stringify(conversion.items),
        visitor_id: conversion.visitorId,
        occurred_at: conversion.occurredAt,
        ...attributionColumns(conversion.attribution, conversion.sessionId),
      })),
    )
    .onConflict((oc) => oc.columns(["organization_id", "order_id"]).doNothing())
    .returning("id")
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** An order's identity: the organization and its order id. */
export function conversionKey(order: { organizationId: string; orderId: string }): string {
  return `${order.organizationId}\u0000${order.orderId}`;
}
