import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "../events/constants";
import { TEXT_LIMITS, tooLongMessage } from "../shared/limits";
import { boundedString, httpUrlString, idSchema, requiredString } from "../shared/schema";
import { FIELD_MESSAGES } from "../validation/checkers";
import {
  DEFAULT_WEBHOOK,
  WEBHOOK_DEFAULT_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_METHODS,
  WEBHOOK_RESERVED_HEADERS,
  WEBHOOK_STATUSES,
} from "./constants";

export const webhookSchema = z.object({
  id: idSchema,
  organizationId: z.string().default(""),
  domainId: idSchema,
  floowId: z.string().nullable().default(null),
  createdAt: z.string().default(() => new Date().toISOString()),
  updatedAt: z.string().default(() => new Date().toISOString()),
  name: requiredString(FIELD_MESSAGES.required, "name", "Name"),
  url: httpUrlString(FIELD_MESSAGES.required, FIELD_MESSAGES.website),
  secret: z.string().default(""),
  headers: z.record(z.string(), z.string()).default(() => ({})),
  method: z.enum(WEBHOOK_METHODS).default(DEFAULT_WEBHOOK.method),
  status: z.enum(WEBHOOK_STATUSES).default(DEFAULT_WEBHOOK.status),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).default(() => []),
});

const HEADER_NAME = /^[A-Za-z0-9-]+$/;

/**
 * What `webhook.create` / `webhook.update` take: no organization, no timestamps, no secret
 * (the server generates it); at least one event; headers Floow does not set itself.
 */
export const webhookInputSchema = webhookSchema
  .omit({ organizationId: true, createdAt: true, updatedAt: true, secret: true })
  .extend({
    floowId: idSchema
      .or(z.literal(""))
      .nullable()
      .default(null)
      .transform((v) => (v === "" ? null : v)),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .min(1, { error: WEBHOOK_MESSAGES.events })
      .default(() => [...WEBHOOK_DEFAULT_EVENTS]),
    headers: z
      .record(
        z
          .string()
          .max(TEXT_LIMITS.key, { error: tooLongMessage(TEXT_LIMITS.key, "A header name") }),
        boundedString("headerValue", "A header value"),
      )
      .default(() => ({}))
      .superRefine((headers, ctx) => {
        for (const name of Object.keys(headers)) {
          const lower = name.toLowerCase();
          if (!HEADER_NAME.test(name)) {
            ctx.addIssue({ code: "custom", message: WEBHOOK_MESSAGES.headerName, path: [name] });
          } else if ((WEBHOOK_RESERVED_HEADERS as readonly string[]).includes(lower)) {
            ctx.addIssue({
              code: "custom",
              message: WEBHOOK_MESSAGES.reservedHeader,
              path: [name],
            });
          }
        }
      }),
  });

/** A delivery log page: newest first, `before` a delivery id of the previous page. */
export const webhookDeliveriesQuerySchema = z.object({
  webhookId: idSchema,
  limit: z.number().int().min(1).max(100).default(25),
  before: z.string().max(TEXT_LIMITS.id).optional(),
});

export type WebhookInput = z.output<typeof webhookInputSchema>;
