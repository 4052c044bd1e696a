export const ROLES = ["admin", "member"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Readonly<Record<Role, string>> = { admin: "Admin", member: "Member" };

/** Shortest password a sign-up accepts (better-auth's `minPasswordLength` uses it too). */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Messages of the /login form. The spec's login is external and has none, so these are
 * Floow's own, in the style of section 5.
 */
export const AUTH_FORM_MESSAGES = {
  nameRequired: "Please enter your name.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Please enter your password.",
  passwordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
} as const;
