/**
 * The one set of error codes the API's errorFormatter maps to, with the failing field's
 * path so the dashboard shows the spec's message at the field. Dependency-free: zod errors
 * are read structurally.
 */

export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "INTERNAL",
  "UNAVAILABLE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The tRPC error code of each code (for procedures). */
export const TRPC_ERROR_CODE: Readonly<Record<ErrorCode, string>> = {
  BAD_REQUEST: "BAD_REQUEST",
  VALIDATION: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

export type FieldPath = (string | number)[];

export interface FieldError {
  /** The failing field, e.g. `["steps", 0, "text"]`; empty for the whole form. */
  path: FieldPath;
  message: string;
}

/** The shape the errorFormatter puts into an error's data. */
export interface DomainErrorData {
  code: ErrorCode;
  message: string;
  fieldErrors: FieldError[];
}

/** An error of a known code, thrown by API code and mapped once in the errorFormatter. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldError[];

  constructor(code: ErrorCode, message: string = code, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  toJSON(): DomainErrorData {
    return { code: this.code, message: this.message, fieldErrors: this.fieldErrors };
  }
}

/** The issues of a zod error (or anything with `issues: { path, message }[]`) as field errors. */
export function fieldErrorsFrom(error: unknown): FieldError[] {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.map((issue: { path?: PropertyKey[]; message?: string }) => ({
    path: (issue.path ?? []).map((p) => (typeof p === "number" ? p : String(p))),
    message: issue.message ?? "Invalid value",
  }));
}

/** A VALIDATION error from a zod error, carrying each field's message. */
export function validationError(error: unknown, message = "Validation failed"): DomainError {
  return new DomainError("VALIDATION", message, fieldErrorsFrom(error));
}
