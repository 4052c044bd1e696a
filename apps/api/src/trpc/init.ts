import { DomainError, fieldErrorsFrom, TRPC_ERROR_CODE } from "@floow/domain";
import type { ErrorCode, FieldError } from "@floow/domain";
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { isDatabaseUnavailable } from "../db/unavailable";
import type { Context } from "./context";
import { databaseUnavailableError } from "./unavailable";
import { requireSession } from "./middleware/auth";
import { requireOrganization, requireRole } from "./middleware/organization";
import { createRateLimiter } from "./middleware/rate-limit";
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
  return value instanceof Error && value.name === "ZodError" && Array.isArray((value as { issues?: unknown }).issues);
}

/**
 * Every error reaches the client as tRPC's shape with `data.code` set to the product's error
 * code (`@floow/domain` ERROR_CODES: VALIDATION, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, …) and
 * `data.fieldErrors: { path, message }[]`, so the dashboard shows the message at the field.
 * tRPC's own code stays in `data.trpcCode`.
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
    return {
      ...shape,
      // A validation error reads as its first field's message, e.g. "Please enter an organization name."
      message: code === "VALIDATION" && fieldErrors[0] ? fieldErrors[0].message : shape.message,
      data: { ...rest, code, trpcCode, fieldErrors },
    };
  },
});

/**
 * Throw a DomainError from a query or service; this turns it into the matching TRPCError.
 * A database that cannot be reached is a 503 SERVICE_UNAVAILABLE (the client may retry), not a 500.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR" && isDatabaseUnavailable(result.error.cause)) {
    throw databaseUnavailableError(result.error.cause);
  }
  if (!result.ok && result.error.cause instanceof DomainError && result.error.code === "INTERNAL_SERVER_ERROR") {
    const cause = result.error.cause;
    const code = TRPC_ERROR_CODE[cause.code] as TRPC_ERROR_CODE_KEY;
    throw new TRPCError({ code, message: cause.message, cause });
  }
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
  const consume = createRateLimiter(rule);
  return t.middleware(async ({ ctx, path, next }) => {
    await consume(`${path}:${ctx.session?.user.id ?? ctx.clientKey}`);
    return next();
  });
}
