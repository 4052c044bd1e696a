import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { reachableRedis } from "../../test/redis";

/**
 * The one rate limiter seen from outside: a tRPC procedure and a public route answer a client
 * address over its limit the same way (429, Retry-After, RATE_LIMITED with the same message),
 * two API instances on one Redis share the budget, and without REDIS_URL it counts in memory.
 */

const redisUrl = await reachableRedis();

/** invitation.lookup: a public procedure, 30 a minute per client address. */
const lookup = (server: TestServer, ip = "203.0.113.7") =>
  server.app.inject({
    method: "GET",
    url: `/trpc/invitation.lookup?input=${encodeURIComponent(JSON.stringify({ token: "x".repeat(32) }))}`,
    headers: { "x-forwarded-for": ip },
  });

/** The public results route: 300 a minute per client address. */
const results = (server: TestServer, ip = "203.0.113.7") =>
  server.app.inject({
    method: "POST",
    url: "/api/public/results",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    payload: "{}",
  });

/** 429 with Retry-After in whole seconds and the message that says the same number. */
function expectLimited(
  response: Awaited<ReturnType<typeof lookup>>,
  message: string,
  code: string,
): number {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers["retry-after"]);
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
  expect(message).toBe(`Too many requests. Try again in ${seconds} seconds.`);
  expect(code).toBe("RATE_LIMITED");
  return seconds;
}

const trpcError = (response: Awaited<ReturnType<typeof lookup>>) => {
  const body = response.json() as { error: { message: string; data: { code: string } } };
  return [body.error.message, body.error.data.code] as const;
};
const publicError = (response: Awaited<ReturnType<typeof lookup>>) => {
  const body = response.json() as { error: { message: string; code: string } };
  return [body.error.message, body.error.code] as const;
};

describe.skipIf(!redisUrl)("two API instances on one Redis", () => {
  let a: TestServer;
  let b: TestServer;
  const prefix = `floow-test-rate-limit-http-${randomUUID()}:`;
  beforeAll(async () => {
    // TRUST_PROXY=loopback: inject comes from 127.0.0.1, so X-Forwarded-For is the client.
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: "loopback" };
    [a, b] = await Promise.all([createTestServer("pglite", env), createTestServer("pglite", env)]);
    // Each server starts even when its first connection to Redis fails, and counts in memory
    // until ioredis reconnects (services/redis.ts). On a loaded machine the other server's
    // embedded database can hold the event loop past the 2 s connect timeout (seen in CI), so
    // wait for both to count in Redis: that is what these tests are about.
    await vi.waitFor(
      () => expect([a.app.rateLimiter.shared(), b.app.rateLimiter.shared()]).toEqual([true, true]),
      { timeout: 30_000, interval: 100 },
    );
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it("count in Redis: a tRPC procedure's budget is shared, then 429 with Retry-After on both", async () => {
    expect(a.app.rateLimiter.shared()).toBe(true);
    const statuses: number[] = [];
    const started = Date.now();
    for (let call = 0; call < 30; call++)
      statuses.push((await lookup(call % 2 ? b : a)).statusCode);
    // An unknown invitation link: 404, but counted.
    expect(statuses.every((status) => status === 404)).toBe(true);
    // The bucket refills one call every 2 s (60 s / 30): on a busy machine the calls can take
    // that long, and a refilled call passes; never more than the time since the first allows.
    let passed = 0;
    for (const server of [a, b]) {
      let limited = await lookup(server);
      while (limited.statusCode === 404 && passed < Math.floor((Date.now() - started) / 2000)) {
        passed++;
        limited = await lookup(server);
      }
      const [message, code] = trpcError(limited);
      // 60 s / 30: one call back every 2 s (less the time the 30 calls took).
      expect(expectLimited(limited, message, code)).toBeLessThanOrEqual(2);
    }
    // Another client address has its own budget.
    expect((await lookup(a, "203.0.113.8")).statusCode).toBe(404);
    const redis = new Redis(redisUrl!);
    expect(await redis.exists(`${prefix}rate-limit:trpc:invitation.lookup:ip:203.0.113.7`)).toBe(1);
    redis.disconnect();
  });

  it("a public route: the same budget shared, the same 429, Retry-After and message", async () => {
    // Until the first 429: the whole budget, plus what refilled meanwhile (one per 200 ms).
    const started = Date.now();
    let allowed = 0;
    let refused: Awaited<ReturnType<typeof results>>[];
    for (;;) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, call) => results(call % 2 ? b : a, "198.51.100.1")),
      );
      // An empty body: 400 naming the field, but counted.
      if (allowed === 0) expect(batch[0]!.headers["x-ratelimit-limit"]).toBe("300");
      const passed = batch.filter((response) => response.statusCode === 400).length;
      allowed += passed;
      refused = batch.filter((response) => response.statusCode !== 400);
      if (refused.length) break;
    }
    expect(allowed).toBeGreaterThanOrEqual(300);
    expect(allowed).toBeLessThanOrEqual(300 + Math.ceil((Date.now() - started) / 200) + 1);
    // The next call may already have its token back (200 ms): look at the batch's refusals.
    for (const limited of refused) {
      const [message, code] = publicError(limited);
      // 60 s / 300: one call back every 200 ms, said as 1 s.
      expect(expectLimited(limited, message, code)).toBe(1);
      expect(limited.headers["access-control-expose-headers"]).toContain("retry-after");
    }
    expect((await results(b, "198.51.100.2")).statusCode).toBe(400);
  });

  it("slides: waiting a fraction of the window gives back a fraction of the budget", async () => {
    // After the burst above, one results call comes back every 200 ms: not the whole 300.
    await new Promise((resolve) => setTimeout(resolve, 450));
    const after = await Promise.all(
      Array.from({ length: 10 }, () => results(a, "198.51.100.1").then((r) => r.statusCode)),
    );
    expect(after.filter((status) => status === 400).length).toBeGreaterThanOrEqual(1);
    expect(after.filter((status) => status === 400).length).toBeLessThanOrEqual(4);
  });
});

describe("without REDIS_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer("pglite", { TRUST_PROXY: "loopback" });
  }, 120_000);
  afterAll(() => server.close());

  it("counts in this process's memory, with the same answers", async () => {
    expect(server.app.rateLimiter.shared()).toBe(false);
    for (let call = 0; call < 30; call++)
      expect((await lookup(server, "192.0.2.1")).statusCode).toBe(404);
    const limited = await lookup(server, "192.0.2.1");
    const [message, code] = trpcError(limited);
    expect(expectLimited(limited, message, code)).toBeLessThanOrEqual(2);
    expect((await lookup(server, "192.0.2.2")).statusCode).toBe(404);
  });
});
