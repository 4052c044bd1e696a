import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, TEST_ORIGIN } from "../../test/server";
import type { TestServer } from "../../test/server";
import { isAllowedOrigin, isJsonContentType } from "./origins";

describe("the CSRF rule for tRPC mutations", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await createTestServer("pglite", { TRUSTED_ORIGINS: "https://partner.example" });
    const signUp = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      payload: { email: "csrf@example.com", password: "correct horse battery", name: "Csrf" },
    });
    cookie = signUp.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  });
  afterAll(() => server.close());

  const create = (headers: Record<string, string>, payload = '{"name":"Acme"}') =>
    server.app.inject({
      method: "POST",
      url: "/trpc/organization.create",
      headers: { cookie, ...headers },
      payload,
    });

  it("accepts JSON from PUBLIC_URL", async () => {
    const response = await create({ "content-type": "application/json", origin: TEST_ORIGIN });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toMatchObject({ name: "Acme" });
  });

  it("accepts JSON from a TRUSTED_ORIGINS entry and from the same origin", async () => {
    expect(
      (await create({ "content-type": "application/json", origin: "https://partner.example" }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await create({
          "content-type": "application/json; charset=utf-8",
          origin: "http://api.internal:3000",
          host: "api.internal:3000",
        })
      ).statusCode,
    ).toBe(200);
  });

  it("refuses another origin", async () => {
    const response = await create({
      "content-type": "application/json",
      origin: "https://evil.example",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.data.code).toBe("FORBIDDEN");
  });

  it("refuses a write without Origin or Referer", async () => {
    expect((await create({ "content-type": "application/json" })).statusCode).toBe(403);
  });

  it("refuses anything but JSON, as a cross-site form would send", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const response = await create({ "content-type": type, origin: TEST_ORIGIN });
      expect(response.statusCode).toBe(415);
    }
  });

  it("leaves queries (GET) alone", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/trpc/auth.config",
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("isAllowedOrigin", () => {
  const trusted = ["http://localhost:3000"];
  it.each([
    [{ origin: "http://localhost:3000" }, true],
    [{ referer: "http://localhost:3000/settings" }, true],
    [{ origin: "http://localhost:3001", host: "localhost:3001" }, true],
    [{ origin: "http://localhost:3001", host: "localhost:3000" }, false],
    [{ origin: "null" }, false],
    [{ origin: "not a url" }, false],
    [{ origin: "file:///etc/passwd", host: "localhost:3000" }, false],
    [{}, false],
  ])("%o -> %s", (headers, expected) => {
    expect(isAllowedOrigin(headers, trusted)).toBe(expected);
  });

  it("recognises JSON content types", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});
