import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "../auth/auth";
import { testDbKinds } from "../../test/db";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";

const password = "correct horse battery";

function cookieHeader(cookies: { name: string; value: string }[]): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

describe.each(testDbKinds)("sign-up and sign-in over HTTP (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(() => server.close());

  it("signs up, signs in and is known to tRPC through the session cookie", async () => {
    const { app } = server;
    const signUp = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: jsonWrite,
      payload: { email: "ann@example.com", password, name: "Ann Example" },
    });
    expect(signUp.statusCode).toBe(200);

    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { ...jsonWrite, "x-forwarded-for": "198.51.100.1" },
      payload: { email: "ann@example.com", password },
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((c) => c.name === "better-auth.session_token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(session?.secure).toBeFalsy();

    const me = await app.inject({
      method: "GET",
      url: "/trpc/user.get",
      headers: { cookie: cookieHeader(signIn.cookies) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.data.user).toMatchObject({
      name: "Ann Example",
      email: "ann@example.com",
    });

    const sessionInfo = await app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: cookieHeader(signIn.cookies) },
    });
    expect(sessionInfo.json().user.email).toBe("ann@example.com");

    // Passwords are stored hashed, never as typed.
    const account = await app.database.db
      .selectFrom("account")
      .select("password")
      .where("provider_id", "=", "credential")
      .executeTakeFirstOrThrow();
    expect(account.password).not.toContain(password);
  });

  it("refuses a wrong password", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: jsonWrite,
      payload: { email: "ann@example.com", password: "wrong password!" },
    });
    expect(response.statusCode).toBe(401);
  });

  // The limiter keeps its counts in memory, not in the database: once is enough.
  it.runIf(kind === "pglite")("rate-limits sign-in per client address", async () => {
    const { max } = AUTH_RATE_LIMITS.signIn;
    // An address of its own, so the sign-ins above do not count.
    const attempt = () =>
      server.app.inject({
        method: "POST",
        remoteAddress: "192.0.2.10",
        url: "/api/auth/sign-in/email",
        // A client cannot dodge the limit with its own X-Forwarded-For: the server sets the address.
        headers: {
          ...jsonWrite,
          "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 250)}`,
        },
        payload: { email: "nobody@example.com", password: "wrong password!" },
      });
    // All at once: the limiter is a token bucket (one attempt back every 6 s), and one wrong
    // password takes seconds to check on a busy machine.
    const statuses = await Promise.all(
      Array.from({ length: max + 1 }, () => attempt().then((response) => response.statusCode)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    // Another address is not affected.
    const other = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: "192.0.2.99",
      headers: jsonWrite,
      payload: { email: "nobody@example.com", password: "wrong password!" },
    });
    expect(other.statusCode).toBe(401);
  });
});

describe("cookies behind https", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer("pglite", { PUBLIC_URL: "https://app.floow.example" });
  });
  afterAll(() => server.close());

  it("are Secure, HttpOnly and SameSite=Lax when PUBLIC_URL is https", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json", origin: "https://app.floow.example" },
      payload: { email: "secure@example.com", password, name: "Secure" },
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name.endsWith("better-auth.session_token"));
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
  });
});
