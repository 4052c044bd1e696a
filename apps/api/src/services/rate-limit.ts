export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  /** Requests allowed per key in one window. */
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the key may try again; null when allowed. */
  retryAfter: number | null;
}

/**
 * Fixed-window counters in memory, one store per server (better-auth's own memory store is
 * shared by every instance in the process). One API process serves everything, so memory is
 * enough; running several processes would need the database or Redis here.
 */
export function createRateLimitStore(maxKeys = 50_000) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return {
    async consume(key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitDecision> {
      if (hits.size >= maxKeys) {
        for (const [k, entry] of hits) if (entry.resetAt <= now) hits.delete(k);
        if (hits.size >= maxKeys) hits.delete(hits.keys().next().value as string);
      }
      const entry = hits.get(key);
      if (!entry || entry.resetAt <= now) {
        hits.set(key, { count: 1, resetAt: now + rule.window * 1000 });
        return { allowed: true, retryAfter: null };
      }
      if (entry.count >= rule.max) {
        return { allowed: false, retryAfter: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
      }
      entry.count += 1;
      return { allowed: true, retryAfter: null };
    },
  };
}
