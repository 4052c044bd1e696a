import { z } from "zod";
import { idSchema } from "../shared/schema";
import { ANALYTICS_MAX_DAYS, RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from "./constants";

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dayMessage = "Please pick a date.";

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const analyticsDaySchema = z
  .string({ error: dayMessage })
  .max(10, { error: dayMessage })
  .regex(DAY_PATTERN, { error: dayMessage })
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      error: dayMessage,
    },
  );

/** Whole days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** A range of days (both included) and optionally one domain: `analytics.overview`. */
export const analyticsRangeSchema = z
  .object({
    from: analyticsDaySchema,
    to: analyticsDaySchema,
    domainId: idSchema.optional(),
  })
  .refine((range) => range.from <= range.to, {
    error: "The start date must be on or before the end date.",
    path: ["to"],
  })
  .refine((range) => daysInRange(range.from, range.to) <= ANALYTICS_MAX_DAYS, {
    error: `Please pick at most ${ANALYTICS_MAX_DAYS} days.`,
    path: ["from"],
  });

export type AnalyticsRange = z.output<typeof analyticsRangeSchema>;

/** One floow over a range: `analytics.floow` and the CSV export (`GET /api/analytics/sessions.csv`). */
export const analyticsFloowSchema = z
  .object({
    id: idSchema,
    from: analyticsDaySchema,
    to: analyticsDaySchema,
    /** Only the sessions shown this published version (none: all versions). */
    version: z
      .number({ error: "Please pick a version." })
      .int({ error: "Please pick a version." })
      .min(1, { error: "Please pick a version." })
      .optional(),
  })
  .refine((range) => range.from <= range.to, {
    error: "The start date must be on or before the end date.",
    path: ["to"],
  })
  .refine((range) => daysInRange(range.from, range.to) <= ANALYTICS_MAX_DAYS, {
    error: `Please pick at most ${ANALYTICS_MAX_DAYS} days.`,
    path: ["from"],
  });

export type AnalyticsFloowQuery = z.output<typeof analyticsFloowSchema>;

const retentionMessage = `The retention is a whole number of months from ${RETENTION_MONTHS_MIN} to ${RETENTION_MONTHS_MAX}.`;

/** `analytics.updateSettings`: how long the organization's events are kept. */
export const analyticsSettingsSchema = z.object({
  retentionMonths: z
    .number({ error: retentionMessage })
    .int({ error: retentionMessage })
    .min(RETENTION_MONTHS_MIN, { error: retentionMessage })
    .max(RETENTION_MONTHS_MAX, { error: retentionMessage }),
});

export type AnalyticsSettings = z.output<typeof analyticsSettingsSchema>;

/** `analytics.eraseShopper`: a data-subject request by e-mail address. */
export const eraseShopperSchema = z.object({
  email: z
    .string({ error: "Please enter an e-mail address." })
    .trim()
    .min(1, { error: "Please enter an e-mail address." })
    .max(320, { error: "Please enter a valid e-mail address." })
    .pipe(z.email({ error: "Please enter a valid e-mail address." })),
});
