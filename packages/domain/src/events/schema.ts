import { z } from "zod";
import { productSchema } from "../feed/schema";
import { EVENT_VALUE_TYPES } from "../floow/constants";
import { FORM_INPUT_TYPES } from "../form-input/constants";
import { formInputValueSchema } from "../form-input/schema";
import {
  EVENTS_VERSION,
  EVENT_BATCH_MAX,
  EVENT_ID_MAX,
  EVENT_NAME,
  EVENT_PRODUCT_DEPTH_MAX,
  EVENT_PRODUCT_VALUES_MAX,
  EVENT_STRING_MAX,
  EVENT_TYPES,
} from "./constants";

const text = z.string().max(10_000);
/** Ids the runtime makes (UUIDs, step and choice ids): far below what an index row holds. */
const eventId = z.string().min(1).max(EVENT_ID_MAX);
const shortId = z.string().max(EVENT_ID_MAX);
const eventEntry = z.object({ key: text, type: z.enum(EVENT_VALUE_TYPES) });

/** The first place in a JSON value that nests deeper than `max`, or a string longer than `EVENT_STRING_MAX`. */
function jsonProblem(value: unknown, max: number): string | null {
  // Iterative, so a value nested 100,000 levels deep cannot overflow the stack.
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (++seen > EVENT_PRODUCT_VALUES_MAX)
      return `has more than ${EVENT_PRODUCT_VALUES_MAX} values`;
    if (typeof item.value === "string") {
      if (item.value.length > EVENT_STRING_MAX)
        return `has a text longer than ${EVENT_STRING_MAX} characters`;
    } else if (item.value !== null && typeof item.value === "object") {
      if (item.depth >= max) return `nests deeper than ${max} levels`;
      for (const [key, child] of Object.entries(item.value)) {
        if (key.length > EVENT_ID_MAX) return `has a name longer than ${EVENT_ID_MAX} characters`;
        stack.push({ value: child, depth: item.depth + 1 });
      }
    }
  }
  return null;
}

/** A product in an event: a flat-ish record (the runtime trims it to id, name, price, url, image). */
const eventProductSchema = productSchema.superRefine((product, ctx) => {
  const problem = jsonProblem(product, EVENT_PRODUCT_DEPTH_MAX);
  if (problem) ctx.addIssue({ code: "custom", message: `The product ${problem}.` });
});

/**
 * An event message (the public events call validates what the runtime posts, and stores it
 * as parsed: the version and the step's and choices' data-layer and activation keys too).
 * `v` defaults to 1 and the keys are optional, for messages built without them.
 */
export const floowEventMessageSchema = z.object({
  event: z.literal(EVENT_NAME),
  v: z.number().int().min(1).default(EVENTS_VERSION),
  id: eventId,
  organizationId: shortId,
  domainId: shortId,
  floowId: eventId,
  /** The published version the shopper was shown (added in v1, optional). */
  floowVersion: z.number().int().min(1).max(1_000_000).optional(),
  sessionId: eventId,
  /**
   * The runtime's first-party visitor id (added in v1, optional): set only with the page's
   * analytics consent (docs/events.md "Consent"), null or absent without it.
   */
  visitorId: eventId.nullable().optional(),
  /** The visitor's arm of the floow's running experiment (added in v1, optional). */
  variantId: eventId.optional(),
  createdAt: z.string().max(40),
  type: z.enum(EVENT_TYPES),
  step: z
    .object({
      id: shortId,
      text,
      dataLayer: eventEntry.optional(),
      activation: eventEntry.optional(),
    })
    .optional(),
  choices: z
    .array(
      z.object({
        id: shortId,
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
        id: shortId,
        type: z.enum(FORM_INPUT_TYPES),
        text,
        value: formInputValueSchema.refine((value) => jsonProblem(value, 2) === null, {
          message: `The value is longer than ${EVENT_STRING_MAX} characters.`,
        }),
      }),
    )
    .max(200)
    .optional(),
  product: eventProductSchema.optional(),
  products: z.array(eventProductSchema).max(500).optional(),
  /** `finish` of a selling floow: the results were a best partial match (added in v1, optional). */
  partial: z.boolean().optional(),
});

/**
 * The envelope of the public events call: 1 to 100 messages, each checked on its own with
 * `floowEventMessageSchema` (so one bad message does not cost the batch its valid ones).
 */
export const eventBatchEnvelopeSchema = z.object({
  events: z.array(z.unknown()).min(1).max(EVENT_BATCH_MAX),
});

/** The public events call (`POST /api/public/events`): a batch of event messages. */
export const eventBatchSchema = z.object({
  events: z.array(floowEventMessageSchema).min(1).max(EVENT_BATCH_MAX),
});

export type EventBatch = z.output<typeof eventBatchSchema>;
