import { DomainError, TRPC_ERROR_CODE } from "@floow/domain/errors";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableReason } from "../db/unavailable";

/**
 * The API's one error style: code throws `DomainError` (@floow/domain), never a TRPCError.
 * This file is the one place a TRPCError is made (ESLint forbids `new TRPCError` elsewhere):
 * tRPC takes the HTTP status from a TRPCError's code, so `domainErrors` in init.ts and the
 * context (whose errors no middleware sees) turn a DomainError into one here, keeping it as
 * the cause; init.ts's errorFormatter reads the cause for the product's code, the field
 * errors and the retry time.
 */
export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({
    code: TRPC_ERROR_CODE[error.code] as TRPC_ERROR_CODE_KEY,
    message: error.message,
    cause: error,
  });
}

/** The message of every 503 caused by the database: the client may simply try again. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Floow cannot reach its database right now. Please try again in a moment.";

type Retryable = DomainError & { retryAfter?: number; reason?: string };

/** A 503 UNAVAILABLE for a database that cannot be reached (the database's error stays in the cause, and its reason beside it, for the log). */
export function databaseUnavailable(cause: unknown): DomainError {
  const error: Retryable = new DomainError("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE);
  error.cause = cause;
  error.reason = unavailableReason(cause);
  return error;
}

/** Tells the client when to try again: the answer's Retry-After header and `data.retryAfter` (seconds). */
export function withRetryAfter(error: DomainError, seconds: number): DomainError {
  (error as Retryable).retryAfter = Math.max(1, Math.ceil(seconds));
  return error;
}

/** When the client may try again after this error (seconds): the time it was given, a 503 defaulting to 5 s. */
export function retryAfterOf(error: TRPCError): number | undefined {
  const cause = error.cause instanceof DomainError ? (error.cause as Retryable) : undefined;
  if (cause?.retryAfter !== undefined) return cause.retryAfter;
  return error.code === "SERVICE_UNAVAILABLE" ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined;
}

/** The Retry-After seconds of a batch's errors: the longest asked for. */
export function batchRetryAfterOf(errors: readonly TRPCError[]): number | undefined {
  let seconds: number | undefined;
  for (const error of errors) {
    const value = retryAfterOf(error);
    if (value !== undefined) seconds = Math.max(seconds ?? 0, value);
  }
  return seconds;
}
