import type { PublicTrackingSettings } from "@floow/domain/conversion";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { findRuntimeDomain } from "../../db/queries/domain";
import { CACHES, createTtlCache } from "../../services/cache";
import { runtimeSettings } from "../../services/integrations";
import { sendError } from "../errors";
import { PUBLIC_CACHE_CONTROL } from "./floows";

/**
 * `GET /api/public/domains/:domainId/tracking` → `PublicTrackingSettings`: the domain's consent
 * settings and its runtime integrations' (the GA4 purchase pick-up), for the runtime's consent
 * and conversions code on every page with the loader (docs/events.md "Consent"). Kept for
 * `cacheMs` per domain (404s too), cached by browsers like the floows answers, so a changed
 * setting reaches pages within about a minute. An unknown domain is a 404.
 */
export function registerTrackingRoute(
  scope: FastifyInstance,
  deps: { db: Kysely<DB>; cacheMs: number },
  rateLimit: { max: number },
): void {
  const cache = createTtlCache<PublicTrackingSettings | null>({
    ...CACHES.publicTracking,
    ttlMs: deps.cacheMs,
  });
  scope.get<{ Params: { domainId: string } }>(
    "/domains/:domainId/tracking",
    {
      config: { rateLimit },
      schema: {
        params: {
          type: "object",
          properties: { domainId: { type: "string", minLength: 1, maxLength: 100 } },
          required: ["domainId"],
        },
      },
    },
    async (request, reply) => {
      const { domainId } = request.params;
      const settings = await cache.get(domainId, async () => {
        const found = await findRuntimeDomain(deps.db, domainId);
        if (!found) return null;
        const answer: PublicTrackingSettings = {
          consent: found.domain.consent,
          ...runtimeSettings(found.domain),
        };
        return answer;
      });
      if (!settings) return sendError(reply, 404, "NOT_FOUND", "Domain not found.");
      return reply.header("cache-control", PUBLIC_CACHE_CONTROL).send(settings);
    },
  );
}
