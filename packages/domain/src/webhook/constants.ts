export const WEBHOOK_METHODS = ["POST", "PUT", "PATCH"] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];
export const WEBHOOK_STATUSES = ["active", "inactive"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** A new webhook: method POST, status active. */
export const DEFAULT_WEBHOOK = { method: "POST", status: "active" } as const satisfies {
  method: WebhookMethod;
  status: WebhookStatus;
};

/** The event types a new webhook sends: the answers (spec: mount … close are all offered). */
export const WEBHOOK_DEFAULT_EVENTS = ["finish", "form"] as const;

/** Signing secrets are `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/**
 * When each attempt of a delivery is made, counted from the previous failed one: the first
 * immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (docs/webhooks.md).
 * After the last one fails the delivery is failed for good.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
] as const;

/** An attempt that has no answer after this long failed (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** An endpoint whose deliveries have failed (without one success) this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** A `Retry-After` longer than this is cut to it. */
export const WEBHOOK_MAX_RETRY_AFTER_MS = 24 * 3_600_000;
/** The delivery log keeps this many days. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
/** How much of an endpoint's answer the log keeps. */
export const WEBHOOK_RESPONSE_BODY_LIMIT = 1024;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Header names a webhook's own headers may not set (the signature and body headers). */
export const WEBHOOK_RESERVED_HEADERS = [
  "webhook-id",
  "webhook-timestamp",
  "webhook-signature",
  "content-type",
  "content-length",
  "host",
  "user-agent",
] as const;

/** Messages of the webhook dialog that the spec does not give. */
export const WEBHOOK_MESSAGES = {
  events: "Please select at least one event.",
  headerName: "Header names may use letters, digits and - only.",
  reservedHeader: "This header is set by Floow.",
} as const;
