import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../test/factories";
import { createTestServer, jsonWrite, TEST_ORIGIN } from "../../test/server";
import type { TestServer } from "../../test/server";

/** A stand-in identity provider: only its discovery document is needed to start a sign-in. */
function fakeIssuer() {
  const server = createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url === "/.well-known/openid-configuration") {
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          id_token_signing_alg_values_supported: ["RS256"],
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      }),
    );
  });
}

describe("auth.config and external login (OIDC)", () => {
  let plain: TestServer;
  let withOidc: TestServer;
  let issuer: Awaited<ReturnType<typeof fakeIssuer>>;
  beforeAll(async () => {
    issuer = await fakeIssuer();
    plain = await createTestServer("pglite");
    withOidc = await createTestServer("pglite", {
      OIDC_ISSUER: issuer.url,
      OIDC_CLIENT_ID: "floow-dashboard",
      OIDC_CLIENT_SECRET: "s3cret",
    });
  });
  afterAll(async () => {
    await plain.close();
    await withOidc.close();
    await issuer.close();
  });

  it("auth.config says whether OIDC is configured, to anyone", async () => {
    expect(await callerFor(plain.app).auth.config()).toEqual({ oidc: false });
    expect(await callerFor(withOidc.app).auth.config()).toEqual({ oidc: true });
  });

  it("starts the OIDC sign-in at the issuer's authorization endpoint", async () => {
    const response = await withOidc.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      headers: jsonWrite,
      payload: { provider: "oidc", callbackURL: "/" },
    });
    expect(response.statusCode).toBe(200);
    const target = new URL(response.json().url);
    expect(`${target.origin}${target.pathname}`).toBe(`${issuer.url}/authorize`);
    expect(target.searchParams.get("client_id")).toBe("floow-dashboard");
    expect(target.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback/oidc`);
    expect(target.searchParams.get("code_challenge_method")).toBe("S256");
    expect(target.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["openid", "email", "profile"]),
    );
  });

  it("has no OIDC provider when it is not configured", async () => {
    const response = await plain.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      headers: jsonWrite,
      payload: { provider: "oidc", callbackURL: "/" },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});
