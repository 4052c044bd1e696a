import type { ConversionItem } from "./types";

const cents = (amount: number) => Math.round(amount * 100);

/**
 * Splits an order's value into what the floow influenced and what it assisted
 * (docs/analytics.md "Influenced and assisted"): a line is influenced when `influenced(item)`
 * says so (the floow showed or the shopper clicked it). A line is worth its price times its
 * quantity (1 when not given); lines without a price share what the priced lines leave of
 * the value, by quantity. The influenced part never exceeds the value; the rest is assisted.
 * Works in cents, so the two always add up to the value.
 */
export function splitRevenue(
  value: number,
  items: readonly ConversionItem[],
  influenced: (item: ConversionItem) => boolean,
): { influenced: number; assisted: number } {
  const total = cents(value);
  const quantity = (item: ConversionItem) => Math.max(item.quantity ?? 1, 0);
  const priced = items.filter((item) => item.price !== undefined);
  const unpriced = items.filter((item) => item.price === undefined);
  const pricedTotal = priced.reduce((sum, item) => sum + cents(item.price!) * quantity(item), 0);
  const unpricedQuantity = unpriced.reduce((sum, item) => sum + quantity(item), 0);
  const left = Math.max(total - pricedTotal, 0);
  let part = 0;
  for (const item of items) {
    if (!influenced(item)) continue;
    part +=
      item.price !== undefined
        ? cents(item.price) * quantity(item)
        : unpricedQuantity > 0
          ? Math.round((left * quantity(item)) / unpricedQuantity)
          : 0;
  }
  const influencedCents = Math.min(part, total);
  return { influenced: influencedCents / 100, assisted: (total - influencedCents) / 100 };
}

/** Lower-case, trimmed: how product ids and names are compared with an order's items. */
export const productKey = (value: unknown): string =>
  value === undefined || value === null ? "" : String(value).trim().toLowerCase();
