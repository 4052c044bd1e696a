import { AUTH_FORM_MESSAGES } from "@floow/domain/user";
import { TEXT_LIMITS, tooLongMessage } from "@floow/domain/shared";
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

export interface AuthInputProblem {
  code: string;
  message: string;
  /** The field the message is about. */
  field?: string;
}

const tooLong = (field: string, max: number, label: string): AuthInputProblem => ({
  code: "VALIDATION",
  message: tooLongMessage(max, label),
  field,
});

/** The e-mail, password and callback URL of a sign-up or a sign-in, each within its TEXT_LIMITS length. */
function credentialsProblem(body: Record<string, unknown>): AuthInputProblem | null {
  if (typeof body.email === "string" && body.email.trim().length > TEXT_LIMITS.email) {
    return { code: "VALIDATION", message: AUTH_FORM_MESSAGES.emailInvalid, field: "email" };
  }
  if (typeof body.password === "string" && body.password.length > TEXT_LIMITS.password) {
    return tooLong("password", TEXT_LIMITS.password, "A password");
  }
  if (typeof body.callbackURL === "string" && body.callbackURL.length > TEXT_LIMITS.url) {
    return tooLong("callbackURL", TEXT_LIMITS.url, "A URL");
  }
  return null;
}

/**
 * better-auth's `/sign-up/email` takes any `image` string and any additional field; Floow's
 * sign-up has a name, an e-mail and a password (and an optional title). A picture is set later
 * through `user.update`, which only takes uploaded images.
 */
export function validateSignUpBody(body: Record<string, unknown>): AuthInputProblem | null {
  for (const key of Object.keys(body)) {
    if (!ALLOWED_KEYS.has(key))
      return { code: "VALIDATION", message: `Unknown field: ${key}.`, field: key };
  }
  const name = typeof body.name === "string" ? body.name.trim() : "";
  if (!name) return { code: "VALIDATION", message: AUTH_FORM_MESSAGES.nameRequired, field: "name" };
  if (name.length > TEXT_LIMITS.personName) return tooLong("name", TEXT_LIMITS.personName, "Name");
  if (typeof body.email !== "string" || !isEmail(body.email.trim())) {
    return { code: "VALIDATION", message: AUTH_FORM_MESSAGES.emailInvalid, field: "email" };
  }
  if (body.image !== undefined && body.image !== null && body.image !== "") {
    return {
      code: "VALIDATION",
      message: "A picture is added in the settings after signing up.",
      field: "image",
    };
  }
  if (
    body.title !== undefined &&
    (typeof body.title !== "string" || body.title.length > TEXT_LIMITS.personTitle)
  ) {
    return tooLong("title", TEXT_LIMITS.personTitle, "Title");
  }
  return credentialsProblem(body);
}

/** better-auth's `/sign-in/email`: an e-mail and a password no longer than any account can have. */
export function validateSignInBody(body: Record<string, unknown>): AuthInputProblem | null {
  return credentialsProblem(body);
}
