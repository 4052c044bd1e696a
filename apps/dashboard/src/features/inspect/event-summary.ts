import { type FloowEventType, type InspectedEvent } from "@floow/domain/events";
import { type Product } from "@floow/domain/feed";
import { formatDateNl } from "@floow/domain/shared";
import type { BadgeProps } from "@floow/ui";

export const EVENT_TYPE_LABELS: Readonly<Record<FloowEventType, string>> = {
  mount: "Mount",
  start: "Start",
  choice: "Choice",
  form: "Form",
  finish: "Finish",
  product: "Product",
  restart: "Restart",
  close: "Close",
  holdout: "Holdout",
};

/** Shown, going on, done: the badge colour says where in the floow the visitor was. */
export const EVENT_TYPE_BADGES: Readonly<
  Record<FloowEventType, NonNullable<BadgeProps["variant"]>>
> = {
  mount: "neutral",
  start: "info",
  choice: "info",
  form: "info",
  finish: "success",
  product: "success",
  restart: "warning",
  close: "neutral",
  holdout: "neutral",
};

const timeNl = new Intl.DateTimeFormat("nl-NL", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/**
 * When Floow stored the event, in Dutch notation with seconds (`23-11-2026 17:30:05`): the
 * date as everywhere in the dashboard (`formatDateNl`), the time because events come seconds apart.
 */
export function formatEventTime(iso: string): string {
  const date = formatDateNl(iso);
  return date ? `${date} ${timeNl.format(new Date(iso))}` : "";
}

/** The first 8 characters of a session id: enough to tell one visitor's events from another's. */
export function shortSessionId(sessionId: string): string {
  return sessionId.length > 10 ? `${sessionId.slice(0, 8)}…` : sessionId;
}

/** A product's name as the server's copy carries it (`name`; a feed record's `title` as a fallback). */
function productName(product: Product): string {
  for (const key of ["name", "title"]) {
    const value = product[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return typeof product.id === "string" || typeof product.id === "number" ? String(product.id) : "";
}

/**
 * One line on what the event is about: the product followed, the results shown, the step's
 * question (with the chosen choices) or the choices of a finish; empty when the message
 * carries none of those (mount, start, restart, close).
 */
export function eventSummary(payload: InspectedEvent["payload"]): string {
  if (payload.product) return productName(payload.product);
  if (payload.products && payload.products.length > 0) {
    const names = payload.products.slice(0, 3).map(productName).filter(Boolean);
    const more = payload.products.length > 3 ? `, +${payload.products.length - 3}` : "";
    const count = `${payload.products.length} ${payload.products.length === 1 ? "product" : "products"}`;
    return names.length > 0 ? `${count}: ${names.join(", ")}${more}` : count;
  }
  const chosen = (payload.choices ?? [])
    .filter((choice) => choice.selected)
    .map((choice) => choice.text);
  if (payload.step)
    return chosen.length > 0 ? `${payload.step.text} → ${chosen.join(", ")}` : payload.step.text;
  // A finish without results (a data floow): the choices made along the way.
  return chosen.join(", ");
}

/** The payload as indented JSON text, for the expanded row. */
export function prettyPayload(payload: InspectedEvent["payload"]): string {
  return JSON.stringify(payload, null, 2);
}
