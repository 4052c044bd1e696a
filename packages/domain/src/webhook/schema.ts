import { z } from "zod";
import { EVENT_TYPES } from "../events/constants";
import { httpUrlString, idSchema, requiredString } from "../shared/schema";
import { FIELD_MESSAGES } from "../validation/checkers";
import { DEFAULT_WEBHOOK, WEBHOOK_METHODS, WEBHOOK_STATUSES } from "./constants";

export const webhookSchema = z.object({
  id: idSchema,
  organizationId: z.string().default(""),
  domainId: idSchema,
  floowId: z.string().nullable().default(null),
  createdAt: z.string().default(() => new Date().toISOString()),
  updatedAt: z.string().default(() => new Date().toISOString()),
  name: requiredString(FIELD_MESSAGES.required),
  url: httpUrlString(FIELD_MESSAGES.required, FIELD_MESSAGES.website),
  secret: z.string().default(""),
  headers: z.record(z.string(), z.string()).default(() => ({})),
  method: z.enum(WEBHOOK_METHODS).default(DEFAULT_WEBHOOK.method),
  status: z.enum(WEBHOOK_STATUSES).default(DEFAULT_WEBHOOK.status),
  events: z.array(z.enum(EVENT_TYPES)).default(() => []),
});

/** What `webhook.create` / `webhook.update` take: no organization, no timestamps. */
export const webhookInputSchema = webhookSchema.omit({
  organizationId: true,
  createdAt: true,
  updatedAt: true,
});

export type WebhookInput = z.output<typeof webhookInputSchema>;
