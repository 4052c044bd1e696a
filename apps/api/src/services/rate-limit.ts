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
 * Where several processes count together (Redis, services/redis.ts). `consume` answers null
 * when it cannot count right now (Redis unreachable): the process then counts in memory.
 */
export interface RateLimitBackend {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision | null>;
}

let backend: RateLimitBackend | null = null;

/** Sets (or, with null, removes) the shared counters every store of this process uses first. */
export function setRateLimitBackend(next: RateLimitBackend | null): void {
  backend = next;
}

/**
 * Fixed-window counters, one store per use (tRPC procedures, uploads, better-auth's
 * `customStorage`). With REDIS_URL the counts live in Redis, shared by every API process
 * (keys `<REDIS_KEY_PREFIX>rate-limit:<key>`); without it, or while Redis cannot be reached,
 * in this process's memory.
 */
export function createRateLimitStore(maxKeys = 50_000) {
  const memory = createMemoryRateLimitStore(maxKeys);
  return {
    async consume(key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitDecision> {
      if (backend) {
        const shared = await backend.consume(key, rule).catch(() => null);
        if (shared) return shared;
      }
      return memory.consume(key, rule, now);
    },
  };
}

/** Fixed-window counters in this process's memory, at most `maxKeys` keys. */
function createMemoryRateLimitStore(maxKeys: number) {
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
