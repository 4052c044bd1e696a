import { randomUUID } from "node:crypto";
import { productKey, splitRevenue } from "@floow/domain/conversion";
import type { ConversionItem, ConversionSource } from "@floow/domain/conversion";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import {
  findAttributableSession,
  findConversionForUpdate,
  findSessionProducts,
  insertConversion,
  updateConversion,
} from "../../db/queries/conversion";
import type { AttributableSession, ConversionAttribution } from "../../db/queries/conversion";
import { findExperimentArm } from "../../db/queries/experiment";

/** An order as a receiver (public route, /api/v1, Shopify) hands it over, already validated. */
export interface RecordConversionInput {
  organizationId: string;
  orderId: string;
  value: number;
  currency: string;
  items: ConversionItem[];
  source: ConversionSource;
  visitorId?: string | null | undefined;
  sessionId?: string | null | undefined;
  /** When the order was placed; now when not given. */
  occurredAt?: Date | string | undefined;
}

const NOT_ATTRIBUTED: ConversionAttribution = {
  sessionId: null,
  floowId: null,
  floowVersion: null,
  variantId: null,
  influencedValue: 0,
  assistedValue: 0,
};

/**
 * Attributes an order (docs/analytics.md "Attribution"): to the visitor's (else the tab
 * session's) last floow session within the organization's window, its value split into
 * what that session's floow showed or had clicked (influenced) and the rest (assisted).
 */
async function attribute(
  db: Kysely<DB>,
  organizationId: string,
  order: {
    value: number;
    items: ConversionItem[];
    visitorId: string | null;
    sessionId: string | null;
    occurredAt: Date;
  },
): Promise<ConversionAttribution> {
  const session = await findAttributableSession(db, organizationId, order, order.occurredAt);
  // The experiment arm is found on its own: it counts every visitor assigned to an arm, also
  // those who never started the floow (the holdout above all), where the floow's attribution
  // counts only sessions that started it.
  const variantId = await findExperimentArm(db, organizationId, order, order.occurredAt);
  return splitAttribution(db, organizationId, order, session, variantId);
}

/** The attribution to `session` (if any): the order's value split by the products it showed or had clicked. */
export async function splitAttribution(
  db: Kysely<DB>,
  organizationId: string,
  order: { value: number; items: ConversionItem[] },
  session: AttributableSession | null,
  variantId: string | null,
): Promise<ConversionAttribution> {
  if (!session) return { ...NOT_ATTRIBUTED, variantId };
  const products = await findSessionProducts(db, organizationId, session);
  const ids = new Set(products.map((product) => productKey(product.id)));
  const names = new Set(products.map((product) => productKey(product.name)));
  ids.delete("");
  names.delete("");
  const split = splitRevenue(
    order.value,
    order.items,
    (item) => ids.has(productKey(item.id)) || names.has(productKey(item.name)),
  );
  return {
    sessionId: session.sessionId,
    floowId: session.floowId,
    floowVersion: session.floowVersion,
    variantId,
    influencedValue: split.influenced,
    assistedValue: split.assisted,
  };
}

/**
 * One order on its own, in a transaction (what `recordConversion`, ./record.ts, does for an
 * order its writer found known, or when its group's statement failed): attribute, insert
 * unless known, else merge what the report adds into the known order, locked.
 */
export async function recordOneConversion(
  db: Kysely<DB>,
  input: RecordConversionInput,
): Promise<{ id: string; duplicate: boolean }> {
  const occurredAt = input.occurredAt ? new Date(input.occurredAt) : new Date();
  const visitorId = input.visitorId ?? null;
  const sessionId = input.sessionId ?? null;
  return db.transaction().execute(async (trx) => {
    const id = randomUUID();
    const attribution = await attribute(trx, input.organizationId, {
      value: input.value,
      items: input.items,
      visitorId,
      sessionId,
      occurredAt,
    });
    const inserted = await insertConversion(trx, {
      id,
      organizationId: input.organizationId,
      orderId: input.orderId,
      source: input.source,
      value: input.value,
      currency: input.currency,
      items: input.items,
      visitorId,
      sessionId,
      occurredAt,
      attribution,
    });
    if (inserted) return { id, duplicate: false };

    // Known (or being inserted by another report right now: the insert waited for it).
    const existing = await findConversionForUpdate(trx, input.organizationId, input.orderId);
    if (!existing) throw new Error(`conversion ${input.orderId} conflicted but is not there`);
    const filled = {
      items: existing.items.length > 0 ? existing.items : input.items,
      visitorId: existing.visitor_id ?? visitorId,
      sessionId: existing.session_id ?? sessionId,
    };
    const changed =
      filled.items !== existing.items ||
      filled.visitorId !== existing.visitor_id ||
      filled.sessionId !== existing.session_id;
    if (changed) {
      const value = Number(existing.value);
      await updateConversion(trx, input.organizationId, existing.id, {
        ...filled,
        attribution: await attribute(trx, input.organizationId, {
          value,
          ...filled,
          occurredAt: existing.occurred_at,
        }),
      });
    }
    return { id: existing.id, duplicate: true };
  });
}
