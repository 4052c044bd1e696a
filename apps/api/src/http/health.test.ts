import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";

describe.each(testDbKinds)("health endpoints (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Production mode with no dashboard or runtime build (testEnv points both at missing folders).
    server = await createTestServer(kind, { NODE_ENV: "production", LOG_LEVEL: "silent" });
  });
  afterAll(() => server.close());

  it("/healthz answers while the process is up", async () => {
    const response = await server.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("/readyz checks the database", async () => {
    const response = await server.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
  });

  it("starts without the dashboard and runtime builds (they only warn)", async () => {
    expect((await server.app.inject({ method: "GET", url: "/embed.js" })).statusCode).toBe(404);
    expect((await server.app.inject({ method: "GET", url: "/settings" })).statusCode).toBe(404);
  });
});
