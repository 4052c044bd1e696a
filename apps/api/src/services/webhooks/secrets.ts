import { randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "@floow/domain/webhook";

/** A new signing secret: `whsec_` + base64 of 24 random bytes (Standard Webhooks' format). */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}
