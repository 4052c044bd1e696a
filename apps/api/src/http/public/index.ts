import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { createEventIngest } from "../../services/events/ingest";
import type { EventIngest } from "../../services/events/ingest";
import { createResultsService } from "../../services/results";
import type { ResultsService } from "../../services/results";
import type { RedisConnections } from "../../services/redis";
import { createRateLimiter, registerRateLimit } from "../../services/rate-limit";
import { useErrorBody } from "../errors";
import { registerConversionsRoute } from "./conversions";
import { registerEventsRoute } from "./events";
import { registerFloowRoutes } from "./floows";
import { registerResultsRoute } from "./results";
import { registerTrackingRoute } from "./tracking";

/** Requests per client address and minute, per route. */
export interface PublicRateLimits {
  floows: number;
  results: number;
  events: number;
  conversions: number;
}

/**
 * A floow page load is one floows GET (then browser-cached), a few results calls and an
 * events beacon every few seconds; many visitors can share an address (offices, mobile NAT).
 */
export const PUBLIC_RATE_LIMITS: PublicRateLimits = {
  floows: 600,
  results: 300,
  events: 300,
  // A thank-you page reports its order once or twice (the call and the data layer's purchase).
  conversions: 120,
};

export interface PublicRouteDeps {
  db: Kysely<DB>;
  results?: ResultsService;
  rateLimits?: Partial<PublicRateLimits>;
  /**
   * How long the server reuses a floows answer (a publish shows within this time, plus the
   * browsers' 60 s). 0 in tests that publish and look at once.
   */
  floowsCacheMs?: number;
  /**
   * Redis (REDIS_URL): the rate limits are counted there, shared by every process. Used only
   * when the app has no rate limiter yet (createServer registers one first).
   */
  redis?: Pick<RedisConnections, "client" | "prefix">;
  /** The events writer (default: one for this app, flushed when the app closes). */
  eventIngest?: EventIngest;
}

/**
 * The runtime's public HTTP API at `/api/public` (docs/architecture.md, "Public API"): no
 * cookies, CORS `*` without credentials, bodies size-limited, rate-limited per client address
 * (Fastify's `request.ip`, which honours TRUST_PROXY). Errors are
 * `{ error: { code, message, fieldErrors } }`; a 400 names the field.
 */
export async function registerPublicRoutes(
  app: FastifyInstance,
  deps: PublicRouteDeps,
): Promise<void> {
  const limits = { ...PUBLIC_RATE_LIMITS, ...deps.rateLimits };
  const results =
    deps.results ??
    createResultsService(deps.db, {
      onReloadError: (error) =>
        app.log.warn(
          { err: error },
          "reloading a feed for results failed; the old products answer",
        ),
    });

  const ingest =
    deps.eventIngest ??
    createEventIngest(deps.db, {
      onError: (error) => app.log.error({ err: error }, "storing events failed"),
    });
  // Graceful shutdown: after the last request (close() waits for them), write what is queued;
  // onClose hooks run last-registered first, so this runs before the database closes.
  app.addHook("onClose", () => ingest.flush());
  // Per route and client address (`config.rateLimit` in the route files), by the app's one
  // limiter (services/rate-limit.ts): 429 with Retry-After, the `error` body from useErrorBody.
  await registerRateLimit(app, createRateLimiter(deps.redis && { redis: deps.redis }));

  await app.register(
    async (scope) => {
      useErrorBody(scope);
      await scope.register(cors, {
        origin: "*",
        credentials: false,
        methods: ["GET", "HEAD", "POST"],
        allowedHeaders: ["content-type", "if-none-match"],
        exposedHeaders: ["etag", "retry-after"],
        maxAge: 86_400,
      });
      registerFloowRoutes(
        scope,
        { db: deps.db, cacheMs: deps.floowsCacheMs ?? 5_000 },
        { max: limits.floows },
      );
      registerResultsRoute(scope, { results }, { max: limits.results });
      registerEventsRoute(
        scope,
        { db: deps.db, ingest, floowCacheMs: deps.floowsCacheMs ?? 5_000 },
        { max: limits.events },
      );
      registerConversionsRoute(scope, { db: deps.db }, { max: limits.conversions });
      // Asked once per page view with the loader, like the floows answer.
      registerTrackingRoute(
        scope,
        { db: deps.db, cacheMs: deps.floowsCacheMs ?? 5_000 },
        { max: limits.floows },
      );
    },
    { prefix: "/api/public" },
  );
}
