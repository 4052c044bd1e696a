import { ERROR_CODES } from "@floow/domain/errors";
import type { ErrorCode, FieldError } from "@floow/domain/errors";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * The dashboard's one reader of tRPC errors. The server's errorFormatter
 * (apps/api/src/trpc/init.ts) sends every error as `{ message, data: { code, trpcCode,
 * httpStatus, fieldErrors: { path, message }[], retryAfter? } }`, `code` being the product's
 * (`@floow/domain` ERROR_CODES); nothing else in the dashboard looks inside an error.
 * Anything that is not such an error (a network failure, a bug) reads as nothing: no code,
 * no status, no message of the server's.
 */
export interface ServerError {
  /** The product's error code: VALIDATION, UNAUTHORIZED, NOT_FOUND, CONFLICT, RATE_LIMITED, … */
  code: ErrorCode | undefined;
  httpStatus: number | undefined;
  /** The server's message, when it is one to show a user. */
  message: string | undefined;
  /** The failing fields, e.g. `{ path: ["steps", 0, "text"], message }`. */
  fieldErrors: FieldError[];
  /** Seconds to wait before trying again (a 429 or a 503). */
  retryAfter: number | undefined;
}

const NOTHING: ServerError = {
  code: undefined,
  httpStatus: undefined,
  message: undefined,
  fieldErrors: [],
  retryAfter: undefined,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) =>
    isRecord(item) && Array.isArray(item.path) && typeof item.message === "string"
      ? [
          {
            path: item.path.filter(
              (p): p is string | number => typeof p === "string" || typeof p === "number",
            ),
            message: item.message,
          },
        ]
      : [],
  );
}

/** What the server said in an error (a `TRPCClientError`, or anything with its `data`). */
export function readServerError(error: unknown): ServerError {
  if (!isRecord(error) || !isRecord(error.data)) return NOTHING;
  const { data } = error;
  const code = ERROR_CODES.find((known) => known === data.code);
  const message = typeof error.message === "string" ? error.message : "";
  return {
    code,
    httpStatus: typeof data.httpStatus === "number" ? data.httpStatus : undefined,
    // tRPC's own messages for what the formatter did not shape (a JSON dump of issues) are no
    // text for a user.
    message: message && !message.startsWith("[") ? message : undefined,
    fieldErrors: fieldErrorsOf(data.fieldErrors),
    retryAfter: typeof data.retryAfter === "number" ? data.retryAfter : undefined,
  };
}

/** The HTTP status of a tRPC error, when the server sent one. */
export const httpStatusOf = (error: unknown): number | undefined =>
  readServerError(error).httpStatus;

/** No session (any more): the route guard and the query cache send the visitor to /login. */
export const isUnauthorized = (error: unknown): boolean =>
  readServerError(error).code === "UNAUTHORIZED";

/** A save refused because someone else saved in between (`floow.update`'s stale version). */
export const isConflict = (error: unknown): boolean => readServerError(error).code === "CONFLICT";

/** The server's message for an error, when it sent one a user can read. */
export const serverMessage = (error: unknown): string | undefined => readServerError(error).message;

/**
 * The server's reason for refusing a request (a BAD_REQUEST: "Restore this floow before
 * publishing it."), if it gave one; not a schema's refusal (VALIDATION), which belongs at its field.
 */
export function refusalOf(error: unknown): string | undefined {
  const read = readServerError(error);
  return read.code === "BAD_REQUEST" ? read.message : undefined;
}

/** The server's message for any request it refused as wrong (a 400: a refusal or a schema's), if it gave one. */
export function badRequestMessage(error: unknown): string | undefined {
  const read = readServerError(error);
  return read.httpStatus === 400 ? read.message : undefined;
}

/**
 * Puts the server's field errors on the form's fields (the spec's silent cases: no toast, the
 * message at the field). Answers whether any field took one.
 */
export function applyFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const fieldError of readServerError(error).fieldErrors) {
    const name = fieldError.path.join(".") as Path<T>;
    if (fields.includes(name)) {
      form.setError(name, { type: "server", message: fieldError.message });
      applied = true;
    }
  }
  return applied;
}
