import { Redis } from "ioredis";

/** The Redis the tests use: REDIS_URL, or the one these machines run on 127.0.0.1:6379. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * The test Redis's URL when it answers a PING within a second, else undefined (the tests that
 * need it are skipped with `describe.skipIf`, and say so).
 */
export async function reachableRedis(): Promise<string | undefined> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return TEST_REDIS_URL;
  } catch {
    return undefined;
  } finally {
    probe.disconnect();
  }
}
