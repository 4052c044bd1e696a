import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

describe("loadEnv", () => {
  it("has working defaults for development", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      trustedOrigins: ["http://localhost:3000"],
      databaseUrl: undefined,
      oidc: undefined,
      logLevel: "info",
      trustProxy: false,
      supportEmail: "support@localhost",
    });
    expect(env.dataDir).toMatch(/\.data$/);
    expect(env.dashboardDist).toMatch(/apps[/\\]dashboard[/\\]dist$/);
    expect(env.runtimeDist).toMatch(/packages[/\\]runtime[/\\]dist$/);
  });

  it("parses PUBLIC_URL and TRUSTED_ORIGINS into origins", () => {
    const env = loadEnv({
      PUBLIC_URL: "https://app.floow.example/",
      TRUSTED_ORIGINS: " https://a.example , http://localhost:5173/path ",
    });
    expect(env.trustedOrigins).toEqual([
      "https://app.floow.example",
      "https://a.example",
      "http://localhost:5173",
    ]);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ PUBLIC_URL: "floow.example" }, "PUBLIC_URL"],
    [{ TRUSTED_ORIGINS: "https://ok.example,not a url" }, "TRUSTED_ORIGINS"],
    [{ DATABASE_URL: "mysql://localhost/floow" }, "DATABASE_URL"],
    [{ BETTER_AUTH_SECRET: "short" }, "BETTER_AUTH_SECRET"],
    [{ LOG_LEVEL: "verbose" }, "LOG_LEVEL"],
    [{ OIDC_ISSUER: "https://id.example" }, "OIDC_CLIENT_ID"],
    [{ SUPPORT_EMAIL: "help desk" }, "SUPPORT_EMAIL"],
  ])("names the bad variable: %o", (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(`Invalid environment variable ${name}:`);
  });

  it("requires BETTER_AUTH_SECRET in production with a database server", () => {
    const source = { NODE_ENV: "production", DATABASE_URL: "postgres://db.example/floow" };
    expect(() => loadEnv(source)).toThrow(
      /Invalid environment variable BETTER_AUTH_SECRET: is required in production/,
    );
    expect(loadEnv({ ...source, BETTER_AUTH_SECRET: "s".repeat(32) }).betterAuthSecret).toBe(
      "s".repeat(32),
    );
    // Embedded production (no DATABASE_URL) generates and keeps its own secret.
    expect(() => loadEnv({ NODE_ENV: "production" })).not.toThrow();
  });

  it("never echoes secrets in its messages", () => {
    expect(() => loadEnv({ BETTER_AUTH_SECRET: "hunter2" })).toThrow(/a value, not shown/);
    expect(() => loadEnv({ BETTER_AUTH_SECRET: "hunter2" })).not.toThrow(/hunter2/);
  });

  it("switches OIDC on only with all three variables", () => {
    const env = loadEnv({
      OIDC_ISSUER: "https://id.example/realms/floow",
      OIDC_CLIENT_ID: "floow",
      OIDC_CLIENT_SECRET: "s3cret",
    });
    expect(env.oidc).toEqual({
      issuer: "https://id.example/realms/floow",
      clientId: "floow",
      clientSecret: "s3cret",
    });
  });

  it("asks an AI model only with all three AI_* variables, never on loopback outside tests", () => {
    expect(loadEnv({}).ai).toBeUndefined();
    const ai = {
      AI_BASE_URL: "https://api.openai.example/v1",
      AI_API_KEY: "sk-test",
      AI_MODEL: "gpt-test",
    };
    expect(loadEnv(ai).ai).toEqual({
      baseUrl: "https://api.openai.example/v1",
      apiKey: "sk-test",
      model: "gpt-test",
    });
    expect(() => loadEnv({ AI_MODEL: "gpt-test" })).toThrow(
      /AI_BASE_URL: is required when any AI_\* variable is set/,
    );
    const local = { ...ai, AI_BASE_URL: "http://127.0.0.1:9999/v1" };
    expect(() => loadEnv(local)).toThrow(/AI_BASE_URL: must not be a loopback address/);
    expect(loadEnv({ ...local, FETCH_ALLOW_LOOPBACK: "true" }).ai?.baseUrl).toBe(
      "http://127.0.0.1:9999/v1",
    );
  });

  it("takes SUPPORT_EMAIL, else support@ the PUBLIC_URL's host", () => {
    expect(loadEnv({ SUPPORT_EMAIL: "help@shop.example" }).supportEmail).toBe("help@shop.example");
    expect(loadEnv({ PUBLIC_URL: "https://app.floow.example" }).supportEmail).toBe(
      "support@app.floow.example",
    );
  });

  it("reads the operations settings: database timeouts, shutdown, Redis, storage quota", () => {
    expect(loadEnv({})).toMatchObject({
      dbTimeouts: { connectMs: 1000, requestQueryMs: 1500, statementMs: 300_000 },
      shutdownTimeoutSeconds: 30,
      redisUrl: undefined,
      redisKeyPrefix: "floow:",
      storageQuotaBytes: 1024 * 1024 * 1024,
    });
    expect(
      loadEnv({
        DB_CONNECT_TIMEOUT_MS: "500",
        DB_REQUEST_TIMEOUT_MS: "3000",
        DB_STATEMENT_TIMEOUT_MS: "120000",
        SHUTDOWN_TIMEOUT: "5",
        REDIS_URL: "redis://:pw@redis:6379/2",
        REDIS_KEY_PREFIX: "shop-a:",
        STORAGE_QUOTA_MB: "0",
      }),
    ).toMatchObject({
      dbTimeouts: { connectMs: 500, requestQueryMs: 3000, statementMs: 120_000 },
      shutdownTimeoutSeconds: 5,
      redisUrl: "redis://:pw@redis:6379/2",
      redisKeyPrefix: "shop-a:",
      storageQuotaBytes: 0,
    });
    for (const [name, value] of [
      ["DB_REQUEST_TIMEOUT_MS", "soon"],
      ["SHUTDOWN_TIMEOUT", "0"],
      ["STORAGE_QUOTA_MB", "-1"],
      ["REDIS_URL", "http://redis:6379"],
    ]) {
      expect(() => loadEnv({ [name!]: value }), name).toThrow(
        new RegExp(`Invalid environment variable ${name}`),
      );
    }
    // A Redis URL may hold a password: never echoed.
    expect(() => loadEnv({ REDIS_URL: "memcached://:hunter2@x" })).not.toThrow(/hunter2/);
  });

  it("treats empty variables as unset", () => {
    expect(loadEnv({ PORT: "", DATABASE_URL: " ", LOG_LEVEL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });
});
