import type { TRPCError } from "@trpc/server";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "../db/unavailable";

/** A TRPCError that tells the client when to try again: the Retry-After header of its answer. */
export function withRetryAfter(error: TRPCError, seconds: number): TRPCError {
  (error as TRPCError & { retryAfter?: number }).retryAfter = Math.max(1, Math.ceil(seconds));
  return error;
}

/** The Retry-After seconds of a batch's errors: the longest asked for, a 503 defaulting to 5 s. */
export function retryAfterOf(errors: readonly TRPCError[]): number | undefined {
  let seconds: number | undefined;
  for (const error of errors) {
    const own = (error as TRPCError & { retryAfter?: number }).retryAfter;
    const value = own ?? (error.code === "SERVICE_UNAVAILABLE" ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
    if (value !== undefined) seconds = Math.max(seconds ?? 0, value);
  }
  return seconds;
}
