import { fileURLToPath } from "node:url";
import path from "node:path";
import { z } from "zod";

/**
 * The environment, parsed once. This is the only file that reads `process.env`; everything
 * else receives an `Env`. Defaults that point into the repository are resolved from this
 * file's location, which is one folder below `apps/api` both in `src/` (tsx, tests) and in
 * `dist/` (the bundle), so they work the same in development and in production.
 */
const apiRoot = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = path.resolve(apiRoot, "../..");

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

/** A whole number of milliseconds (or seconds, bytes, …) with a default. */
const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(max)
      .default(fallback),
  );

const origin = z
  .string()
  .trim()
  .url("must be a URL such as https://floow.example.com")
  .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
  .transform((value) => new URL(value).origin);

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(["development", "production", "test"]).default("development"),
    ),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
    HOST: z.preprocess(emptyToUndefined, z.string().trim().default("0.0.0.0")),
    PUBLIC_URL: z.preprocess(emptyToUndefined, origin.default("http://localhost:3000")),
    TRUSTED_ORIGINS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("")
        .transform((value, ctx) => {
          const origins: string[] = [];
          for (const part of value
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean)) {
            const parsed = origin.safeParse(part);
            if (!parsed.success) {
              ctx.addIssue({ code: "custom", message: `"${part}" is not an http(s) origin` });
              return z.NEVER;
            }
            origins.push(parsed.data);
          }
          return origins;
        }),
    ),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .refine(
          (value) => /^postgres(ql)?:\/\//.test(value),
          "must be a postgres:// or postgresql:// connection string",
        )
        .optional(),
    ),
    DATA_DIR: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default(".data")
        .transform((value) => path.resolve(value)),
    ),
    BETTER_AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)")
        .optional(),
    ),
    OIDC_ISSUER: z.preprocess(
      emptyToUndefined,
      z.string().trim().url("must be the issuer URL").optional(),
    ),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    AI_BASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .url("must be the model API's base URL, e.g. https://api.openai.com/v1")
        .optional(),
    ),
    AI_API_KEY: optionalString,
    AI_MODEL: optionalString,
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    ),
    SUPPORT_EMAIL: z.preprocess(
      emptyToUndefined,
      z.string().trim().email("must be an e-mail address such as support@example.com").optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .refine(
          (value) => /^smtps?:\/\/[^/]/.test(value),
          "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587",
        )
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().trim().optional()),
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .default("false")
        .transform((value, ctx): false | number | string[] => {
          // Never Fastify's `true` (trust every hop): the left-most X-Forwarded-For is whatever
          // the client wrote. A hop count takes the address the N-th proxy saw; an address list
          // skips only those proxies (docs/auth.md).
          if (/^(false|0)$/i.test(value)) return false;
          if (/^true$/i.test(value)) return 1;
          if (/^\d+$/.test(value)) {
            const hops = Number(value);
            if (hops <= 10) return hops;
          }
          const parts = value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean);
          const address =
            /^(loopback|linklocal|uniquelocal|[0-9.]+(\/\d{1,2})?|[0-9a-f:]*:[0-9a-f:.]*(\/\d{1,3})?)$/i;
          if (parts.length > 0 && parts.every((part) => address.test(part))) return parts;
          ctx.addIssue({
            code: "custom",
            message:
              'must be a number of proxy hops (1 for one reverse proxy), or the proxies\' addresses/CIDRs comma-separated (e.g. "10.0.0.0/8,loopback"), or false',
          });
          return z.NEVER;
        }),
    ),
    DASHBOARD_DIST: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default(path.join(repoRoot, "apps/dashboard/dist"))
        .transform((value) => path.resolve(value)),
    ),
    FEED_REFRESH_INTERVAL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .default("24h")
        .transform((value, ctx) => {
          // "30m", "6h", "1d", or minutes; "0" or "off": feeds refresh only on demand.
          if (/^(0|off)$/i.test(value)) return null;
          const match = /^(\d+)\s*([mhd]?)$/i.exec(value);
          const minutes = match
            ? Number(match[1]) *
              ({ "": 1, m: 1, h: 60, d: 1440 } as Record<string, number>)[match[2]!.toLowerCase()]!
            : NaN;
          if (!Number.isInteger(minutes) || minutes < 1) {
            ctx.addIssue({
              code: "custom",
              message: 'must be a duration such as "30m", "6h" or "1d", or "off"',
            });
            return z.NEVER;
          }
          return minutes;
        }),
    ),
    FETCH_ALLOW_LOOPBACK: z.preprocess(
      emptyToUndefined,
      z
        .enum(["true", "false", "1", "0"])
        .default("false")
        .transform((value) => value === "true" || value === "1"),
    ),
    DB_CONNECT_TIMEOUT_MS: positiveInt(1000, 600_000),
    DB_REQUEST_TIMEOUT_MS: positiveInt(1500, 3_600_000),
    DB_STATEMENT_TIMEOUT_MS: positiveInt(300_000, 86_400_000),
    SHUTDOWN_TIMEOUT: positiveInt(30, 3600),
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .refine((value) => /^rediss?:\/\//.test(value), "must be a redis:// or rediss:// URL")
        .optional(),
    ),
    REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().trim().default("floow:")),
    STORAGE_QUOTA_MB: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int("must be a whole number").min(0).default(1024),
    ),
    RUNTIME_DIST: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default(path.join(repoRoot, "packages/runtime/dist"))
        .transform((value) => path.resolve(value)),
    ),
  })
  .superRefine((env, ctx) => {
    const ai = [env.AI_BASE_URL, env.AI_API_KEY, env.AI_MODEL];
    if (ai.some(Boolean) && !ai.every(Boolean)) {
      for (const key of ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL"] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when any AI_* variable is set (set all three or none)",
          });
        }
      }
    }
    if (
      env.AI_BASE_URL &&
      !env.FETCH_ALLOW_LOOPBACK &&
      /^(localhost|127\.|\[::1\])/.test(new URL(env.AI_BASE_URL).hostname)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["AI_BASE_URL"],
        message: "must not be a loopback address (tests only, with FETCH_ALLOW_LOOPBACK=true)",
      });
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      for (const key of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when any OIDC_* variable is set (set all three or none)",
          });
        }
      }
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message:
          "is required in production with DATABASE_URL (generate one with `openssl rand -base64 32`)",
      });
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT ?? 3000,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL,
    /** PUBLIC_URL first, then TRUSTED_ORIGINS: the origins allowed to send mutations and sign in. */
    trustedOrigins: [...new Set([env.PUBLIC_URL, ...env.TRUSTED_ORIGINS])],
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    betterAuthSecret: env.BETTER_AUTH_SECRET,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    /** The OpenAI-compatible model the AI Suggestion asks; none: the offline suggester (docs/editor.md). */
    ai:
      env.AI_BASE_URL && env.AI_API_KEY && env.AI_MODEL
        ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL }
        : undefined,
    trustProxy: env.TRUST_PROXY,
    /** Outgoing e-mail: SMTP when set; else the outbox folder DATA_DIR/outbox (docs/auth.md). */
    smtpUrl: env.SMTP_URL,
    /** The sender of Floow's e-mails; default `Floow <no-reply@` the PUBLIC_URL's host `>`. */
    mailFrom: env.MAIL_FROM ?? `Floow <no-reply@${new URL(env.PUBLIC_URL).hostname}>`,
    outboxDir: path.join(env.DATA_DIR, "outbox"),
    /** The support dialog's fallback address; default support@ the PUBLIC_URL's host. */
    supportEmail: env.SUPPORT_EMAIL ?? `support@${new URL(env.PUBLIC_URL).hostname}`,
    dashboardDist: env.DASHBOARD_DIST,
    runtimeDist: env.RUNTIME_DIST,
    /** The default feed refresh interval in minutes; null: on demand only. */
    feedRefreshIntervalMinutes: env.FEED_REFRESH_INTERVAL,
    /**
     * Test-only: lets feed fetches reach 127.0.0.1, so the end-to-end tests can serve their own
     * feed. Every other internal address stays refused. Never set on a real server.
     */
    fetchAllowLoopback: env.FETCH_ALLOW_LOOPBACK,
    /** PostgreSQL server timeouts (docs/deployment.md): a silent database gives fast 503s. */
    dbTimeouts: {
      connectMs: env.DB_CONNECT_TIMEOUT_MS,
      requestQueryMs: env.DB_REQUEST_TIMEOUT_MS,
      statementMs: env.DB_STATEMENT_TIMEOUT_MS,
    },
    /** Seconds in-flight requests get to finish after SIGTERM (docs/architecture.md, shutdown). */
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT,
    /** Redis for several API processes: shared rate limits and cache invalidation (docs/deployment.md). */
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    /** Bytes of uploads one organization may store; 0: no limit. */
    storageQuotaBytes: env.STORAGE_QUOTA_MB * 1024 * 1024,
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * Parses an environment (by default `process.env`). Throws an `EnvError` whose message names
 * every bad variable, e.g. `Invalid environment variable PORT: ...`.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.length > 0 ? issue.path.join(".") : "(environment)";
    return `Invalid environment variable ${name}: ${issue.message} (got ${describe(name, source[name])})`;
  });
  throw new EnvError(lines.join("\n"));
}

function describe(name: string, value: string | undefined): string {
  if (value === undefined || value === "") return "nothing";
  if (/SECRET|DATABASE_URL|REDIS_URL/.test(name)) return "a value, not shown";
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}
