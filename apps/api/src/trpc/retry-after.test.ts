import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../test/factories";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";

describe("tRPC rate limits", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await createTestServer("pglite");
    const user = await createUser(server.app, "Busy");
    const { headers } = await server.app.auth.api.signInEmail({
      body: { email: user.email, password: "correct horse battery" },
      returnHeaders: true,
    });
    cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(() => server.close());

  it("answers 429 with Retry-After (seconds) and the product's RATE_LIMITED code", async () => {
    // user.update: 30 a minute per user, a bucket that gives one back every 2 s.
    const update = (name: string) =>
      server.app.inject({
        method: "POST",
        url: "/trpc/user.update",
        headers: { ...jsonWrite, cookie },
        payload: { name },
      });
    let allowed = 0;
    let limited = await update("Busy");
    for (; limited.statusCode === 200 && allowed < 60; allowed++)
      limited = await update(`Busy ${allowed}`);
    expect(allowed).toBeGreaterThanOrEqual(30);
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers["retry-after"]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.json().error.data).toMatchObject({
      code: "RATE_LIMITED",
      trpcCode: "TOO_MANY_REQUESTS",
    });
    expect(limited.json().error.message).toBe(
      `Too many requests. Try again in ${seconds} seconds.`,
    );
  });
});
