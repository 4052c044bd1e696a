import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "../database";
import type { AttributableSession, ConversionToInsert } from "./conversion";
import { attributionColumns } from "./conversion";

/**
 * Many orders at once, for the conversions writer (services/conversions/ingest.ts): one
 * statement for a whole group of concurrent reports instead of a few per order.
 */

/** A new order as reported, before its attribution. */
export type NewConversion = Omit<ConversionToInsert, "attribution">;

/** What `insertUnattributed` did with one order. */
export interface FirstPass {
  /** The floow session the order is attributed to (`findAttributableSession`); then not inserted yet. */
  session: AttributableSession | null;
  /** Its experiment arm (`findExperimentArm`); read back only for an order with a floow session. */
  variantId: string | null;
  /** Inserted now (without a session); false: known already, or left for its session's split. */
  inserted: boolean;
}

/**
 * One statement for a group of new orders: finds each order's floow session and experiment
 * arm (the rule of `lastSessionInWindow`, db/queries/conversion.ts: the visitor's, else the tab
 * session's, sessions of the order's organization that began before the order and were seen
 * within the organization's attribution window, newest first; for the floow, one the shopper
 * started; for the arm, any with one), and inserts at once, `on conflict do nothing`, every
 * order that has no floow session (nothing to split: its influenced and assisted revenue are
 * 0, its arm and reported session kept), as `insertConversion` would. The orders with a floow
 * session are only looked up: the caller splits their revenue by the session's products and
 * inserts them with `insertConversions`. Results in the orders' order. An order of an
 * organization that is gone fails the statement (its foreign key). Give each (organization,
 * order id) once.
 */
export async function insertUnattributed(
  db: Kysely<DB>,
  orders: readonly NewConversion[],
): Promise<FirstPass[]> {
  if (orders.length === 0) return [];
  // Sorted by the order's key, so two such statements at once lock in the same order.
  const list = orders
    .map((order, position) => ({ order, position, key: conversionKey(order) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ order, position }, i) => ({
      i,
      position,
      id: order.id,
      org: order.organizationId,
      order_id: order.orderId,
      source: order.source,
      value: order.value,
      currency: order.currency,
      items: order.items,
      visitor: order.visitorId,
      session: order.sessionId,
      at: order.occurredAt.toISOString(),
    }));
  // One JSON parameter: no statement text or parameter list growing with the group, the same
  // on the server and on PGlite.
  const { rows } = await sql<{
    position: number;
    floow_id: string | null;
    session_id: string | null;
    floow_version: number | null;
    variant_id: string | null;
  }>`
    with q as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as q("i" integer,
        "position" integer, "id" text, "org" text, "order_id" text, "source" text,
        "value" numeric, "currency" text, "items" jsonb, "visitor" text, "session" text,
        "at" timestamptz)
    ), attributed as materialized (
      select q.*, a."floow_id", a."session_id" as "floow_session_id", a."floow_version", v."variant_id"
      from q
      left join "organization" o on o."id" = q."org"
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
      ) v on true
    ), inserted as (
      insert into "conversion" ("id", "organization_id", "order_id", "source", "value",
        "currency", "items", "visitor_id", "session_id", "floow_id", "floow_version",
        "variant_id", "influenced_value", "assisted_value", "occurred_at")
      select "id", "org", "order_id", "source", "value", "currency", "items", "visitor",
        "session", null, null, "variant_id", 0, 0, "at"
      from attributed where "floow_id" is null
      order by "i"
      on conflict ("organization_id", "order_id") do nothing
      returning "id"
    )
    select a."position", a."floow_id", a."floow_session_id" as "session_id", a."floow_version",
      a."variant_id"
    from attributed a
    where a."floow_id" is not null or not exists (select 1 from inserted i where i."id" = a."id")`.execute(
    db,
  );
  // Only the orders not inserted come back (most come back with nothing to read): those with a
  // floow session, and the known ones.
  const results: FirstPass[] = orders.map(() => ({
    session: null,
    variantId: null,
    inserted: true,
  }));
  for (const row of rows) {
    results[row.position] = {
      session:
        row.floow_id !== null && row.session_id !== null
          ? { floowId: row.floow_id, sessionId: row.session_id, floowVersion: row.floow_version }
          : null,
      variantId: row.variant_id,
      inserted: false,
    };
  }
  return results;
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
