import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

type ErrorData = { code?: string; fieldErrors?: { path: (string | number)[]; message: string }[] };

/** The tRPC error's data (product code and field errors), if it is one. */
export function errorData(error: unknown): ErrorData | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  return data && typeof data === "object" ? (data as ErrorData) : undefined;
}

/** The server's message for an error, when it sent one a user can read. */
export function errorMessage(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && message && !message.startsWith("[") ? message : undefined;
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
  for (const fieldError of errorData(error)?.fieldErrors ?? []) {
    const name = fieldError.path.join(".") as Path<T>;
    if (fields.includes(name)) {
      form.setError(name, { type: "server", message: fieldError.message });
      applied = true;
    }
  }
  return applied;
}
