import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";
import { reachableRedis } from "../../test/redis";

const redisUrl = await reachableRedis();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` calls one after another: how many were allowed. */
async function allowedOf(
  limiter: ReturnType<typeof createRateLimiter>,
  key: string,
  rule: { window: number; max: number },
  count: number,
): Promise<number> {
  let allowed = 0;
  for (let call = 0; call < count; call++)
    if ((await limiter.consume(key, rule)).allowed) allowed += 1;
  return allowed;
}

describe("the rate limiter in memory (no REDIS_URL)", () => {
  it("slides: a burst at the end of one minute and the start of the next gets the limit once", async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ now: () => now });
    const rule = { window: 60, max: 10 };
    expect(limiter.shared()).toBe(false);

    // A fixed window starting here would allow 10 in [0, 60 s) and 10 more at 60 s.
    expect((await limiter.consume("ip:1", rule)).allowed).toBe(true);
    now += 59_000;
    expect(await allowedOf(limiter, "ip:1", rule, 12)).toBe(10);
    now += 2_000; // 61 s: "the next window"
    const refused = await limiter.consume("ip:1", rule);
    // One request comes back every 6 s (60 s / 10): 4 s to go.
    expect(refused).toEqual({ allowed: false, retryAfter: 4 });
    now += 4_000;
    expect(await allowedOf(limiter, "ip:1", rule, 3)).toBe(1);
    // Another key has its own bucket.
    expect(await allowedOf(limiter, "ip:2", rule, 11)).toBe(10);
  });

  it("answers @fastify/rate-limit's terms: the count against the bucket and when to retry", async () => {
    let now = 0;
    const limiter = createRateLimiter({ now: () => now });
    expect(await limiter.hit("k", 60_000, 3)).toEqual({ current: 1, ttl: 20_000 });
    expect(await limiter.hit("k", 60_000, 3)).toEqual({ current: 2, ttl: 40_000 });
    expect(await limiter.hit("k", 60_000, 3)).toEqual({ current: 3, ttl: 60_000 });
    // Refused: more than max, and a request is allowed again in 20 s.
    expect(await limiter.hit("k", 60_000, 3)).toEqual({ current: 4, ttl: 20_000 });
    now = 60_000;
    expect(await limiter.hit("k", 60_000, 3)).toEqual({ current: 1, ttl: 20_000 });
  });

  it("keeps at most maxKeys keys, dropping full buckets first", async () => {
    let now = 0;
    const limiter = createRateLimiter({ now: () => now, maxKeys: 2 });
    const rule = { window: 60, max: 1 };
    await limiter.consume("a", rule);
    now = 30_000;
    await limiter.consume("b", rule);
    now = 61_000; // a's bucket is full again, b's is not
    await limiter.consume("c", rule);
    expect((await limiter.consume("b", rule)).allowed).toBe(false);
  });
});

describe.skipIf(!redisUrl)("the rate limiter on Redis", () => {
  const clients: Redis[] = [];
  const prefix = `floow-test-rate-limit-${randomUUID()}:`;
  const connect = async () => {
    const client = new Redis(redisUrl!, { lazyConnect: true, enableOfflineQueue: false });
    await client.connect();
    clients.push(client);
    return client;
  };
  afterEach(async () => {
    const admin = clients[0];
    if (admin) {
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length) await admin.del(...keys);
    }
  });
  afterAll(() => clients.forEach((client) => client.disconnect()));

  it("two processes (two clients and limiters) share one budget under the prefix", async () => {
    const one = createRateLimiter({ redis: { client: await connect(), prefix } });
    const two = createRateLimiter({ redis: { client: await connect(), prefix } });
    expect(one.shared()).toBe(true);
    const rule = { window: 60, max: 6 };
    const decisions = [];
    for (let call = 0; call < 8; call++)
      decisions.push(await (call % 2 ? two : one).consume("ip:10.0.0.1", rule));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(6);
    // 60 s / 6: one request every 10 s.
    expect(decisions[7]).toEqual({ allowed: false, retryAfter: 10 });
    expect(await clients[0]!.exists(`${prefix}rate-limit:ip:10.0.0.1`)).toBe(1);
    // The key expires when the bucket is full again (at most the window).
    const ttl = await clients[0]!.pttl(`${prefix}rate-limit:ip:10.0.0.1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("slides on Redis's clock: after a burst, the next moments give back a little, not the whole limit", async () => {
    const limiter = createRateLimiter({ redis: { client: await connect(), prefix } });
    // 5 per 1.5 s: one back every 300 ms.
    const rule = { window: 1.5, max: 5 };
    expect(await allowedOf(limiter, "slide", rule, 7)).toBe(5);
    await sleep(450);
    expect(await allowedOf(limiter, "slide", rule, 5)).toBe(1);
    await sleep(1_600);
    expect(await allowedOf(limiter, "slide", rule, 7)).toBe(5);
  });

  it("counts in memory while Redis cannot be reached, and nothing fails", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    const limiter = createRateLimiter({ redis: { client: down, prefix } });
    expect(limiter.shared()).toBe(false);
    expect(await allowedOf(limiter, "ip:1", { window: 60, max: 3 }, 5)).toBe(3);
    down.disconnect();
  });
});
