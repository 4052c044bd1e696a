/** Small zod builders shared by the schemas (zod lives only in schema files). */
import { z } from "zod";
import { isEmail, isHttpUrl } from "../validation/checkers";

/** A string that must be non-blank after trimming; one message for missing and empty. */
export const requiredString = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

/** An e-mail address (trimmed), with one message for missing and invalid. */
export const emailString = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isEmail(v), { error: message });

/** An absolute http(s) URL: `required` when empty, `invalid` when not a URL. */
export const httpUrlString = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine((v) => v === "" || isHttpUrl(v), { error: invalid });

/** A non-empty id. */
export const idSchema = z.string().min(1);

/** An image URL or none. */
export const imageSchema = z.string().nullable().default(null);

/** A procedure's `{ id }` input (byId, remove, publish, …). */
export const byIdSchema = z.object({ id: idSchema });
