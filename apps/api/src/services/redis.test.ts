import { describe, expect, it } from "vitest";
import { createUser } from "../../test/factories";
import { createTestServer, jsonWrite } from "../../test/server";
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
