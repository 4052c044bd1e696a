import type { FieldError } from "@floow/domain/errors";
import { fieldErrorsFrom } from "@floow/domain/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  isDatabaseUnavailable,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableReason,
} from "../db/unavailable";
import { QueueFullError } from "../services/group-commit";

/**
 * The error body of the non-tRPC endpoints (blobs, public runtime API):
 * `{ error: { code, message, fieldErrors: { path, message }[] } }`, `code` one of
 * @floow/domain's ERROR_CODES. A 400 names the failing field in `message` and `fieldErrors`.
 */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fieldErrors: FieldError[] = [],
) {
  return reply.code(status).send({ error: { code, message, fieldErrors } });
}

/** A 503 with Retry-After: the database cannot be reached right now; the client may retry. */
export function sendDatabaseUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
) {
  request.log.warn(
    { err: error, reason: unavailableReason(error) },
    "request failed: database unavailable",
  );
  reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return sendError(
    reply,
    503,
    "UNAVAILABLE",
    "The service cannot reach its database right now. Try again shortly.",
  );
}

/** A 400 from a zod error: "choiceIds.0: Expected string", with every field's error. */
export function sendValidationError(reply: FastifyReply, zodError: unknown) {
  const fieldErrors = fieldErrorsFrom(zodError);
  const first = fieldErrors[0];
  const message = first
    ? `${first.path.length > 0 ? `${first.path.join(".")}: ` : ""}${first.message}`
    : "Invalid request.";
  return sendError(reply, 400, "BAD_REQUEST", message, fieldErrors);
}

/**
 * Fastify's own errors of a scope (a body over its limit, unparseable JSON, an unsupported
 * content type, a rate limit) in the same body as ours.
 */
export function useErrorBody(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
    if (error instanceof QueueFullError) {
      // A group-commit queue is full (services/group-commit.ts): as the events route answers.
      reply.header("retry-after", String(error.retryAfterSeconds));
      return sendError(reply, 503, "UNAVAILABLE", `${error.message} Try again in a few seconds.`);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return sendError(reply, 500, "INTERNAL", "Something went wrong.");
    }
    const code =
      status === 413
        ? "PAYLOAD_TOO_LARGE"
        : status === 429
          ? "RATE_LIMITED"
          : status === 404
            ? "NOT_FOUND"
            : "BAD_REQUEST";
    if (error.validation) {
      // A route schema's check (path parameters): name the parameter.
      const fieldErrors = error.validation.map((issue) => {
        const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
        const path = [
          ...issue.instancePath.split("/").filter(Boolean),
          ...(missing ? [missing] : []),
        ];
        return { path, message: issue.message ?? "is invalid" };
      });
      const first = fieldErrors[0];
      const message = first ? `${first.path.join(".")}: ${first.message}` : error.message;
      return sendError(reply, 400, "BAD_REQUEST", message, fieldErrors);
    }
    const invalidJson =
      error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError;
    return sendError(
      reply,
      status,
      code,
      invalidJson ? "The body is not valid JSON." : error.message,
    );
  });
}
