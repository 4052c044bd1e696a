import { afterEach, describe, expect, it } from "vitest";
import { createUser } from "../../test/factories";
import { createTestServer, jsonWrite } from "../../test/server";
import { createRateLimitStore, setRateLimitBackend } from "./rate-limit";

afterEach(() => setRateLimitBackend(null));

describe("rate limits with a shared backend", () => {
  it("count in the backend, and in memory while it cannot answer", async () => {
    const counts = new Map<string, number>();
    let up = true;
    setRateLimitBackend({
      async consume(key, rule) {
        if (!up) throw new Error("connection lost");
        const count = (counts.get(key) ?? 0) + 1;
        counts.set(key, count);
        return count > rule.max
          ? { allowed: false, retryAfter: 42 }
          : { allowed: true, retryAfter: null };
      },
    });
    const rule = { window: 60, max: 2 };
    const one = createRateLimitStore();
    const two = createRateLimitStore();
    // Two stores (two processes) share the backend's count.
    expect((await one.consume("k", rule)).allowed).toBe(true);
    expect((await two.consume("k", rule)).allowed).toBe(true);
    expect(await one.consume("k", rule)).toEqual({ allowed: false, retryAfter: 42 });
    // The backend is away: each store counts on its own, and nothing fails.
    up = false;
    expect((await two.consume("k", rule)).allowed).toBe(true);
    expect((await two.consume("k", rule)).allowed).toBe(true);
    expect((await two.consume("k", rule)).allowed).toBe(false);
  });
});

describe("a Redis that cannot be reached", () => {
  it("does not stop the API: it starts, serves and closes", async () => {
    // Nothing listens on port 1.
    const server = await createTestServer("pglite", {
      REDIS_URL: "redis://127.0.0.1:1",
      REDIS_KEY_PREFIX: "floow-test-down:",
    });
    try {
      const user = await createUser(server.app, "No Redis");
      const { headers } = await server.app.auth.api.signInEmail({
        body: { email: user.email, password: "correct horse battery" },
        returnHeaders: true,
      });
      const cookie = headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const update = await server.app.inject({
        method: "POST",
        url: "/trpc/user.update",
        headers: { ...jsonWrite, cookie },
        payload: { name: "Still here" },
      });
      expect(update.statusCode).toBe(200);
      const results = await server.app.inject({
        method: "POST",
        url: "/api/public/results",
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      expect(results.statusCode).toBe(400);
    } finally {
      await server.close();
    }
  });
});
