import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "../auth/auth";
import { loadEnv } from "../env";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";

describe("TRUST_PROXY", () => {
  it("parses a hop count, an address list or false, never 'trust everything'", () => {
    expect(loadEnv({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, loopback,::1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
      "::1",
    ]);
    expect(() => loadEnv({ TRUST_PROXY: "everyone" })).toThrow(
      /TRUST_PROXY: must be a number of proxy hops/,
    );
  });

  // The attack: rotating the left-most X-Forwarded-For got 25 of 25 wrong passwords
  // past the sign-in limit. Behind one proxy, the address that counts is the one the proxy saw.
  describe.each([
    ["a hop count", "1"],
    ["the proxy's address", "192.0.2.10"],
    ["true (one hop)", "true"],
  ])("with %s", (_label, value) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer("pglite", { TRUST_PROXY: value });
    });
    afterAll(() => server.close());

    it("a client rotating the left-most X-Forwarded-For is still limited", async () => {
      const { max } = AUTH_RATE_LIMITS.signIn;
      // All at once: the limiter is a token bucket (one attempt back every 6 s), and one wrong
      // password takes seconds to check on a busy machine (one after another, 25 attempts
      // took long enough there for a refilled one to pass).
      const statuses = await Promise.all(
        Array.from({ length: 25 }, async (_, i) => {
          const response = await server.app.inject({
            method: "POST",
            url: "/api/auth/sign-in/email",
            remoteAddress: "192.0.2.10",
            headers: { ...jsonWrite, "x-forwarded-for": `203.0.113.${i + 1}, 198.51.100.7` },
            payload: { email: "nobody@example.com", password: "wrong password!" },
          });
          return response.statusCode;
        }),
      );
      expect(statuses.filter((status) => status === 401)).toHaveLength(max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(25 - max);
      // Another visitor behind the same proxy is not affected.
      const other = await server.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: "192.0.2.10",
        headers: { ...jsonWrite, "x-forwarded-for": "198.51.100.8" },
        payload: { email: "nobody@example.com", password: "wrong password!" },
      });
      expect(other.statusCode).toBe(401);
    });
  });
});
