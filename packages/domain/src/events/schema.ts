import { z } from "zod";
import { productSchema } from "../feed/schema";
import { FORM_INPUT_TYPES } from "../form-input/constants";
import { formInputValueSchema } from "../form-input/schema";
import { EVENT_BATCH_MAX, EVENT_NAME, EVENT_TYPES } from "./constants";

const text = z.string().max(10_000);

/** An event message (the public events call validates what the runtime posts). */
export const floowEventMessageSchema = z.object({
  event: z.literal(EVENT_NAME),
  id: z.string().min(1),
  organizationId: z.string(),
  domainId: z.string(),
  floowId: z.string().min(1),
  sessionId: z.string().min(1),
  createdAt: z.string(),
  type: z.enum(EVENT_TYPES),
  step: z.object({ id: z.string(), text }).optional(),
  choices: z
    .array(z.object({ id: z.string(), text, selected: z.boolean() }))
    .max(500)
    .optional(),
  formInputs: z
    .array(
      z.object({
        id: z.string(),
        type: z.enum(FORM_INPUT_TYPES),
        text,
        value: formInputValueSchema,
      }),
    )
    .max(200)
    .optional(),
  product: productSchema.optional(),
  products: z.array(productSchema).max(500).optional(),
});

/** The public events call (`POST /api/public/events`): a batch of event messages. */
export const eventBatchSchema = z.object({
  events: z.array(floowEventMessageSchema).min(1).max(EVENT_BATCH_MAX),
});

export type EventBatch = z.output<typeof eventBatchSchema>;
