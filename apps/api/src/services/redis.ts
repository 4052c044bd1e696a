import { Redis } from "ioredis";
import { receiveCacheInvalidation, setCacheBus } from "./cache";
import type { CacheInvalidation } from "./cache";

/**
 * Redis for several API processes (REDIS_URL; docs/deployment.md): rate limits counted in
 * Redis (services/rate-limit.ts, which defines its own script on `client`) and cache
 * invalidations (services/cache) sent to every process by pub/sub. Every key and channel
 * starts with REDIS_KEY_PREFIX.
 *
 * Redis is a helper, never a single point of failure: while it cannot be reached, commands
 * fail at once (no offline queue), rate limits fall back to each process's memory, and
 * caches fall back to their short time limits; ioredis keeps reconnecting (and subscribes
 * again) on its own.
 */
export interface RedisConnections {
  /** Commands and publishing. */
  client: Redis;
  /** Prefix of every key and channel. */
  prefix: string;
  /** Whether the command connection is up right now. */
  isReady(): boolean;
  close(): Promise<void>;
}

export interface RedisLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** The pub/sub channel of cache invalidations. */
export const cacheChannel = (prefix: string) => `${prefix}cache-invalidation`;

function connect(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    lazyConnect: true,
    // Fail fast while disconnected: the callers fall back instead of waiting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/**
 * Connects to Redis and wires it into the rate limits and the cache bus. A Redis that is
 * down at start is reported and retried in the background; the process serves meanwhile.
 */
export async function startRedis(options: {
  url: string;
  prefix: string;
  logger: RedisLogger;
}): Promise<RedisConnections> {
  const { url, prefix, logger } = options;
  const client = connect(url, "floow-api");
  const subscriber = connect(url, "floow-api-subscriber");

  let lastError = "";
  for (const [connection, role] of [
    [client, "commands"],
    [subscriber, "subscriber"],
  ] as const) {
    connection.on("error", (error: Error) => {
      // ioredis reports every failed reconnect; say it once per distinct problem.
      if (error.message === lastError) return;
      lastError = error.message;
      logger.warn(
        { err: error, role },
        "redis unavailable: rate limits per process, caches by their time limits",
      );
    });
    connection.on("ready", () => {
      lastError = "";
      logger.info({ role }, "redis connected");
    });
  }

  const channel = cacheChannel(prefix);
  subscriber.on("message", (from: string, text: string) => {
    if (from !== channel) return;
    try {
      receiveCacheInvalidation(JSON.parse(text) as CacheInvalidation);
    } catch {
      // Not ours: ignore.
    }
  });

  await Promise.all([
    client.connect().catch(() => undefined),
    subscriber
      .connect()
      .then(() => subscriber.subscribe(channel))
      .catch(() => undefined),
  ]);
  // A subscriber that connects later (Redis was down at start) subscribes then.
  subscriber.on("ready", () => {
    subscriber.subscribe(channel).catch(() => undefined);
  });

  setCacheBus({
    publish(message) {
      if (client.status !== "ready") return;
      client
        .publish(channel, JSON.stringify(message))
        .catch((error: Error) => logger.warn({ err: error }, "cache invalidation not published"));
    },
  });

  return {
    client,
    prefix,
    isReady: () => client.status === "ready",
    async close() {
      setCacheBus(null);
      subscriber.disconnect();
      await client.quit().catch(() => client.disconnect());
    },
  };
}
