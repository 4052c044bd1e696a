import { DomainError, fieldErrorsFrom } from "@floow/domain/errors";
import type { ErrorCode, FieldError } from "@floow/domain/errors";
import { initTRPC } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { isDatabaseUnavailable } from "../db/unavailable";
import type { Context } from "./context";
import { databaseUnavailable, retryAfterOf, toTRPCError } from "./errors";
import { requireSession } from "./middleware/auth";
import { requireOrganization, requireRole } from "./middleware/organization";
import { enforceRateLimit } from "./middleware/rate-limit";
import type { RateLimitRule } from "./middleware/rate-limit";

/** The product's error code for a tRPC code that no DomainError or zod error explains. */
const errorCodeOf: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
  INTERNAL_SERVER_ERROR: "INTERNAL",
  SERVICE_UNAVAILABLE: "UNAVAILABLE",
};

function isZodError(value: unknown): boolean {
  return (
    value instanceof Error &&
    value.name === "ZodError" &&
    Array.isArray((value as { issues?: unknown }).issues)
  );
}

/**
 * Every error reaches the client as tRPC's shape with `data.code` set to the product's error
 * code (`@floow/domain` ERROR_CODES: VALIDATION, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, …) and
 * `data.fieldErrors: { path, message }[]`, so the dashboard shows the message at the field;
 * a 429 or 503 also says when to try again (`data.retryAfter`, seconds, as the Retry-After
 * header). tRPC's own code stays in `data.trpcCode`. The dashboard reads this shape in one
 * place, `apps/dashboard/src/lib/trpc-errors.ts`.
 */
const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let code: ErrorCode = errorCodeOf[error.code] ?? "BAD_REQUEST";
    let fieldErrors: FieldError[] = [];
    if (isZodError(cause)) {
      code = "VALIDATION";
      fieldErrors = fieldErrorsFrom(cause);
    } else if (cause instanceof DomainError) {
      code = cause.code;
      fieldErrors = cause.fieldErrors;
    }
    const { code: trpcCode, ...rest } = shape.data;
    const retryAfter = retryAfterOf(error);
    return {
      ...shape,
      // A validation error reads as its first field's message, e.g. "Please enter an organization name."
      message: code === "VALIDATION" && fieldErrors[0] ? fieldErrors[0].message : shape.message,
      data: {
        ...rest,
        code,
        trpcCode,
        fieldErrors,
        ...(retryAfter !== undefined && { retryAfter }),
      },
    };
  },
});

/**
 * Throw a DomainError from a middleware, procedure, query or service (tRPC wraps it as an
 * INTERNAL_SERVER_ERROR); this turns it into the TRPCError of its code (`toTRPCError`), which
 * sets the HTTP status. A database that cannot be reached is a 503 UNAVAILABLE (the client
 * may retry), not a 500.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok || result.error.code !== "INTERNAL_SERVER_ERROR") return result;
  const cause = result.error.cause;
  if (isDatabaseUnavailable(cause)) throw toTRPCError(databaseUnavailable(cause));
  if (cause instanceof DomainError) throw toTRPCError(cause);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(domainErrors);

/** A signed-in user: `ctx.session` is set. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { session: requireSession(ctx) } }),
);

/** A member of the active organization: `ctx.org = { id, role }`. */
export const orgProcedure = authedProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { org: await requireOrganization(ctx.db, ctx.session) } }),
);

/** An admin of the active organization. */
export const adminProcedure = orgProcedure.use(({ ctx, next }) => {
  requireRole(ctx.org, "admin");
  return next();
});

/** Limits a procedure per user (or per client address without a session). */
export function rateLimit(rule: RateLimitRule) {
  return t.middleware(async ({ ctx, path, next }) => {
    const who = ctx.session ? `user:${ctx.session.user.id}` : `ip:${ctx.clientKey}`;
    await enforceRateLimit(ctx.rateLimiter, `trpc:${path}:${who}`, rule);
    return next();
  });
}
