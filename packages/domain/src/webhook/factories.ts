import { createId } from "../shared/ids";
import { DEFAULT_WEBHOOK, WEBHOOK_DEFAULT_EVENTS } from "./constants";
import type { Webhook } from "./types";

/** A new webhook: method POST, status active, finish and form events (the server sets its secret). */
export function createWebhook(overrides: Partial<Webhook> = {}): Webhook {
  const now = new Date().toISOString();
  return {
    organizationId: "",
    domainId: "",
    floowId: null,
    createdAt: now,
    updatedAt: now,
    name: "",
    url: "",
    secret: "",
    headers: {},
    ...DEFAULT_WEBHOOK,
    events: [...WEBHOOK_DEFAULT_EVENTS],
    ...overrides,
    id: overrides.id ?? createId(),
  };
}
