import { DomainError } from "@floow/domain/errors";
import { rateLimitMessage } from "../../services/rate-limit";
import type { RateLimiter, RateLimitRule } from "../../services/rate-limit";
import { withRetryAfter } from "../errors";

export type { RateLimitRule };

/**
 * Counts one call of a procedure with the API's one limiter (services/rate-limit.ts), the same
 * buckets and Redis script as @fastify/rate-limit on the public routes; past the rule it throws
 * RATE_LIMITED (429, with Retry-After: trpc/errors.ts and http/trpc.ts).
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
): Promise<void> {
  const { allowed, retryAfter } = await limiter.consume(key, rule);
  if (!allowed) {
    const seconds = retryAfter ?? 1;
    throw withRetryAfter(new DomainError("RATE_LIMITED", rateLimitMessage(seconds)), seconds);
  }
}
