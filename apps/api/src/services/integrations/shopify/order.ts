import { conversionInput } from "@floow/domain/conversion";
import type { ConversionInput } from "@floow/domain/conversion";
import { z } from "zod";

/** The cart attributes the runtime or the theme sets; Shopify copies them to the order. */
export const VISITOR_ATTRIBUTE = "floow_visitor";
export const SESSION_ATTRIBUTE = "floow_session";

/**
 * The parts of an `orders/create` payload (the REST Order resource) Floow reads; everything
 * else is ignored. Amounts are decimal strings in the shop's currency (`currency`).
 */
const shopifyOrderSchema = z.object({
  id: z.union([z.number(), z.string()]),
  created_at: z.string().optional(),
  currency: z.string(),
  total_price: z.union([z.string(), z.number()]),
  line_items: z
    .array(
      z.object({
        product_id: z.union([z.number(), z.string()]).nullish(),
        variant_id: z.union([z.number(), z.string()]).nullish(),
        sku: z.string().nullish(),
        title: z.string().nullish(),
        price: z.union([z.string(), z.number()]).nullish(),
        quantity: z.number().nullish(),
      }),
    )
    .default([]),
  note_attributes: z
    .array(z.object({ name: z.string(), value: z.unknown() }))
    .nullish()
    .transform((v) => v ?? []),
});

const attribute = (attributes: { name: string; value: unknown }[], name: string) => {
  const value = attributes.find((a) => a.name === name)?.value;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
};

const money = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? undefined : Number(value);

/**
 * An `orders/create` body as the conversion it records (docs/integrations.md, "Shopify
 * orders"): the order id is Shopify's numeric order id (what `{{ order.id }}` gives on the
 * thank-you page, so the runtime's report of the same order counts once), the value the
 * order's total, the items its lines by product id, the visitor and session from the
 * `floow_visitor` / `floow_session` note attributes. A body that is no order gives the
 * validation error.
 */
export function orderConversion(
  body: unknown,
): { ok: true; value: ConversionInput } | { ok: false; error: z.ZodError } {
  const order = shopifyOrderSchema.safeParse(body);
  if (!order.success) return { ok: false, error: order.error };
  const o = order.data;
  const parsed = conversionInput.safeParse({
    orderId: String(o.id),
    value: money(o.total_price),
    currency: o.currency,
    items: o.line_items
      .map((line) => ({
        id: String(line.product_id ?? line.variant_id ?? line.sku ?? ""),
        ...(line.title ? { name: line.title } : {}),
        ...(money(line.price) !== undefined ? { price: money(line.price) } : {}),
        ...(line.quantity ? { quantity: line.quantity } : {}),
      }))
      .filter((item) => item.id !== ""),
    visitorId: attribute(o.note_attributes, VISITOR_ATTRIBUTE),
    sessionId: attribute(o.note_attributes, SESSION_ATTRIBUTE),
    ...(o.created_at ? { occurredAt: o.created_at } : {}),
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error };
}
