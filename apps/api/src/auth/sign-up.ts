import { AUTH_FORM_MESSAGES } from "@floow/domain";
import { z } from "zod";

const isEmail = (value: string) => z.email().safeParse(value).success;

const ALLOWED_KEYS = new Set([
  "name",
  "email",
  "password",
  "title",
  "image",
  "callbackURL",
  "rememberMe",
]);

/**
 * better-auth's `/sign-up/email` takes any `image` string and any additional field; Floow's
 * sign-up has a name, an e-mail and a password (and an optional title). A picture is set later
 * through `user.update`, which only takes uploaded images.
 */
export function validateSignUpBody(
  body: Record<string, unknown>,
): { code: string; message: string } | null {
  for (const key of Object.keys(body)) {
    if (!ALLOWED_KEYS.has(key)) return { code: "VALIDATION", message: `Unknown field: ${key}.` };
  }
  const name = typeof body.name === "string" ? body.name.trim() : "";
  if (!name) return { code: "VALIDATION", message: AUTH_FORM_MESSAGES.nameRequired };
  if (name.length > 100)
    return { code: "VALIDATION", message: "Name must be at most 100 characters." };
  if (typeof body.email !== "string" || !isEmail(body.email.trim())) {
    return { code: "VALIDATION", message: AUTH_FORM_MESSAGES.emailInvalid };
  }
  if (body.image !== undefined && body.image !== null && body.image !== "") {
    return { code: "VALIDATION", message: "A picture is added in the settings after signing up." };
  }
  if (body.title !== undefined && (typeof body.title !== "string" || body.title.length > 100)) {
    return { code: "VALIDATION", message: "Title must be a text of at most 100 characters." };
  }
  return null;
}
