import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonWrite, testEnv } from "../../test/server";
import { createServer } from "../server";

describe("embedded PostgreSQL (PGlite)", () => {
  it("keeps its data, and the generated secret, in DATA_DIR across a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "floow-data-"));
    // No BETTER_AUTH_SECRET: the server generates one and keeps it in DATA_DIR.
    const env = testEnv({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: "" });

    const first = await createServer(env);
    const signUp = await first.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: jsonWrite,
      payload: { email: "restart@example.com", password: "correct horse battery", name: "Restart" },
    });
    expect(signUp.statusCode).toBe(200);
    const cookie = signUp.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    await first.close();

    const second = await createServer(env);
    try {
      const user = await second.database.db
        .selectFrom("user")
        .select("email")
        .where("email", "=", "restart@example.com")
        .executeTakeFirst();
      expect(user).toEqual({ email: "restart@example.com" });
      // The session from before the restart still signs the user in.
      const response = await second.inject({
        method: "GET",
        url: "/trpc/user.get",
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().result.data.user.email).toBe("restart@example.com");
    } finally {
      await second.close();
    }
  });
});
