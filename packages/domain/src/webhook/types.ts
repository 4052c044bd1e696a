import type { WebhookEventType } from "../events/constants";
import type { WebhookDeliveryStatus, WebhookMethod, WebhookStatus } from "./constants";

export interface Webhook {
  id: string;
  organizationId: string;
  domainId: string;
  /** Null: every floow of the domain. */
  floowId: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
  name: string;
  url: string;
  secret: string;
  headers: Record<string, string>;
  method: WebhookMethod;
  status: WebhookStatus;
  /** The event types sent; empty means all. */
  events: WebhookEventType[];
}

/** A webhook as its screens show it: never with its secret, with why it was disabled. */
export interface WebhookDetails extends Webhook {
  /** Set when Floow disabled the endpoint (410 Gone, or failing for 5 days). */
  disabledReason: string | null;
  /** ISO 8601. */
  disabledAt: string | null;
}

/** One message to one endpoint, as the delivery log shows it. */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  /** The `webhook-id` header: the same on every attempt and on a replay. */
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last attempt's HTTP status, or null when it got no answer. */
  responseStatus: number | null;
  /** The first 1 kB of the last answer. */
  responseBody: string | null;
  latencyMs: number | null;
  /** Why the last attempt failed, when it did. */
  error: string | null;
  test: boolean;
  /** The delivery this one replays. */
  replayOf: string | null;
  /** ISO 8601. */
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
}
