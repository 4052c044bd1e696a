import { createId } from "../shared/ids";
import { EVENTS_VERSION, EVENT_NAME } from "./constants";
import type { FloowEventType } from "./constants";
import type { FloowEventMessage } from "./types";

export type FloowEventContext = Pick<
  FloowEventMessage,
  | "organizationId"
  | "domainId"
  | "floowId"
  | "floowVersion"
  | "sessionId"
  | "visitorId"
  | "variantId"
>;
export type FloowEventPayload = Pick<
  FloowEventMessage,
  "step" | "choices" | "formInputs" | "product" | "products" | "partial"
>;

/** A new event message for the host page, with a fresh id and the current time. */
export function createEventMessage(
  context: FloowEventContext,
  type: FloowEventType,
  payload: FloowEventPayload = {},
  now: Date = new Date(),
): FloowEventMessage {
  return {
    event: EVENT_NAME,
    v: EVENTS_VERSION,
    id: createId(),
    ...context,
    createdAt: now.toISOString(),
    type,
    ...payload,
  };
}
