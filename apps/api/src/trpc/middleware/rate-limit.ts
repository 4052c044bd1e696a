import { TRPCError } from "@trpc/server";
import { createRateLimitStore } from "../../services/rate-limit";
import type { RateLimitRule } from "../../services/rate-limit";
import { withRetryAfter } from "../retry-after";

export type { RateLimitRule };

/** A limiter for one procedure: `consume(key)` throws TOO_MANY_REQUESTS past the rule. */
export function createRateLimiter(rule: RateLimitRule) {
  const store = createRateLimitStore();
  return async function consume(key: string): Promise<void> {
    const { allowed, retryAfter } = await store.consume(key, rule);
    if (!allowed) {
      throw withRetryAfter(
        new TRPCError({ code: "TOO_MANY_REQUESTS", message: `Too many requests. Try again in ${retryAfter} seconds.` }),
        retryAfter ?? 1,
      );
    }
  };
}
