import { TEXT_LIMITS } from "@floow/domain/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";

/** better-auth's sign-up and reset endpoints validate as strictly as the tRPC procedures. */
describe.each(testDbKinds)("auth endpoints' input (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(() => server.close());

  const signUp = (payload: Record<string, unknown>) =>
    server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: jsonWrite,
      payload,
    });

  it.each(["password", "12345678", "qwerty123"])(
    "refuses the well-known password %s and says why",
    async (password) => {
      const response = await signUp({
        name: "Weak Willy",
        email: `weak-${password}@example.com`,
        password,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "PASSWORD_TOO_WEAK",
        message: expect.stringMatching(/^This password is too easy to guess\. \S+/),
      });
    },
  );

  it("refuses a picture address and unknown fields at sign-up; accepts a good sign-up", async () => {
    const image = await signUp({
      name: "Pic",
      email: "pic@example.com",
      password: "purple-otter-lantern-19",
      image: "javascript:alert(1)",
    });
    expect(image.statusCode).toBe(400);
    const extra = await signUp({
      name: "Pic",
      email: "pic@example.com",
      password: "purple-otter-lantern-19",
      emailVerified: true,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe("Unknown field: emailVerified.");
    const noName = await signUp({
      name: "  ",
      email: "pic@example.com",
      password: "purple-otter-lantern-19",
    });
    expect(noName.json().message).toBe("Please enter your name.");
    const ok = await signUp({
      name: "Pic",
      email: "pic@example.com",
      password: "purple-otter-lantern-19",
    });
    expect(ok.statusCode).toBe(200);
    const row = await server.app.database.db
      .selectFrom("user")
      .select(["image", "email_verified"])
      .where("email", "=", "pic@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ image: null, email_verified: false });
  });

  it("refuses a sign-up or a sign-in field over its length (TEXT_LIMITS) with a 400 naming it", async () => {
    const good = {
      name: "Len Limit",
      email: "len@example.com",
      password: "purple-otter-lantern-19",
    };
    const cases: [string, Record<string, unknown>, string][] = [
      ["/sign-up/email", { ...good, name: "n".repeat(TEXT_LIMITS.personName + 1) }, "name"],
      ["/sign-up/email", { ...good, title: "t".repeat(TEXT_LIMITS.personTitle + 1) }, "title"],
      [
        "/sign-up/email",
        { ...good, email: `${"e".repeat(TEXT_LIMITS.email)}@example.com` },
        "email",
      ],
      ["/sign-up/email", { ...good, password: "p".repeat(TEXT_LIMITS.password + 1) }, "password"],
      [
        "/sign-in/email",
        { email: good.email, password: "p".repeat(TEXT_LIMITS.password + 1) },
        "password",
      ],
      [
        "/sign-in/email",
        { email: `${"e".repeat(TEXT_LIMITS.email)}@example.com`, password: "x" },
        "email",
      ],
      [
        "/sign-in/email",
        { ...good, callbackURL: `/${"c".repeat(TEXT_LIMITS.url)}` },
        "callbackURL",
      ],
    ];
    // Each from its own address: better-auth limits sign-ups and sign-ins per client address.
    for (const [index, [path, payload, field]] of cases.entries()) {
      const remoteAddress = `198.51.100.${index + 10}`;
      const response = await server.app.inject({
        method: "POST",
        url: `/api/auth${path}`,
        headers: jsonWrite,
        payload,
        remoteAddress,
      });
      expect(response.statusCode, `${path} ${field}`).toBe(400);
      expect(response.json(), `${path} ${field}`).toMatchObject({ code: "VALIDATION", field });
    }
    // At the limit, a name is taken.
    const ok = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: jsonWrite,
      remoteAddress: "198.51.100.99",
      payload: { ...good, name: "n".repeat(TEXT_LIMITS.personName) },
    });
    expect(ok.statusCode).toBe(200);
  });
});
