import { daysInRange } from "@floow/domain/analytics";
import type { ApiKeyScope } from "@floow/domain/api-key";
import {
  v1AnalyticsQuerySchema,
  v1AnalyticsSummarySchema,
  v1ConversionBatchResultSchema,
  v1ConversionFormOf,
  v1ConversionRequestSchema,
  v1ConversionResultSchema,
  v1EventsPageSchema,
  v1EventsQuerySchema,
  v1FloowListSchema,
  v1FloowParamsSchema,
  v1LiveFloowSchema,
} from "@floow/domain/api-v1";
import type {
  V1AnalyticsSummary,
  V1Conversion,
  V1ConversionBatchResult,
  V1LiveFloow,
} from "@floow/domain/api-v1";
import { DomainError } from "@floow/domain/errors";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/database";
import { sessionTotals } from "../../db/queries/analytics";
import { revenueTotals } from "../../db/queries/analytics-revenue";
import { decodeSessionCursor, listFloowSummaries, sessionPage } from "../../db/queries/api-v1";
import { findDomain } from "../../db/queries/domain";
import { findFloow } from "../../db/queries/floow";
import { findLiveFloow } from "../../db/queries/floow-version";
import { recordConversion } from "../../services/conversions/record";
import type { ApiCaller } from "./auth";

/** What a handler gets: the database, the key's organization and the parsed input. */
export interface V1Context<Params, Query, Body> {
  db: Kysely<DB>;
  caller: ApiCaller;
  params: Params;
  query: Query;
  body: Body;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * One `/api/v1` route: the Fastify route and its OpenAPI operation are both made from this,
 * so the document cannot drift from what the server does (http/v1/openapi.ts).
 */
export interface V1Route<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
> {
  method: "GET" | "POST";
  /** Fastify's form, `/floows/:id`; under `/api/v1`. */
  path: string;
  scope: ApiKeyScope;
  operationId: string;
  summary: string;
  description: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * For a body of several forms (`body` a union, for the document): the one form this body is
   * checked against, so a 400 names that form's field.
   */
  bodyOf?: (body: unknown) => Schema;
  /** The success answers (status → schema); errors are added for every route. */
  responses: Record<number, { description: string; schema: Schema }>;
  /** Answers 404 for a missing id of the key's organization (another organization's too). */
  notFound?: string;
  handler(context: V1Context<Out<P>, Out<Q>, Out<B>>): Promise<{ status: number; body: unknown }>;
}

const route = <
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  definition: V1Route<P, Q, B>,
) => definition as unknown as V1Route;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const V1_ROUTES: V1Route[] = [
  route({
    method: "POST",
    path: "/conversions",
    scope: "conversions:write",
    operationId: "recordConversion",
    summary: "Report an order, or a batch of orders",
    description:
      "Server to server (the Conversions API): an order counts once per organization and `orderId`, however often and however it is reported (the runtime, the data layer, Shopify, this call). A later report of a known order fills in what the first lacked (a visitor or session id, items) and answers 200 with `duplicate: true`. With a `visitorId` or `sessionId` (the runtime's `floow.visitorId()` / session id, passed on by your checkout) the order is attributed to the visitor's last floow session within the organization's attribution window.\n\nBatch: send `{ \"orders\": [ … ] }` with 1 to 100 orders, each as the single form; the answer is 200 with one result per order, in the order sent. The batch is checked whole first: one bad order gets a 400 naming it (`orders.3.value`) and none is stored. A batch counts as one request against the key's rate limit. If it fails midway (a 5xx), send it again: orders already stored come back as duplicates, never counted twice.\n\nA 503 with `Retry-After` says too many orders are waiting to be stored right now: send the same request again after that many seconds (an order counts once however often it is sent).",
    body: v1ConversionRequestSchema,
    bodyOf: v1ConversionFormOf,
    responses: {
      201: { description: "One order, recorded.", schema: v1ConversionResultSchema },
      200: {
        description:
          "One order known already (counted once), or a batch: one result per order, in the order sent.",
        schema: z.union([v1ConversionResultSchema, v1ConversionBatchResultSchema]),
      },
    },
    async handler({ db, caller, body }) {
      const record = (order: V1Conversion) =>
        recordConversion(db, { ...order, organizationId: caller.organizationId, source: "api" });
      if (!("orders" in body)) {
        const result = await record(body);
        return { status: result.duplicate ? 200 : 201, body: result };
      }
      // Each order goes to the conversions writer as a report of its own: they arrive together,
      // so its group commit stores them in a statement or two, and each order counts once (a
      // second report of one order in the batch is answered as a duplicate).
      const results = await Promise.all(body.orders.map(record));
      const created = results.filter((result) => !result.duplicate).length;
      const answer: V1ConversionBatchResult = {
        data: results.map((result, index) => ({ orderId: body.orders[index]!.orderId, ...result })),
        created,
        duplicates: results.length - created,
      };
      return { status: 200, body: answer };
    },
  }),
  route({
    method: "GET",
    path: "/floows",
    scope: "floows:read",
    operationId: "listFloows",
    summary: "List floows",
    description: "The organization's floows, oldest first, with the number of their live version.",
    responses: { 200: { description: "The floows.", schema: v1FloowListSchema } },
    async handler({ db, caller }) {
      return { status: 200, body: { data: await listFloowSummaries(db, caller.organizationId) } };
    },
  }),
  route({
    method: "GET",
    path: "/floows/:id",
    scope: "floows:read",
    operationId: "getLiveFloow",
    summary: "Read a floow's live version",
    description:
      "The version shoppers get now, as published. 404 when the floow does not exist, belongs to another organization or has no live version.",
    params: v1FloowParamsSchema,
    responses: { 200: { description: "The live version.", schema: v1LiveFloowSchema } },
    notFound: "Floow not found, or not live.",
    async handler({ db, caller, params }) {
      const floow = await findFloow(db, caller.organizationId, params.id);
      const live = floow ? await findLiveFloow(db, floow.id) : null;
      if (!live) throw new DomainError("NOT_FOUND", "Floow not found, or not live.");
      const {
        id,
        name,
        type,
        language,
        domainId,
        floowVersion,
        updatedAt,
        organizationId: _organization,
        userId: _user,
        createdAt: _created,
        status: _status,
        feedId: _feed,
        ...content
      } = live;
      const body: V1LiveFloow = {
        id,
        name,
        type,
        language,
        domainId,
        version: floowVersion,
        publishedAt: updatedAt,
        content,
      };
      return { status: 200, body };
    },
  }),
  route({
    method: "GET",
    path: "/events",
    scope: "events:read",
    operationId: "exportSessions",
    summary: "Export sessions",
    description:
      "The sessions that began in the range, one per row with the fields of the dashboard's CSV export (their attributed orders and revenue included), oldest first, a page at a time: follow `nextCursor` until it is null. Pages neither skip nor repeat a session.",
    query: v1EventsQuerySchema,
    responses: { 200: { description: "One page.", schema: v1EventsPageSchema } },
    async handler({ db, caller, query }) {
      const cursor = query.cursor === undefined ? null : decodeSessionCursor(query.cursor);
      if (query.cursor !== undefined && !cursor)
        throw new DomainError("BAD_REQUEST", "cursor: Not a cursor of this API.", [
          { path: ["cursor"], message: "Not a cursor of this API." },
        ]);
      const page = await sessionPage(db, caller.organizationId, query, cursor);
      return { status: 200, body: { data: page.sessions, nextCursor: page.nextCursor } };
    },
  }),
  route({
    method: "GET",
    path: "/analytics/summary",
    scope: "analytics:read",
    operationId: "analyticsSummary",
    summary: "Analytics summary",
    description:
      "The overview figures of the dashboard's analytics for a range of days (optionally one domain or floow), and for the same number of days before it: sessions, views, starts, completions, clicks and their rates; orders, revenue (influenced and assisted), conversion rate and revenue per session.",
    query: v1AnalyticsQuerySchema,
    responses: { 200: { description: "The figures.", schema: v1AnalyticsSummarySchema } },
    notFound: "Domain or floow not found.",
    async handler({ db, caller, query }) {
      const organizationId = caller.organizationId;
      if (query.domainId !== undefined && !(await findDomain(db, organizationId, query.domainId)))
        throw new DomainError("NOT_FOUND", "Domain not found.");
      if (query.floowId !== undefined && !(await findFloow(db, organizationId, query.floowId)))
        throw new DomainError("NOT_FOUND", "Floow not found.");
      const scope = { organizationId, domainId: query.domainId, floowId: query.floowId };
      const length = daysInRange(query.from, query.to);
      const previous = { from: shiftDay(query.from, -length), to: shiftDay(query.from, -1) };
      const [current, before] = await Promise.all([
        sessionTotals(db, scope, query.from, query.to),
        sessionTotals(db, scope, previous.from, previous.to),
      ]);
      // Orders are rated against the same period's sessions, as the dashboard's overview does.
      const [currentRevenue, previousRevenue] = await Promise.all([
        revenueTotals(db, scope, query.from, query.to, current.sessions),
        revenueTotals(db, scope, previous.from, previous.to, before.sessions),
      ]);
      const body: V1AnalyticsSummary = {
        current: {
          from: query.from,
          to: query.to,
          totals: pickTotals({ ...current, ...currentRevenue }),
        },
        previous: { ...previous, totals: pickTotals({ ...before, ...previousRevenue }) },
      };
      return { status: 200, body };
    },
  }),
];

/** The documented totals only (the dashboard's may carry more). */
function pickTotals(totals: V1AnalyticsSummary["current"]["totals"]) {
  const {
    views,
    sessions,
    starts,
    startedSessions,
    startRate,
    completions,
    completedSessions,
    completionRate,
    clicks,
    clickedSessions,
    clickThroughRate,
    orders,
    revenue,
    conversionRate,
    revenuePerSession,
  } = totals;
  return {
    views,
    sessions,
    starts,
    startedSessions,
    startRate,
    completions,
    completedSessions,
    completionRate,
    clicks,
    clickedSessions,
    clickThroughRate,
    orders,
    revenue,
    conversionRate,
    revenuePerSession,
  };
}
