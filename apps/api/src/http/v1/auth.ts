import type { ApiKeyScope } from "@floow/domain/api-key";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { findApiKeyByHash, touchApiKey } from "../../db/queries/api-key";
import type { ApiKeyPrincipal } from "../../db/queries/api-key";
import { hashApiKey, looksLikeApiKey } from "../../services/api-keys/secret";
import { CACHES, createTtlCache } from "../../services/cache";
import type { TtlCache } from "../../services/cache";
import { rateLimitMessage } from "../../services/rate-limit";
import type { RateLimiter, RateLimitRule } from "../../services/rate-limit";
import { sendError } from "../errors";

/** The key a request was let in with. */
export interface ApiCaller {
  keyId: string;
  organizationId: string;
}

export interface ApiAuthDeps {
  db: Kysely<DB>;
  /** Keys by hash (`createKeyCache`): a request costs no key query while its key is kept. */
  keys: TtlCache<ApiKeyPrincipal | null>;
  rateLimiter: RateLimiter;
  /** Requests per key (all /api/v1 routes together). */
  rateLimit: RateLimitRule;
}

/** A key's last use is written at most once a minute: a busy key costs no write per request. */
export const LAST_USED_EVERY_MS = 60_000;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Keys by the hash of the key, for 10 s (CACHES.apiKeys): a revoke clears it in every process
 * (services/cache, `invalidateApiKeyCaches`), so a revoked key gets 401 at once; the time only
 * bounds how long a process that missed the invalidation (Redis down) could still let it in.
 */
export function createKeyCache(): TtlCache<ApiKeyPrincipal | null> {
  return createTtlCache<ApiKeyPrincipal | null>(CACHES.apiKeys);
}

/**
 * Lets a request in by its API key (docs/api.md, "Errors"), in this order:
 * - no `Authorization: Bearer …`, a key Floow does not know, or a revoked one: 401 (the same
 *   answer for all three, so a guess learns nothing), with `WWW-Authenticate: Bearer`;
 * - a key without `scope`: 403 naming the scope;
 * - over the key's rate limit (the app's one limiter, counted per key, not per address): 429
 *   with `Retry-After`.
 * Returns the caller, or null when it answered.
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ApiAuthDeps,
  scope: ApiKeyScope,
): Promise<ApiCaller | null> {
  const token = BEARER.exec(request.headers.authorization ?? "")?.[1];
  let key: ApiKeyPrincipal | null = null;
  if (token && looksLikeApiKey(token)) {
    const hash = hashApiKey(token);
    key = await deps.keys.get(hash, () => findApiKeyByHash(deps.db, hash));
  }
  if (!key || key.revoked) {
    reply.header("www-authenticate", 'Bearer realm="floow"');
    await sendError(
      reply,
      401,
      "UNAUTHORIZED",
      token
        ? "The API key is not valid or has been revoked."
        : "Send an API key as `Authorization: Bearer flw_live_…`.",
    );
    return null;
  }
  if (!key.scopes.includes(scope)) {
    await sendError(reply, 403, "FORBIDDEN", `This API key lacks the scope ${scope}.`);
    return null;
  }
  const decision = await deps.rateLimiter.consume(`api-v1:key:${key.id}`, deps.rateLimit);
  if (!decision.allowed) {
    const seconds = decision.retryAfter ?? 1;
    reply.header("retry-after", String(seconds));
    await sendError(reply, 429, "RATE_LIMITED", rateLimitMessage(seconds));
    return null;
  }
  const now = new Date();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // The kept copy remembers it, so the next minute's requests of this process write nothing.
    key.lastUsedAt = now;
    await touchApiKey(deps.db, key.id, now, LAST_USED_EVERY_MS);
  }
  return { keyId: key.id, organizationId: key.organizationId };
}
