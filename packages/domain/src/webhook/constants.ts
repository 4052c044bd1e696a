export const WEBHOOK_METHODS = ["POST", "PUT", "PATCH"] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];
export const WEBHOOK_STATUSES = ["active", "inactive"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** A new webhook: method POST, status active. */
export const DEFAULT_WEBHOOK = { method: "POST", status: "active" } as const satisfies {
  method: WebhookMethod;
  status: WebhookStatus;
};
