/**
 * Orders reported from the shopper's page (docs/events.md "Conversions"): `floow.conversion()`
 * on the thank-you page, and, when the domain enables it, the page's GA4 `purchase` events.
 * Each goes to `POST {apiUrl}/api/public/conversions` with the tab's session id and, with
 * analytics consent, the visitor id; the server counts an order once, however often it hears
 * of it.
 */
import type { ConversionItem, PublicConversionReport } from "@floow/domain/logic";
import { sessionId, visitorId } from "./session";

/** An order as the page gives it (`floow.conversion`). */
export interface Conversion {
  orderId: string | number;
  value: number;
  /** ISO 4217, such as "EUR". */
  currency: string;
  items?: ConversionItem[];
}

/** Where orders go: the domain whose floows the page shows, on the Floow it loads them from. */
export interface ConversionTarget {
  domainId: string;
  apiUrl: string;
}

let target: ConversionTarget | undefined;
/** Orders already sent from this page, per source: a data layer read twice reports once. */
const sent = new Set<string>();

export function setConversionTarget(value: ConversionTarget): void {
  target = value;
}

const number = (value: unknown): number | undefined => {
  const parsed = typeof value === "string" ? Number(value) : value;
  return typeof parsed === "number" && Number.isFinite(parsed) ? parsed : undefined;
};

/**
 * A GA4 `purchase` as an order, or null when the entry is none (or lacks an order id or a
 * currency): `gtag('event', 'purchase', params)` (its `arguments` on the data layer) or
 * `dataLayer.push({ event: 'purchase', ecommerce: params })`, params being GA4's
 * `{ transaction_id, value, currency, items: [{ item_id, item_name, price, quantity }] }`.
 * Prices and quantities may be numbers or numeric text; without `value`, the items add up.
 */
export function ga4Purchase(entry: unknown): Conversion | null {
  if (!entry || typeof entry !== "object") return null;
  const args = entry as ArrayLike<unknown> & {
    event?: unknown;
    ecommerce?: Record<string, unknown>;
  };
  const params =
    args[0] === "event" && args[1] === "purchase"
      ? (args[2] as Record<string, unknown> | undefined)
      : args.event === "purchase"
        ? args.ecommerce
        : undefined;
  if (!params || typeof params !== "object") return null;
  const orderId = params.transaction_id;
  const currency = params.currency;
  if ((typeof orderId !== "string" && typeof orderId !== "number") || orderId === "") return null;
  if (typeof currency !== "string") return null;
  const items: ConversionItem[] = [];
  for (const item of Array.isArray(params.items) ? (params.items as unknown[]) : []) {
    if (!item || typeof item !== "object") continue;
    const { item_id, item_name, price, quantity } = item as Record<string, unknown>;
    const id = item_id ?? item_name;
    if (typeof id !== "string" && typeof id !== "number") continue;
    items.push({
      id: String(id),
      ...(typeof item_name === "string" && { name: item_name }),
      ...(number(price) !== undefined && { price: number(price) }),
      ...(number(quantity) !== undefined && { quantity: number(quantity) }),
    });
  }
  const value =
    number(params.value) ??
    items.reduce((sum, item) => sum + (item.price ?? 0) * (item.quantity ?? 1), 0);
  return { orderId, value, currency, items };
}

/**
 * Sends an order (once per page and source). Resolves true when the server took it, false
 * when it refused it or could not be reached, or when there is no domain to report to.
 * A keepalive request: a thank-you page the shopper leaves at once still reports.
 */
export async function sendConversion(
  order: Conversion,
  source: PublicConversionReport["source"] = "runtime",
  to: ConversionTarget | undefined = target,
): Promise<boolean> {
  if (!to) {
    // The npm build's mistake (no mount yet, no `to`): the script tag's chunk always has its
    // loader's domain, so it carries no text for it (tracking.js is on every page).
    if (!__SCRIPT_TAG__) console.warn("[floows] conversion: no domain to report it to");
    return false;
  }
  const key = `${source}:${order.orderId}`;
  if (sent.has(key)) return true;
  sent.add(key);
  const report: Omit<PublicConversionReport, "orderId" | "items"> & {
    orderId: string | number;
    items: ConversionItem[];
  } = {
    domainId: to.domainId,
    orderId: order.orderId,
    value: order.value,
    currency: order.currency,
    items: order.items ?? [],
    source,
    visitorId: visitorId(),
    sessionId: sessionId(),
  };
  try {
    const response = await fetch(`${to.apiUrl.replace(/\/+$/, "")}/api/public/conversions`, {
      method: "POST",
      // Plain text: no CORS preflight (the API reads it as JSON).
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify(report),
      credentials: "omit",
      keepalive: true,
    });
    if (!response.ok) {
      sent.delete(key);
      console.warn("[floows] conversion refused:", await response.text());
    }
    return response.ok;
  } catch {
    sent.delete(key);
    return false;
  }
}
