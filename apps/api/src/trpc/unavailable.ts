import { TRPCError } from "@trpc/server";
import { unavailableReason } from "../db/unavailable";

/** The message of every 503 caused by the database: the client may simply try again. */
export const DATABASE_UNAVAILABLE_MESSAGE = "Floow cannot reach its database right now. Please try again in a moment.";

/** A 503 SERVICE_UNAVAILABLE for a database that cannot be reached (the reason stays in the cause, for the log). */
export function databaseUnavailableError(cause: unknown): TRPCError {
  const error = new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE, cause: cause instanceof Error ? cause : undefined });
  (error as TRPCError & { reason?: string }).reason = unavailableReason(cause);
  return error;
}
