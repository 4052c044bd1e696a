import { createId } from "../shared/ids";
import { DEFAULT_WEBHOOK } from "./constants";
import type { Webhook } from "./types";

/** A new webhook: method POST, status active, a random secret for signatures. */
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
    secret: createId().replace(/-/g, ""),
    headers: {},
    ...DEFAULT_WEBHOOK,
    events: [],
    ...overrides,
    id: overrides.id ?? createId(),
  };
}
