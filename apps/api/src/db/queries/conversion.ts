import { sql } from "kysely";
import type { Kysely, Selectable } from "kysely";
import type { ConversionItem, ConversionSource, DomainTracking } from "@floow/domain/conversion";
import type { DB } from "../database";
import type { ConversionTable } from "../tables/conversion";

export type ConversionRow = Selectable<ConversionTable>;

/** A floow session an order can be attributed to. */
export interface AttributableSession {
  floowId: string;
  sessionId: string;
  floowVersion: number | null;
}

/**
 * The query for the last floow session of a visitor (or, without a visitor id, of the tab's
 * session) in one organization that began before `at` and was seen within the organization's
 * attribution window: what an order can be attributed to. The caller adds what it selects and
 * which sessions count (a started floow, an experiment arm). Give it at least one id.
 */
export function lastSessionInWindow(
  db: Kysely<DB>,
  organizationId: string,
  ids: { visitorId: string | null; sessionId: string | null },
  at: Date,
) {
  return db
    .selectFrom("event_session as s")
    .innerJoin("organization as o", "o.id", "s.organization_id")
    .where("s.organization_id", "=", organizationId)
    .where((eb) =>
      eb.or([
        ...(ids.visitorId ? [eb("s.visitor_id", "=", ids.visitorId)] : []),
        ...(ids.sessionId ? [eb("s.session_id", "=", ids.sessionId)] : []),
      ]),
    )
    .where("s.first_at", "<=", at)
    .where(
      "s.last_at",
      ">=",
      sql<Date>`${at.toISOString()}::timestamptz - make_interval(days => o."attribution_window_days")`,
    )
    .orderBy("s.last_at", "desc")
    .limit(1);
}

/**
 * The visitor's (or, without a visitor id, the tab session's) last floow session before
 * `at` that ended within the organization's attribution window: one the shopper started
 * (a floow only shown did not influence anything). Sessions of other organizations are
 * never found, whatever ids the report carries.
 */
export async function findAttributableSession(
  db: Kysely<DB>,
  organizationId: string,
  ids: { visitorId: string | null; sessionId: string | null },
  at: Date,
): Promise<AttributableSession | null> {
  if (!ids.visitorId && !ids.sessionId) return null;
  const row = await lastSessionInWindow(db, organizationId, ids, at)
    .select(["s.floow_id", "s.session_id", "s.floow_version"])
    .where("s.starts", ">", 0)
    .executeTakeFirst();
  return row
    ? { floowId: row.floow_id, sessionId: row.session_id, floowVersion: row.floow_version }
    : null;
}

/** The ids and names of the products a floow session showed (its results) or had clicked. */
export async function findSessionProducts(
  db: Kysely<DB>,
  organizationId: string,
  session: Pick<AttributableSession, "floowId" | "sessionId">,
): Promise<{ id: unknown; name: unknown }[]> {
  const { rows } = await sql<{ id: unknown; name: unknown }>`
    select p->'id' as id, p->'name' as name
    from "event" e
    cross join lateral jsonb_array_elements(case when e."type" = 'finish' then coalesce(e."payload"->'products', '[]')
      else jsonb_build_array(e."payload"->'product') end) p
    where e."floow_id" = ${session.floowId} and e."session_id" = ${session.sessionId}
      and e."organization_id" = ${organizationId} and e."type" in ('finish', 'product')
      and jsonb_typeof(p) = 'object'`.execute(db);
  return rows;
}

export interface ConversionToInsert {
  id: string;
  organizationId: string;
  orderId: string;
  source: ConversionSource;
  value: number;
  currency: string;
  items: ConversionItem[];
  visitorId: string | null;
  sessionId: string | null;
  occurredAt: Date;
  attribution: ConversionAttribution;
}

export interface ConversionAttribution {
  /** The attributed floow session (with `floowId` the key of its `event_session` row). */
  sessionId: string | null;
  floowId: string | null;
  floowVersion: number | null;
  variantId: string | null;
  influencedValue: number;
  assistedValue: number;
}

/** Inserts an order unless the organization has it already; true when inserted. */
export async function insertConversion(
  db: Kysely<DB>,
  conversion: ConversionToInsert,
): Promise<boolean> {
  const row = await db
    .insertInto("conversion")
    .values({
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
    })
    .onConflict((oc) => oc.columns(["organization_id", "order_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The organization's order, locked until the caller's transaction ends. */
export async function findConversionForUpdate(
  db: Kysely<DB>,
  organizationId: string,
  orderId: string,
): Promise<ConversionRow | null> {
  const row = await db
    .selectFrom("conversion")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("order_id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Writes what a later report filled in, and the attribution that follows from it. */
export async function updateConversion(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  fill: {
    items: ConversionItem[];
    visitorId: string | null;
    sessionId: string | null;
    attribution: ConversionAttribution;
  },
): Promise<void> {
  await db
    .updateTable("conversion")
    .set({
      items: JSON.stringify(fill.items),
      visitor_id: fill.visitorId,
      ...attributionColumns(fill.attribution, fill.sessionId),
    })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .execute();
}

/** The session stored is the attributed one; without attribution the reported tab session. */
export function attributionColumns(
  attribution: ConversionAttribution,
  reportedSessionId: string | null,
) {
  return {
    session_id: attribution.sessionId ?? reportedSessionId,
    floow_id: attribution.floowId,
    floow_version: attribution.floowVersion,
    variant_id: attribution.variantId,
    influenced_value: attribution.influencedValue,
    assisted_value: attribution.assistedValue,
  };
}

/** The organization a domain belongs to (the public conversions call names only the domain). */
export async function findDomainOrganization(
  db: Kysely<DB>,
  domainId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("domain")
    .select("organization_id")
    .where("id", "=", domainId)
    .executeTakeFirst();
  return row?.organization_id ?? null;
}

/** A domain's consent and conversion settings; null when the organization has no such domain. */
export async function findDomainTracking(
  db: Kysely<DB>,
  organizationId: string,
  domainId: string,
): Promise<DomainTracking | null> {
  const row = await db
    .selectFrom("domain")
    .select(["id", "consent_source", "consent_default", "datalayer_purchases"])
    .where("organization_id", "=", organizationId)
    .where("id", "=", domainId)
    .executeTakeFirst();
  return row ? toTracking(row) : null;
}

/** Saves a domain's consent and conversion settings; null when the organization has no such domain. */
export async function updateDomainTracking(
  db: Kysely<DB>,
  organizationId: string,
  tracking: DomainTracking,
): Promise<DomainTracking | null> {
  const row = await db
    .updateTable("domain")
    .set({
      consent_source: tracking.consentSource,
      consent_default: tracking.consentDefault,
      datalayer_purchases: tracking.datalayerPurchases,
      updated_at: new Date(),
    })
    .where("organization_id", "=", organizationId)
    .where("id", "=", tracking.domainId)
    .returning(["id", "consent_source", "consent_default", "datalayer_purchases"])
    .executeTakeFirst();
  return row ? toTracking(row) : null;
}

function toTracking(row: {
  id: string;
  consent_source: DomainTracking["consentSource"];
  consent_default: DomainTracking["consentDefault"];
  datalayer_purchases: boolean;
}): DomainTracking {
  return {
    domainId: row.id,
    consentSource: row.consent_source,
    consentDefault: row.consent_default,
    datalayerPurchases: row.datalayer_purchases,
  };
}
