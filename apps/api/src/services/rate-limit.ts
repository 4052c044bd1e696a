import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";

/**
 * The API's one rate limiter (docs/architecture.md, "Rate limits"): a token bucket per key,
 * counted in Redis when REDIS_URL is set (shared by every API process) and in this process's
 * memory otherwise (or while Redis cannot be reached).
 *
 * Why not @fastify/rate-limit's own stores: both (LocalStore, RedisStore) count fixed windows,
 * so a client could send the whole budget at the end of one window and again at the start of
 * the next: twice the limit within seconds. This store keeps the plugin (hooks, headers,
 * `Retry-After`, the error builder) and replaces the counting with GCRA, the "generic cell rate
 * algorithm": a bucket of `max` tokens that refills evenly over the window. Each key holds one
 * number (the theoretical arrival time, TAT), so a request is one Map lookup in memory or one
 * Redis script call (EVALSHA), and no request ever gets more than `max` in a burst.
 *
 * Users: @fastify/rate-limit for the HTTP routes (public API: `config.rateLimit` per route),
 * and `consume` for tRPC procedures (several per batched request, counted per user),
 * better-auth (its `customStorage` interface is this `consume`) and uploads.
 */

/** A limit: `max` requests per `window` seconds, refilled evenly (one every window/max). */
export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the key may try again; null when allowed. */
  retryAfter: number | null;
}

/** What @fastify/rate-limit expects from a store's `incr`. */
export interface RateLimitHit {
  /** Requests counted against the bucket; above `max` means refused. */
  current: number;
  /** Refused: ms until one request is allowed again. Allowed: ms until the bucket is full. */
  ttl: number;
}

export interface RateLimiterOptions {
  /** Redis and its key prefix (REDIS_URL, REDIS_KEY_PREFIX); absent: memory only. */
  redis?: { client: Redis; prefix: string };
  /** Most keys kept in memory (each is one number). */
  maxKeys?: number;
  /** The memory store's clock (tests). Redis uses its own clock, shared by every process. */
  now?: () => number;
}

export interface RateLimiter {
  /** Counts one request for `key` under `rule` (better-auth's customStorage interface). */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** The same in @fastify/rate-limit's terms (window in ms). */
  hit(key: string, windowMs: number, max: number): Promise<RateLimitHit>;
  /** Whether requests are counted in Redis right now. */
  shared(): boolean;
}

/** The message of every 429 (docs/architecture.md, error codes). */
export const rateLimitMessage = (seconds: number) =>
  `Too many requests. Try again in ${seconds} seconds.`;

/**
 * GCRA on Redis, on Redis's clock (TIME) so every process agrees. KEYS[1] the bucket, ARGV the
 * window (ms) and max. Answers {current, ttl} as RateLimitHit. The TAT is kept with %.17g so
 * it survives the round trip as a string; the key expires when the bucket would be full.
 */
const GCRA_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local interval = window / max
local tat = tonumber(redis.call('GET', KEYS[1]) or 0)
if tat < now then tat = now end
local new_tat = tat + interval
local used = new_tat - now
if used > window + 0.001 then
  return {max + 1, math.ceil(used - window)}
end
redis.call('SET', KEYS[1], string.format('%.17g', new_tat), 'PX', math.ceil(used))
return {max - math.floor((window - used) / interval + 0.000001), math.ceil(used)}
`;

type GcraRedis = Redis & {
  floowGcra(key: string, windowMs: number, max: number): Promise<[number, number]>;
};

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const { maxKeys = 100_000, now = Date.now } = options;
  const redis = options.redis?.client as GcraRedis | undefined;
  const prefix = `${options.redis?.prefix ?? ""}rate-limit:`;
  if (redis && !redis.floowGcra)
    redis.defineCommand("floowGcra", { numberOfKeys: 1, lua: GCRA_LUA });

  /** Theoretical arrival time per key, in ms. */
  const tats = new Map<string, number>();

  function hitInMemory(key: string, windowMs: number, max: number): RateLimitHit {
    const at = now();
    const interval = windowMs / max;
    const tat = Math.max(tats.get(key) ?? at, at);
    const used = tat + interval - at;
    if (used > windowMs + 0.001) return { current: max + 1, ttl: Math.ceil(used - windowMs) };
    if (tats.size >= maxKeys && !tats.has(key)) prune(at);
    tats.set(key, tat + interval);
    return {
      current: max - Math.floor((windowMs - used) / interval + 1e-6),
      ttl: Math.ceil(used),
    };
  }

  /** Drops full buckets (TAT in the past); if none, the oldest key. */
  function prune(at: number): void {
    for (const [key, tat] of tats) if (tat <= at) tats.delete(key);
    if (tats.size >= maxKeys) tats.delete(tats.keys().next().value as string);
  }

  async function hit(key: string, windowMs: number, max: number): Promise<RateLimitHit> {
    if (redis?.status === "ready") {
      try {
        const [current, ttl] = await redis.floowGcra(prefix + key, windowMs, max);
        return { current, ttl };
      } catch {
        // Redis failed this once: count in memory rather than refuse or let everyone through.
      }
    }
    return hitInMemory(key, windowMs, max);
  }

  return {
    hit,
    async consume(key, rule) {
      const { current, ttl } = await hit(key, rule.window * 1000, rule.max);
      return current > rule.max
        ? { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) }
        : { allowed: true, retryAfter: null };
    },
    shared: () => redis?.status === "ready",
  };
}

/**
 * A @fastify/rate-limit store over `limiter` (its store interface: `incr` and `child`; the
 * plugin constructs it with `new`). Each route's child counts under its method and URL.
 */
function storeClass(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  return class GcraStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly namespace = "",
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitHit) => void,
      timeWindow: number,
      max: number,
    ): void {
      limiter.hit(this.namespace + key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's merged limit options with the route under `routeInfo`
    // (its types say the route itself).
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]) {
      const { method, url } = (routeOptions as unknown as { routeInfo: RouteInfo }).routeInfo;
      return new GcraStore(undefined, `${String(method)}${url ?? ""}:`);
    }
  };
}

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The API's one rate limiter (services/rate-limit.ts). */
    rateLimiter: RateLimiter;
  }
}

/**
 * Registers @fastify/rate-limit once for the whole app with the GCRA store: no route is
 * limited unless it says so (`config: { rateLimit: { max, timeWindow } }`), counted per client
 * address (`request.ip`, which honours TRUST_PROXY). A refused request gets `Retry-After`
 * (seconds) and the X-RateLimit-* headers, and the error says when to try again; allowed ones
 * carry X-RateLimit-Limit/-Remaining/-Reset. Calling it again on the same app does nothing.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  limiter: RateLimiter = createRateLimiter(),
): Promise<RateLimiter> {
  if (app.hasDecorator("rateLimiter")) return app.rateLimiter;
  app.decorate("rateLimiter", limiter);
  await app.register(fastifyRateLimit, {
    global: false,
    // A route's `max` is per minute unless it says `timeWindow`.
    timeWindow: 60_000,
    store: storeClass(limiter),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(rateLimitMessage(Math.max(1, Math.ceil(context.ttl / 1000)))), {
        statusCode: context.statusCode,
      }),
  });
  return limiter;
}
