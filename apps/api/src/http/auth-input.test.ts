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
});
