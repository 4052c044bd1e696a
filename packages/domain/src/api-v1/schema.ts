/**
 * The public REST API `/api/v1` (docs/api.md): its query, path and answer schemas. The API's
 * OpenAPI document is generated from these (apps/api/src/http/v1/openapi.ts), so `.meta()`
 * carries the descriptions and examples it shows; `id` makes a schema a named component.
 */
import { z } from "zod";
import { ANALYTICS_MAX_DAYS } from "../analytics/constants";
import { analyticsDaySchema, daysInRange } from "../analytics/schema";
import { CONVERSION_BATCH_MAX, CONVERSION_ITEMS_MAX } from "../conversion/constants";
import { conversionInput, conversionItemSchema } from "../conversion/schema";
import { ERROR_CODES } from "../errors";
import { FLOOW_STATUSES, FLOOW_TYPES } from "../floow/constants";
import { LANGUAGES } from "../shared/constants";
import { idSchema } from "../shared/schema";

/** Every error: the same body as the public runtime API's. */
export const v1ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ example: "from: Please pick a date." }),
      fieldErrors: z.array(
        z.object({
          path: z.array(z.union([z.string(), z.number()])),
          message: z.string(),
        }),
      ),
    }),
  })
  .meta({
    id: "Error",
    description: "A 400 names the failing field in `message` and `fieldErrors`.",
  });

const day = (description: string) =>
  analyticsDaySchema.meta({ description, example: "2026-11-01" });

/** A range of days, both included, in Europe/Amsterdam (as the dashboard's analytics). */
const range = {
  from: day("First day, YYYY-MM-DD (Europe/Amsterdam), included."),
  to: day("Last day, YYYY-MM-DD (Europe/Amsterdam), included."),
};

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (value.from > value.to)
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: "The start date must be on or before the end date.",
    });
  else if (daysInRange(value.from, value.to) > ANALYTICS_MAX_DAYS)
    ctx.addIssue({
      code: "custom",
      path: ["from"],
      message: `Please pick at most ${ANALYTICS_MAX_DAYS} days.`,
    });
}

// --- floows ------------------------------------------------------------------------------

export const v1FloowSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(FLOOW_TYPES),
    status: z.enum(FLOOW_STATUSES),
    language: z.enum(LANGUAGES),
    domainId: z.string(),
    liveVersion: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The published version shoppers get; null when none is live." }),
    updatedAt: z.iso.datetime().meta({ description: "Last change of the draft." }),
  })
  .meta({ id: "FloowSummary" });

export const v1FloowListSchema = z
  .object({ data: z.array(v1FloowSummarySchema) })
  .meta({ id: "FloowList" });

export const v1FloowParamsSchema = z.object({
  id: idSchema.meta({ description: "The floow's id." }),
});

export const v1LiveFloowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(FLOOW_TYPES),
    language: z.enum(LANGUAGES),
    domainId: z.string(),
    version: z.number().int().meta({ description: "The live version's number." }),
    publishedAt: z.iso.datetime(),
    content: z.record(z.string(), z.unknown()).meta({
      description:
        "The live version as shoppers get it: start, steps (questions and answers), finish, triggers, buttons, container and progress settings, as in the editor.",
    }),
  })
  .meta({ id: "LiveFloow" });

// --- money -------------------------------------------------------------------------------

/** Money of one currency: orders keep theirs and are never converted (docs/analytics.md "Revenue"). */
export const v1RevenueAmountSchema = z
  .object({
    currency: z.string().meta({ description: "ISO 4217, upper case.", example: "EUR" }),
    total: z.number().meta({ description: "The orders' whole value.", example: 624 }),
    influenced: z.number().meta({
      description: "The part of it the floow showed or the shopper clicked.",
      example: 599,
    }),
    assisted: z.number().meta({ description: "The rest: total − influenced.", example: 25 }),
  })
  .meta({ id: "RevenueAmount" });

const amounts = (description: string) =>
  z.array(v1RevenueAmountSchema).meta({
    description: `${description} One item per currency, euro first; empty without orders.`,
  });

// --- events export -----------------------------------------------------------------------

export const V1_EVENTS_PAGE_MAX = 1000;
export const V1_EVENTS_PAGE_DEFAULT = 100;

export const v1EventsQuerySchema = z
  .object({
    ...range,
    floowId: idSchema.optional().meta({ description: "Only this floow's sessions." }),
    cursor: z
      .string()
      .max(500)
      .optional()
      .meta({ description: "`nextCursor` of the previous page; none for the first page." }),
    limit: z.coerce
      .number({ error: `Please pick a number from 1 to ${V1_EVENTS_PAGE_MAX}.` })
      .int({ error: `Please pick a number from 1 to ${V1_EVENTS_PAGE_MAX}.` })
      .min(1, { error: `Please pick a number from 1 to ${V1_EVENTS_PAGE_MAX}.` })
      .max(V1_EVENTS_PAGE_MAX, { error: `Please pick a number from 1 to ${V1_EVENTS_PAGE_MAX}.` })
      .default(V1_EVENTS_PAGE_DEFAULT)
      .meta({ description: `Sessions per page, 1–${V1_EVENTS_PAGE_MAX}.` }),
  })
  .superRefine(checkRange);
export type V1EventsQuery = z.output<typeof v1EventsQuerySchema>;

/** One session: the fields of the dashboard's CSV export, one row per session. */
export const v1SessionSchema = z
  .object({
    sessionId: z.string(),
    floowId: z.string(),
    floowVersion: z.number().int().nullable(),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    answers: z.array(z.string()).meta({
      description: 'Each step\'s last answer as "Step: answer", in the order answered.',
      example: ["What do you ride?: Gravel", "Budget: 1000-2000"],
    }),
    clickedProducts: z
      .array(z.string())
      .meta({ description: "Names (or ids) of the products clicked, sorted." }),
    os: z.string().meta({ example: "mac" }),
    language: z.string().meta({ example: "nl" }),
    orders: z.number().int().meta({ description: "Orders attributed to the session.", example: 1 }),
    orderIds: z.array(z.string()).meta({
      description: "Their order ids, in the order they were placed.",
      example: ["10045"],
    }),
    revenue: amounts("The orders' value, split into influenced and assisted."),
  })
  .meta({ id: "Session" });
export type V1Session = z.output<typeof v1SessionSchema>;

export const v1EventsPageSchema = z
  .object({
    data: z.array(v1SessionSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "SessionPage" });

// --- analytics summary -------------------------------------------------------------------

export const v1AnalyticsQuerySchema = z
  .object({
    ...range,
    domainId: idSchema.optional().meta({ description: "Only this domain's floows." }),
    floowId: idSchema.optional().meta({ description: "Only this floow." }),
  })
  .superRefine(checkRange);
export type V1AnalyticsQuery = z.output<typeof v1AnalyticsQuerySchema>;

const rate = z.number().nullable();

export const v1TotalsSchema = z
  .object({
    views: z.number().int(),
    sessions: z.number().int(),
    starts: z.number().int(),
    startedSessions: z.number().int(),
    startRate: rate,
    completions: z.number().int(),
    completedSessions: z.number().int(),
    completionRate: rate,
    clicks: z.number().int(),
    clickedSessions: z.number().int(),
    clickThroughRate: rate,
    orders: z.number().int().meta({
      description: "Orders attributed to a floow session and placed in the range.",
    }),
    revenue: amounts("Those orders' value, split into influenced and assisted."),
    conversionRate: rate.meta({ description: "orders ÷ sessions." }),
    revenuePerSession: z
      .array(z.object({ currency: z.string(), amount: z.number() }))
      .meta({ description: "Per currency, revenue ÷ sessions; empty without sessions or orders." }),
  })
  .meta({
    id: "Totals",
    description:
      "The dashboard's overview figures; rates 0–1, null without a base. Orders count by when they were placed, sessions by when they began.",
  });

const period = z.object({ from: z.string(), to: z.string(), totals: v1TotalsSchema });

export const v1AnalyticsSummarySchema = z
  .object({
    current: period,
    previous: period.meta({ description: "The same number of days just before `from`." }),
  })
  .meta({ id: "AnalyticsSummary" });
export type V1AnalyticsSummary = z.output<typeof v1AnalyticsSummarySchema>;

// --- conversions -------------------------------------------------------------------------

const itemShape = conversionItemSchema.shape;
const orderShape = conversionInput.shape;

/**
 * `POST /api/v1/conversions`'s body: @floow/domain's `conversionInput`, field for field the
 * same checks (each field is conversionInput's own schema), with the descriptions the OpenAPI
 * document shows.
 */
export const v1ConversionBodySchema = conversionInput
  .extend({
    orderId: orderShape.orderId.meta({
      description:
        "Your order id (string or number). An order counts once per organization and id.",
      example: "10045",
    }),
    value: orderShape.value.meta({
      description: "The order's total, in `currency`.",
      example: 129.95,
    }),
    currency: orderShape.currency.meta({
      description: "ISO 4217 code, any case; stored upper case.",
      example: "EUR",
    }),
    items: z
      .array(
        conversionItemSchema
          .extend({
            id: itemShape.id.meta({
              description: "The product's id as in your feed (string or number).",
            }),
            name: itemShape.name.meta({ description: "The product's name." }),
            price: itemShape.price.meta({ description: "Unit price." }),
            quantity: itemShape.quantity.meta({ description: "How many (1 when left out)." }),
          })
          .meta({ id: "ConversionItem" }),
      )
      .max(CONVERSION_ITEMS_MAX)
      .default([])
      .meta({
        description:
          "The order's lines: revenue from products the floow showed or the shopper clicked counts as influenced, the rest as assisted.",
      }),
    visitorId: orderShape.visitorId.meta({
      description:
        "The shopper's visitor id from the runtime (`floow.visitorId()`, only with analytics consent), passed through your checkout: attributes the order to the visitor's last floow session.",
    }),
    sessionId: orderShape.sessionId.meta({
      description: "The runtime's session id, when there is no visitor id.",
    }),
    occurredAt: orderShape.occurredAt.meta({
      description:
        "When the order was placed (ISO 8601 with an offset); when it arrives if left out.",
      example: "2026-11-26T10:15:00+01:00",
    }),
  })
  .meta({ id: "Conversion" });

export const v1ConversionResultSchema = z
  .object({
    id: z.string(),
    duplicate: z.boolean().meta({
      description: "true when the order was reported before: it still counts once.",
    }),
  })
  .meta({ id: "ConversionResult" });

const batchSize = `Send 1 to ${CONVERSION_BATCH_MAX} orders at once.`;

/**
 * The batch form of `POST /api/v1/conversions`: up to `CONVERSION_BATCH_MAX` orders, each
 * checked as the single form is. Checked whole before anything is stored: one bad order gets
 * a 400 naming it (`orders.3.value`) and none of the batch is stored (docs/api.md).
 */
export const v1ConversionBatchSchema = z
  .object({
    orders: z
      .array(v1ConversionBodySchema)
      .min(1, { error: batchSize })
      .max(CONVERSION_BATCH_MAX, { error: batchSize })
      .meta({
        description: `1 to ${CONVERSION_BATCH_MAX} orders, each as the single form. An order counts once, however often it is sent (in one batch or several).`,
      }),
  })
  .meta({ id: "ConversionBatch" });

/** The body of `POST /api/v1/conversions`: one order, or `{ orders: [...] }`. */
export const v1ConversionRequestSchema = z
  .union([v1ConversionBodySchema, v1ConversionBatchSchema])
  .meta({ description: 'One order, or a batch: `{ "orders": [ … ] }`.' });

/**
 * Which form a body is in, to check it against that form alone (so a 400 names the field of
 * that form, `value` or `orders.3.value`, not a mix of both): a batch is an object with `orders`.
 */
export function v1ConversionFormOf(
  body: unknown,
): typeof v1ConversionBodySchema | typeof v1ConversionBatchSchema {
  return typeof body === "object" && body !== null && !Array.isArray(body) && "orders" in body
    ? v1ConversionBatchSchema
    : v1ConversionBodySchema;
}

export const v1ConversionBatchResultSchema = z
  .object({
    data: z
      .array(
        z
          .object({
            orderId: z.string().meta({ description: "The order id as sent (as text)." }),
            id: z.string(),
            duplicate: z.boolean().meta({
              description:
                "true when the order was known already (reported before, or earlier in this batch): it still counts once.",
            }),
          })
          .meta({ id: "ConversionBatchItem" }),
      )
      .meta({ description: "One result per order, in the order sent." }),
    created: z.number().int().meta({ description: "Orders new to Floow." }),
    duplicates: z.number().int().meta({ description: "Orders known already." }),
  })
  .meta({ id: "ConversionBatchResult" });

export type V1FloowSummary = z.output<typeof v1FloowSummarySchema>;
export type V1LiveFloow = z.output<typeof v1LiveFloowSchema>;
export type V1Conversion = z.output<typeof v1ConversionBodySchema>;
export type V1ConversionResult = z.output<typeof v1ConversionResultSchema>;
export type V1ConversionBatch = z.output<typeof v1ConversionBatchSchema>;
export type V1ConversionBatchResult = z.output<typeof v1ConversionBatchResultSchema>;
