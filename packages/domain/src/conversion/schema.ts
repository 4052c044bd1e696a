import { z } from "zod";
import { EVENT_ID_MAX } from "../events/constants";
import {
  ATTRIBUTION_WINDOW_DAYS,
  CONSENT_DEFAULTS,
  CONSENT_SOURCES,
  CONVERSION_ITEMS_MAX,
  CONVERSION_VALUE_MAX,
  ORDER_ID_MAX,
  PUBLIC_CONVERSION_SOURCES,
} from "./constants";

/** A string id, or a number written as one (Shopify's and many shops' ids are numbers). */
const idText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1).max(ORDER_ID_MAX));

const amount = z.number().finite().min(0).max(CONVERSION_VALUE_MAX);

export const conversionItemSchema = z.object({
  id: idText,
  name: z.string().trim().max(ORDER_ID_MAX).optional(),
  price: amount.optional(),
  quantity: z.number().int().min(1).max(1_000_000).optional(),
});

/** ISO 4217, written in any case, stored upper case. */
export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: "A currency is three letters (ISO 4217), such as EUR." })
  .transform((value) => value.toUpperCase());

/**
 * An order as every way of reporting one gives it (the public conversions call, `/api/v1`,
 * Shopify's receiver): the order id counts it once per organization; the visitor and session
 * ids attribute it (docs/analytics.md "Attribution"). The organization and the source come
 * from the caller, never from the input.
 */
export const conversionInput = z.object({
  orderId: idText,
  value: amount,
  currency: currencySchema,
  items: z.array(conversionItemSchema).max(CONVERSION_ITEMS_MAX).default([]),
  visitorId: z.string().min(1).max(EVENT_ID_MAX).nullish(),
  sessionId: z.string().min(1).max(EVENT_ID_MAX).nullish(),
  /** When the order was placed (ISO 8601 with an offset); the time it arrives when not given. */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});

/**
 * `POST /api/public/conversions`: the runtime's report. The domain finds the organization;
 * the server's clock is the order's time (a shopper's clock may be anything).
 */
export const publicConversionSchema = conversionInput.omit({ occurredAt: true }).extend({
  domainId: z.string().min(1).max(EVENT_ID_MAX),
  source: z.enum(PUBLIC_CONVERSION_SOURCES).default("runtime"),
});

/** The organization's attribution window (organization settings). */
export const attributionWindowSchema = z
  .number({ error: "Choose a number of days from 1 to 30." })
  .int({ error: "Choose a number of days from 1 to 30." })
  .min(ATTRIBUTION_WINDOW_DAYS.min, { error: "Choose a number of days from 1 to 30." })
  .max(ATTRIBUTION_WINDOW_DAYS.max, { error: "Choose a number of days from 1 to 30." });

export type ConversionInput = z.output<typeof conversionInput>;
export type PublicConversion = z.output<typeof publicConversionSchema>;

/**
 * A domain's consent and conversion settings (`domain.tracking`, `domain.updateTracking`;
 * docs/events.md "Consent"): which consent signal the runtime trusts, what it assumes without
 * one, and whether it reports the page's GA4 `purchase` events.
 */
export const domainTrackingSchema = z.object({
  domainId: z.string().min(1).max(EVENT_ID_MAX),
  consentSource: z.enum(CONSENT_SOURCES),
  consentDefault: z.enum(CONSENT_DEFAULTS),
  datalayerPurchases: z.boolean(),
});

export type DomainTracking = z.output<typeof domainTrackingSchema>;
