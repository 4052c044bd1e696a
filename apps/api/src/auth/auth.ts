import { PASSWORD_MIN_LENGTH } from "@floow/domain/user";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { BetterAuthOptions } from "better-auth";
import { genericOAuth, organization } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements, memberAc, ownerAc } from "better-auth/plugins/organization/access";
import type { Kysely } from "kysely";
import type { Env } from "../env";
import { createRateLimiter } from "../services/rate-limit";
import type { RateLimiter } from "../services/rate-limit";
import { passwordResetMail } from "../services/mail";
import type { MailContext } from "../services/mail";
import { passwordProblem } from "./password";
import { validateSignInBody, validateSignUpBody } from "./sign-up";

/** How long a password reset link works (seconds). */
export const PASSWORD_RESET_EXPIRES_IN = 60 * 60;

/**
 * The header the HTTP layer sets from Fastify's `request.ip` (after replacing any value a
 * client sent), so better-auth's rate limiter keys on an address nobody can spoof.
 */
export const CLIENT_IP_HEADER = "x-floow-client-ip";

/** Rate limits of the auth routes, per client IP. Sign-in and sign-up are stricter. */
export const AUTH_RATE_LIMITS = {
  default: { window: 60, max: 100 },
  signIn: { window: 60, max: 10 },
  signUp: { window: 60, max: 10 },
  /** Reset e-mails: few, so nobody floods a mailbox through Floow. */
  passwordReset: { window: 60, max: 5 },
} as const;

export interface AuthConfig {
  db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- better-auth takes any Kysely
  secret: string;
  /** The API's rate limiter (services/rate-limit.ts); absent (bare tests): one in memory. */
  rateLimiter?: RateLimiter;
  env: Pick<Env, "publicUrl" | "trustedOrigins" | "oidc">;
  /** Sends password reset links; without it (bare tests) a reset request fails. */
  mail?: MailContext;
  /** better-auth's messages go to the server's pino logger. */
  logger?: {
    debug(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/**
 * better-auth's database schema: snake_case columns (house style), mapped field by field.
 * `getMigrations` with these options produced the first migration, so both stay in step.
 */
const snake = <const T extends string>(fields: readonly T[]) =>
  Object.fromEntries(
    fields.map((f) => [f, f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]),
  ) as Record<T, string>;

/** `admin` gets every organization right (better-auth's owner rights), `member` only reads. */
const ac = createAccessControl(defaultStatements);
const roles = {
  admin: ac.newRole(ownerAc.statements),
  member: ac.newRole(memberAc.statements),
};

function organizationPlugin() {
  return organization({
    ac,
    roles,
    creatorRole: "admin",
    invitationExpiresIn: 7 * 24 * 60 * 60,
    schema: {
      session: { fields: snake(["activeOrganizationId"]) },
      organization: {
        fields: snake(["createdAt"]),
        additionalFields: {
          displayName: { type: "string", required: false, input: true, fieldName: "display_name" },
          email: { type: "string", required: false, input: true, fieldName: "email" },
          sector: { type: "number", required: false, input: true, fieldName: "sector" },
        },
      },
      member: { fields: snake(["organizationId", "userId", "createdAt"]) },
      invitation: { fields: snake(["organizationId", "inviterId", "expiresAt", "createdAt"]) },
    },
  });
}

function oidcPlugin(oidc: NonNullable<Env["oidc"]>) {
  return genericOAuth({
    config: [
      {
        providerId: "oidc",
        discoveryUrl: `${oidc.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ["openid", "email", "profile"],
        pkce: true,
      },
    ],
  });
}

/**
 * Checks better-auth's own endpoints as strictly as the tRPC procedures: a sign-up's name,
 * e-mail, title and picture (none), the lengths of a sign-up's and a sign-in's fields
 * (TEXT_LIMITS), and the strength of every new password (sign-up and reset), with the reason
 * and the field when refused.
 */
const validateAuthInput = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (ctx.path === "/sign-up/email") {
    const problem = validateSignUpBody(body);
    if (problem)
      throw new APIError("BAD_REQUEST", {
        message: problem.message,
        code: problem.code,
        field: problem.field,
      });
    const password = typeof body.password === "string" ? body.password : "";
    const weak = await passwordProblem(password, [
      String(body.email ?? ""),
      String(body.name ?? ""),
    ]);
    if (weak) throw new APIError("BAD_REQUEST", { message: weak, code: "PASSWORD_TOO_WEAK" });
  }
  if (ctx.path === "/sign-in/email") {
    const problem = validateSignInBody(body);
    if (problem)
      throw new APIError("BAD_REQUEST", {
        message: problem.message,
        code: problem.code,
        field: problem.field,
      });
  }
  if (ctx.path === "/reset-password") {
    const password = typeof body.newPassword === "string" ? body.newPassword : "";
    const weak = await passwordProblem(password);
    if (weak) throw new APIError("BAD_REQUEST", { message: weak, code: "PASSWORD_TOO_WEAK" });
  }
});

export function authOptions({ db, secret, env, logger, mail, rateLimiter }: AuthConfig) {
  const secure = env.publicUrl.startsWith("https://");
  return {
    appName: "Floow",
    baseURL: env.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: env.trustedOrigins,
    database: { db, type: "postgres" as const },
    telemetry: { enabled: false },
    logger: logger
      ? {
          log: (level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) =>
            logger[level]({ auth: args.length > 0 ? args : undefined }, message),
        }
      : undefined,
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // The link opens the dashboard's /reset-password page, which posts the token and the new
      // password to /api/auth/reset-password; every session of the user ends then.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRES_IN,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }: { user: { email: string }; token: string }) => {
        if (!mail) throw new Error("no mailer configured");
        const url = new URL("/reset-password", mail.publicUrl);
        url.searchParams.set("token", token);
        await mail.mailer.send(
          passwordResetMail({
            to: user.email,
            url: url.toString(),
            expiresInMinutes: PASSWORD_RESET_EXPIRES_IN / 60,
          }),
        );
      },
    },
    hooks: { before: validateAuthInput },
    user: {
      fields: snake(["emailVerified", "createdAt", "updatedAt"]),
      additionalFields: {
        title: { type: "string", required: false, input: true, fieldName: "title" },
      },
    },
    session: {
      fields: snake(["expiresAt", "createdAt", "updatedAt", "ipAddress", "userAgent", "userId"]),
    },
    account: {
      fields: snake([
        "accountId",
        "providerId",
        "userId",
        "accessToken",
        "refreshToken",
        "idToken",
        "accessTokenExpiresAt",
        "refreshTokenExpiresAt",
        "createdAt",
        "updatedAt",
      ]),
      // An OIDC sign-in joins an existing password account with the same e-mail only when the
      // provider says that e-mail is verified (`email_verified`): trusting the provider
      // blindly would let anyone who can register that address there take the account over.
      accountLinking: { enabled: true },
    },
    verification: { fields: snake(["expiresAt", "createdAt", "updatedAt"]) },
    rateLimit: {
      enabled: true,
      customStorage: rateLimiter ?? createRateLimiter(),
      window: AUTH_RATE_LIMITS.default.window,
      max: AUTH_RATE_LIMITS.default.max,
      customRules: {
        "/sign-in/*": AUTH_RATE_LIMITS.signIn,
        "/sign-up/*": AUTH_RATE_LIMITS.signUp,
        "/request-password-reset": AUTH_RATE_LIMITS.passwordReset,
      },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // The tuple type keeps the organization plugin's typed server API (`auth.api.createOrganization`);
    // the OIDC plugin adds only HTTP routes, which the server never calls itself.
    plugins: (env.oidc ? [organizationPlugin(), oidcPlugin(env.oidc)] : [organizationPlugin()]) as [
      ReturnType<typeof organizationPlugin>,
    ],
  } satisfies BetterAuthOptions;
}

export function createAuth(config: AuthConfig) {
  return betterAuth(authOptions(config));
}

export type Auth = ReturnType<typeof createAuth>;
