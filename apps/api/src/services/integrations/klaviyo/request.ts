import { isEmail } from "@floow/domain/validation";
import { KLAVIYO_API_REVISION } from "@floow/domain/integration";
import type { FloowEventMessage } from "@floow/domain/events";

/** Klaviyo's API; only tests point the delivery service elsewhere (a fake on 127.0.0.1). */
export const KLAVIYO_BASE_URL = "https://a.klaviyo.com";

/** The event types that carry a shopper's answers, sent to Klaviyo. */
export const KLAVIYO_EVENT_TYPES = ["choice", "form", "finish"] as const;

/** The e-mail a message's form inputs of type email hold, if any. */
export function emailOf(message: FloowEventMessage): string | null {
  for (const input of message.formInputs ?? []) {
    if (input.type === "email" && typeof input.value === "string" && isEmail(input.value.trim()))
      return input.value.trim();
  }
  return null;
}

/**
 * The event's properties: the activation keys of the editor (a step's key with the chosen
 * choices' keys: one for a single step, a list for a multiple one), the form inputs by their
 * label, and where it happened.
 */
export function klaviyoProperties(message: FloowEventMessage): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    floow_id: message.floowId,
    domain_id: message.domainId,
    session_id: message.sessionId,
    floow_event: message.type,
  };
  if (message.step) properties.question = message.step.text;
  const stepKey = message.step?.activation?.key;
  if (stepKey) {
    const chosen = (message.choices ?? [])
      .filter((c) => c.selected)
      .map((c) => c.activation?.key || c.text);
    if (chosen.length > 0)
      properties[stepKey] = message.step?.activation?.type === "multiple" ? chosen : chosen[0];
  }
  for (const choice of message.choices ?? []) {
    if (choice.selected && choice.activation?.key && !stepKey)
      properties[choice.activation.key] = true;
  }
  for (const input of message.formInputs ?? []) {
    if (input.type === "email") continue;
    properties[input.text || input.id] = input.value;
  }
  if (message.product) properties.product_id = message.product.id;
  if (message.products) properties.product_ids = message.products.map((p) => p.id);
  return properties;
}

/**
 * Klaviyo's Create Event request (POST /api/events, JSON:API; docs/integrations.md): metric
 * `Floow <type>`, the profile by e-mail (or the floow session as an anonymous id), the
 * delivery id as `unique_id` so a retried request is one event.
 */
export function klaviyoEventRequest(
  message: FloowEventMessage,
  opts: { uniqueId: string; email: string | null; privateKey: string },
) {
  const profile = opts.email
    ? { email: opts.email }
    : { anonymous_id: `floow-${message.sessionId}` };
  return {
    path: "/api/events",
    headers: {
      authorization: `Klaviyo-API-Key ${opts.privateKey}`,
      revision: KLAVIYO_API_REVISION,
      accept: "application/vnd.api+json",
      "content-type": "application/vnd.api+json",
    },
    body: {
      data: {
        type: "event",
        attributes: {
          properties: klaviyoProperties(message),
          time: message.createdAt,
          unique_id: opts.uniqueId,
          metric: { data: { type: "metric", attributes: { name: `Floow ${message.type}` } } },
          profile: { data: { type: "profile", attributes: profile } },
        },
      },
    },
  };
}
