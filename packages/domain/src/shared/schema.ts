/** Small zod builders shared by the schemas (zod lives only in schema files). */
import { z } from "zod";
import { isEmail, isHttpUrl } from "../validation/checkers";
import { TEXT_LIMITS, tooLongMessage } from "./limits";
import type { TextLimit } from "./limits";

/**
 * A text of at most `TEXT_LIMITS[limit]` characters (after trimming when `trim`), refused
 * with the spec-style message ("Name can be a maximum of 200 characters.").
 */
export const boundedString = (
  limit: TextLimit,
  label?: string,
  options: { trim?: boolean } = {},
) => {
  const max = TEXT_LIMITS[limit];
  const base = options.trim ? z.string().trim() : z.string();
  return base.max(max, { error: tooLongMessage(max, label) });
};

/** A string that must be non-blank after trimming (one message for missing and empty), at most `limit` long. */
export const requiredString = (message: string, limit: TextLimit = "name", label?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(TEXT_LIMITS[limit], { error: tooLongMessage(TEXT_LIMITS[limit], label) });

/** An e-mail address (trimmed), with one message for missing and invalid. */
export const emailString = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(TEXT_LIMITS.email, { error: message, abort: true })
    .refine((v) => isEmail(v), { error: message });

/** An absolute http(s) URL: `required` when empty, `invalid` when not a URL. */
export const httpUrlString = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(TEXT_LIMITS.url, { error: tooLongMessage(TEXT_LIMITS.url, "A URL") })
    .refine((v) => v === "" || isHttpUrl(v), { error: invalid });

/** A non-empty id. */
export const idSchema = z.string().min(1).max(TEXT_LIMITS.id);

/** An image URL or none. */
export const imageSchema = boundedString("url", "An image address").nullable().default(null);

/** A procedure's `{ id }` input (byId, remove, publish, …). */
export const byIdSchema = z.object({ id: idSchema });
