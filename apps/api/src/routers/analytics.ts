import {
  analyticsFloowSchema,
  analyticsRangeSchema,
  analyticsSettingsSchema,
  daysInRange,
  eraseShopperSchema,
} from "@floow/domain/analytics";
import { DomainError } from "@floow/domain/errors";
import type {
  AnalyticsOverview,
  AnalyticsPeriod,
  AnalyticsSettingsView,
  FloowAnalytics,
  ShopperErasure,
} from "@floow/domain/analytics";
import type { Kysely } from "kysely";
import type { DB } from "../db/database";
import {
  choiceDistribution,
  eraseShopperByEmail,
  findRetentionMonths,
  floowRows,
  formCompletion,
  funnel,
  productResults,
  saveRetentionMonths,
  sessionDays,
  sessionShares,
  sessionTotals,
} from "../db/queries/analytics";
import type { SessionScope } from "../db/queries/analytics";
import {
  NO_REVENUE,
  revenueByChoice,
  revenueByFloow,
  revenueByProduct,
  revenueTotals,
} from "../db/queries/analytics-revenue";
import { findDomain } from "../db/queries/domain";
import { findFloow } from "../db/queries/floow";
import { adminProcedure, orgProcedure, router } from "../trpc/init";

const floowNotFound = () => new DomainError("NOT_FOUND", "Floow not found.");

/** The day `days` after (or, negative, before) a `YYYY-MM-DD` day. */
function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The range and the one of the same length just before it, with their totals and the range's days. */
async function periods(db: Kysely<DB>, scope: SessionScope, from: string, to: string) {
  const length = daysInRange(from, to);
  const previousFrom = shiftDay(from, -length);
  const previousTo = shiftDay(from, -1);
  const [current, previous, days] = await Promise.all([
    sessionTotals(db, scope, from, to),
    sessionTotals(db, scope, previousFrom, previousTo),
    sessionDays(db, scope, from, to),
  ]);
  // Orders are rated against the same period's sessions.
  const [currentRevenue, previousRevenue] = await Promise.all([
    revenueTotals(db, scope, from, to, current.sessions),
    revenueTotals(db, scope, previousFrom, previousTo, previous.sessions),
  ]);
  return {
    current: { from, to, totals: current, revenue: currentRevenue } satisfies AnalyticsPeriod,
    previous: {
      from: previousFrom,
      to: previousTo,
      totals: previous,
      revenue: previousRevenue,
    } satisfies AnalyticsPeriod,
    days,
  };
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Analytics of the organization's floows (docs/analytics.md). Every member may read them; the
 * retention and a shopper's erasure are the admins' (docs/permissions.md). Aggregation is SQL
 * (db/queries/analytics.ts); a floow or domain of another organization is NOT_FOUND. The CSV
 * export of a floow's sessions is a streamed download beside tRPC (http/analytics-export.ts).
 */
export const analyticsRouter = router({
  /** The organization's figures for a range (optionally one domain), against the period before; per day; per floow. */
  overview: orgProcedure
    .input(analyticsRangeSchema)
    .query(async ({ ctx, input }): Promise<AnalyticsOverview> => {
      if (input.domainId !== undefined && !(await findDomain(ctx.db, ctx.org.id, input.domainId))) {
        throw new DomainError("NOT_FOUND", "Domain not found.", [
          { path: ["domainId"], message: "Please select a domain." },
        ]);
      }
      const scope = { organizationId: ctx.org.id, domainId: input.domainId };
      const [figures, floows, revenue] = await Promise.all([
        periods(ctx.db, scope, input.from, input.to),
        floowRows(ctx.db, scope, input.from, input.to),
        revenueByFloow(ctx.db, scope, input.from, input.to),
      ]);
      return {
        ...figures,
        floows: floows.map((row) => ({ ...row, ...(revenue.get(row.id) ?? NO_REVENUE) })),
      };
    }),

  /** One floow: the same figures, the funnel, choices, form inputs, product results, devices and languages. */
  floow: orgProcedure
    .input(analyticsFloowSchema)
    .query(async ({ ctx, input }): Promise<FloowAnalytics> => {
      const floow = await findFloow(ctx.db, ctx.org.id, input.id);
      if (!floow) throw floowNotFound();
      const organizationId = ctx.org.id;
      // One published version's sessions (docs/analytics.md, "By version"); all without.
      const { from, to, version } = input;
      const scope = { organizationId, floowId: floow.id, floowVersion: version };
      const steps = floow.steps.map((step) => ({ id: step.id, text: plainText(step.text) }));
      const [figures, funnelSteps, choices, formInputs, results, devices, languages] =
        await Promise.all([
          periods(ctx.db, scope, from, to),
          funnel(ctx.db, organizationId, floow.id, from, to, steps, "Start page", version),
          choiceDistribution(ctx.db, organizationId, floow.id, from, to, steps, version),
          formCompletion(ctx.db, organizationId, floow.id, from, to, steps, version),
          productResults(ctx.db, organizationId, floow.id, from, to, version),
          sessionShares(ctx.db, scope, from, to, "os"),
          sessionShares(ctx.db, scope, from, to, "language"),
        ]);
      const [byChoice, byProduct] = await Promise.all([
        revenueByChoice(ctx.db, organizationId, floow.id, from, to, version),
        revenueByProduct(ctx.db, organizationId, floow.id, from, to, version),
      ]);
      return {
        ...figures,
        floow: { id: floow.id, name: floow.name, status: floow.status, type: floow.type },
        funnel: funnelSteps,
        choices: choices.map((step) => ({
          ...step,
          choices: step.choices.map((choice) => ({
            ...choice,
            ...(byChoice.get(choice.choiceId) ?? NO_REVENUE),
          })),
        })),
        formInputs,
        results: {
          ...results,
          products: results.products.map((product) => ({
            ...product,
            ...(byProduct.get(product.id) ?? NO_REVENUE),
          })),
        },
        devices,
        languages,
      };
    }),

  /** How long the organization's events are kept. */
  settings: orgProcedure.query(async ({ ctx }): Promise<AnalyticsSettingsView> => ({
    retentionMonths: await findRetentionMonths(ctx.db, ctx.org.id),
  })),

  updateSettings: adminProcedure
    .input(analyticsSettingsSchema)
    .mutation(async ({ ctx, input }): Promise<AnalyticsSettingsView> => {
      await saveRetentionMonths(ctx.db, ctx.org.id, input.retentionMonths);
      return { retentionMonths: input.retentionMonths };
    }),

  /** A data-subject request: erases every session in which a form answer is this e-mail address. */
  eraseShopper: adminProcedure
    .input(eraseShopperSchema)
    .mutation(({ ctx, input }): Promise<ShopperErasure> =>
      eraseShopperByEmail(ctx.db, ctx.org.id, input.email),
    ),
});
