import { DomainError } from "@floow/domain/errors";
import { createRateLimitStore } from "../../services/rate-limit";
import type { RateLimitRule } from "../../services/rate-limit";
import { withRetryAfter } from "../errors";

export type { RateLimitRule };

/** A limiter for one procedure: `consume(key)` throws RATE_LIMITED (429, with when to try again) past the rule. */
export function createRateLimiter(rule: RateLimitRule) {
  const store = createRateLimitStore();
  return async function consume(key: string): Promise<void> {
    const { allowed, retryAfter } = await store.consume(key, rule);
    if (!allowed) {
      throw withRetryAfter(
        new DomainError("RATE_LIMITED", `Too many requests. Try again in ${retryAfter} seconds.`),
        retryAfter ?? 1,
      );
    }
  };
}
