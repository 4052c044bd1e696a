import { z } from "zod";
import { productSchema } from "../feed/schema";
import { EVENT_VALUE_TYPES } from "../floow/constants";
import { FORM_INPUT_TYPES } from "../form-input/constants";
import { formInputValueSchema } from "../form-input/schema";
import { EVENTS_VERSION, EVENT_BATCH_MAX, EVENT_NAME, EVENT_TYPES } from "./constants";

const text = z.string().max(10_000);
const eventEntry = z.object({ key: text, type: z.enum(EVENT_VALUE_TYPES) });

/**
 * An event message (the public events call validates what the runtime posts, and stores it
 * as parsed: the version and the step's and choices' data-layer and activation keys too).
 * `v` defaults to 1 and the keys are optional, for messages built without them.
 */
export const floowEventMessageSchema = z.object({
  event: z.literal(EVENT_NAME),
  v: z.number().int().min(1).default(EVENTS_VERSION),
  id: z.string().min(1),
  organizationId: z.string(),
  domainId: z.string(),
  floowId: z.string().min(1),
  sessionId: z.string().min(1),
  createdAt: z.string(),
  type: z.enum(EVENT_TYPES),
  step: z
    .object({ id: z.string(), text, dataLayer: eventEntry.optional(), activation: eventEntry.optional() })
    .optional(),
  choices: z
    .array(
      z.object({
        id: z.string(),
        text,
        selected: z.boolean(),
        dataLayer: z.object({ key: text, customEvent: text }).optional(),
        activation: eventEntry.optional(),
      }),
    )
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
