import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DB_TIMEOUTS } from "../../test/db";
import { createServerTestDatabase } from "../../test/faults";
import type { ServerTestDatabase } from "../../test/faults";
import { startApiProcess } from "../../test/process";
import type { ApiProcess } from "../../test/process";
import { reachableRedis } from "../../test/redis";

/**
 * Two API processes on one PostgreSQL database and one Redis (DATABASE_URL, and REDIS_URL or
 * a Redis on 127.0.0.1:6379): sessions work on both, rate limits are counted together, a
 * publish on one is seen at once by the other's caches, and each job runs once.
 */
const serverUrl = process.env.DATABASE_URL;

const redisUrl = serverUrl ? await reachableRedis() : undefined;

const PUBLIC_URL = "http://localhost:3000";
const SLOW = 180_000;

/** A signed-in dashboard user talking to one process or the other. */
class Client {
  cookie = "";
  async call(api: ApiProcess, path: string, init: { method?: string; body?: unknown } = {}) {
    const response = await fetch(`${api.url}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        origin: PUBLIC_URL,
        cookie: this.cookie,
        ...(init.body !== undefined && { "content-type": "application/json" }),
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
    if (cookies.length > 0) this.cookie = cookies.join("; ");
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as unknown) : null,
    };
  }
  async mutation<T>(api: ApiProcess, path: string, input: unknown): Promise<T> {
    const answer = await this.call(api, `/trpc/${path}`, { body: input });
    if (answer.status !== 200)
      throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body as { result: { data: T } }).result.data;
  }
  async query<T>(api: ApiProcess, path: string, input?: unknown): Promise<T> {
    const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const answer = await this.call(api, `/trpc/${path}${search}`);
    if (answer.status !== 200)
      throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body as { result: { data: T } }).result.data;
  }
}

/** A feed server on 127.0.0.1 that counts the requests for each feed. */
async function startFeedServer() {
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const id = path.replace(/\W/g, "");
    response.writeHead(200, { "content-type": "application/xml" });
    response.end(`<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>t</title>
<item><g:id>${id}-1</g:id><g:title>One</g:title><g:link>https://shop.example/1</g:link><g:price>10.00 EUR</g:price></item>
<item><g:id>${id}-2</g:id><g:title>Two</g:title><g:link>https://shop.example/2</g:link><g:price>20.00 EUR</g:price></item>
</channel></rss>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!serverUrl || !redisUrl)("two API processes on one database and one Redis", () => {
  let database: ServerTestDatabase;
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  let a: ApiProcess;
  let b: ApiProcess;
  const prefix = `floow-test-${randomBytes(4).toString("hex")}:`;
  const user = new Client();

  beforeAll(async () => {
    database = await createServerTestDatabase();
    feeds = await startFeedServer();
    const env = {
      // Production: the job workers run (tests otherwise drive them by hand).
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: database.url,
      DB_CONNECT_TIMEOUT_MS: String(TEST_DB_TIMEOUTS.connectMs),
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: prefix,
      BETTER_AUTH_SECRET: "scale-out-secret-scale-out-secret-0123456789",
      PUBLIC_URL,
      DATA_DIR: "/nonexistent/floow-scale-out",
      DASHBOARD_DIST: "/nonexistent/dashboard",
      RUNTIME_DIST: "/nonexistent/runtime",
      FETCH_ALLOW_LOOPBACK: "true",
      FEED_REFRESH_INTERVAL: "off",
    };
    // The first one migrates the database; the second finds it migrated.
    a = await startApiProcess(env);
    b = await startApiProcess(env);
  }, SLOW);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await feeds?.close();
    // Only this test's keys.
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await database?.drop();
  }, SLOW);

  it("a session made on one process works on the other", async () => {
    const signUp = await user.call(a, "/api/auth/sign-up/email", {
      body: {
        name: "Scale Out",
        email: `scale.${randomUUID()}@example.com`,
        password: "correct horse battery",
      },
    });
    expect(signUp.status).toBe(200);
    const organization = await user.mutation<{ id: string }>(b, "organization.create", {
      name: "Twin Shops",
      displayName: "Twin Shops",
    });
    const onA = await user.query<{ organization: { id: string } | null }>(a, "user.get");
    expect(onA.organization?.id).toBe(organization.id);
  });

  it("counts rate limits together: tRPC (with Retry-After), better-auth and the public API", async () => {
    // user.update: 30 a minute per user, whichever process answers.
    const statuses: number[] = [];
    for (let call = 0; call < 30; call++) {
      statuses.push(
        (await user.call(call % 2 ? b : a, "/trpc/user.update", { body: { name: `Name ${call}` } }))
          .status,
      );
    }
    expect(statuses).toEqual(statuses.map(() => 200));
    // A token bucket (services/rate-limit.ts) gives one back every 2 s: call until refused.
    let limited = await user.call(b, "/trpc/user.update", { body: { name: "One too many" } });
    for (let extra = 0; limited.status === 200 && extra < 10; extra++)
      limited = await user.call(b, "/trpc/user.update", { body: { name: "One too many" } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The other process refuses too. A slow machine may let a token come back in between
    // (one every 2 s), so count what it still lets through against the time it took: separate
    // buckets would let about 15 more through.
    const refusedAt = Date.now();
    let letThrough = 0;
    while (
      letThrough < 15 &&
      (await user.call(a, "/trpc/user.update", { body: { name: "Still too many" } })).status === 200
    )
      letThrough++;
    expect(letThrough).toBeLessThanOrEqual(1 + Math.floor((Date.now() - refusedAt) / 2000));

    // Sign-in attempts: 10 a minute per address across both processes.
    const anonymous = new Client();
    // All at once: a token bucket gives one attempt back every 6 s, and a wrong password
    // takes a while to check.
    const attempts = await Promise.all(
      Array.from({ length: 11 }, (_, attempt) =>
        anonymous
          .call(attempt % 2 ? a : b, "/api/auth/sign-in/email", {
            body: { email: "nobody@example.com", password: "wrong password" },
          })
          .then((response) => response.status),
      ),
    );
    expect(attempts.filter((status) => status === 401)).toHaveLength(10);
    expect(attempts.filter((status) => status === 429)).toHaveLength(1);

    // The public results call: 300 a minute per address across both processes.
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        fetch(`${index % 2 ? a.url : b.url}/api/public/results`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }).then((response) => response.status),
      ),
    );
    expect(results.filter((status) => status === 429)).toEqual([]);
    // One comes back every 200 ms: call until refused.
    const postResults = () =>
      fetch(`${a.url}/api/public/results`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
    let publicLimited = await postResults();
    for (let extra = 0; publicLimited.status !== 429 && extra < 50; extra++)
      publicLimited = await postResults();
    expect(publicLimited.status).toBe(429);
    expect(Number(publicLimited.headers.get("retry-after"))).toBeGreaterThan(0);

    // The counters are in Redis under this deployment's prefix.
    const redis = new Redis(redisUrl!);
    expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
    redis.disconnect();
  });

  it(
    "runs each queued job once across both processes",
    async () => {
      const domainId = randomUUID();
      await user.mutation(a, "domain.create", {
        id: domainId,
        name: "Shop",
        host: "shop.example",
        fonts: [],
      });
      const ids = Array.from({ length: 8 }, () => randomUUID());
      await Promise.all(
        ids.map((id, index) =>
          user.mutation(index % 2 ? a : b, "feed.upsert", {
            id,
            domainId,
            name: `Feed ${index}`,
            url: `${feeds.url}/feed-${index}.xml`,
            type: "channable",
          }),
        ),
      );
      const listed = await eventually(
        () => user.query<{ id: string; productCount: number }[]>(b, "feed.list"),
        (list) => ids.every((id) => list.find((feed) => feed.id === id)?.productCount === 2),
        60_000,
      );
      expect(ids.map((id) => listed.find((feed) => feed.id === id)?.productCount)).toEqual(
        ids.map(() => 2),
      );
      // Each feed was fetched exactly once: one process claimed each refresh.
      expect(ids.map((_, index) => feeds.hits.get(`/feed-${index}.xml`))).toEqual(ids.map(() => 1));
    },
    SLOW,
  );

  it("a publish on one process reaches the other's caches at once", async () => {
    const list = await user.query<{ id: string }[]>(a, "feed.list");
    const domains = await user.query<{ id: string }[]>(a, "domain.list");
    const floow = await user.mutation<{ id: string; version: number } & Record<string, unknown>>(
      a,
      "floow.create",
      {
        domainId: domains[0]!.id,
        type: "selling",
        name: "Version one",
        feedId: list[0]!.id,
      },
    );
    await user.mutation(a, "floow.publish", { id: floow.id });
    const read = async () => {
      const response = await fetch(`${b.url}/api/public/floows/${floow.id}`);
      return ((await response.json()) as { floow: { name: string } }).floow.name;
    };
    // B answers (and keeps for 5 s) the first version.
    expect(await read()).toBe("Version one");

    const current = await user.query<Record<string, unknown>>(a, "floow.byId", { id: floow.id });
    const { organizationId: _o, userId: _u, createdAt: _c, updatedAt: _up, ...rest } = current;
    await user.mutation(a, "floow.update", { ...rest, name: "Version two" });
    await user.mutation(a, "floow.publish", { id: floow.id });
    // Well inside B's 5 s cache time: only the invalidation sent through Redis explains it.
    const started = Date.now();
    const name = await eventually(read, (value) => value === "Version two", 2000);
    expect(name).toBe("Version two");
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
