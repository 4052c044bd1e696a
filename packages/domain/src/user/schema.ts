import { z } from "zod";
import { emailString } from "../shared/schema";
import { FIELD_MESSAGES, isEmail, isHttpUrl } from "../validation/checkers";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { AUTH_FORM_MESSAGES, PASSWORD_MIN_LENGTH, ROLES } from "./constants";

const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  user_id: z.string().min(1),
  name: z.string().default(""),
  email: z.string(),
  title: z.string().default(""),
  role: roleSchema.nullable().default(null),
  picture: z.string().nullable().default(null),
  roles: z.array(roleSchema).default(() => []),
});

export const invitationSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  role: roleSchema.optional(),
  name: z.string().optional(),
});

export const teamUserSchema = z.object({
  user_id: z.string().min(1),
  email: z.string(),
  role: roleSchema,
});

const invite = VALIDATION_MESSAGES.invite;

/** Invite Teammember dialog (payload name, email, title, role). */
export const inviteSchema = z.object({
  name: z.string().trim().default(""),
  email: emailString(invite.emailInvalid),
  title: z.string().trim().default(""),
  role: z.enum(ROLES, { error: invite.roleRequired }),
});

/** A new user: email and role. */
export const newUserSchema = inviteSchema.pick({ email: true, role: true });

/** Removing an invitation. */
export const removeInvitationSchema = z.object({ id: z.string().min(1), email: z.string() });

/** Personal settings: the user's own information. */
export const userUpdateSchema = z.object({
  name: z.string().trim().min(1, { error: "This field is required" }),
  title: z.string().trim().default(""),
  /** An uploaded image's address (http(s), or the API's own `/blobs/…`), or null for none. */
  picture: z
    .string()
    .nullable()
    .optional()
    .refine((value) => value == null || isHttpUrl(value) || value.startsWith("/blobs/"), { error: FIELD_MESSAGES.website }),
});

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

const changeEmail = VALIDATION_MESSAGES.changeEmail;

/** Change Email dialog: both valid, the old one the current user's (case-insensitive). */
export const changeEmailSchema = (currentEmail: string) =>
  z.object({
    oldEmail: emailString(changeEmail.emailInvalid).refine(
      (v) => !isEmail(v) || sameEmail(v, currentEmail),
      {
        error: changeEmail.oldEmailMismatch,
      },
    ),
    newEmail: emailString(changeEmail.emailInvalid),
  });

/** Change Password dialog: the email must be the user's own. */
export const changePasswordSchema = (currentEmail: string) =>
  z.object({
    email: z
      .string({ error: VALIDATION_MESSAGES.changePassword.emailMismatch })
      .trim()
      .refine((v) => sameEmail(v, currentEmail), {
        error: VALIDATION_MESSAGES.changePassword.emailMismatch,
      }),
  });

export type Invite = z.output<typeof inviteSchema>;
export type ChangeEmail = z.output<ReturnType<typeof changeEmailSchema>>;
export type ChangePassword = z.output<ReturnType<typeof changePasswordSchema>>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** /login, signing in: e-mail and password. */
export const signInSchema = z.object({
  email: emailString(AUTH_FORM_MESSAGES.emailInvalid),
  password: z.string().min(1, { error: AUTH_FORM_MESSAGES.passwordRequired }),
});
export type SignIn = z.output<typeof signInSchema>;

/** /login, creating an account: name, e-mail and a password of at least 8 characters. */
export const signUpSchema = z.object({
  name: z.string().trim().min(1, { error: AUTH_FORM_MESSAGES.nameRequired }),
  email: emailString(AUTH_FORM_MESSAGES.emailInvalid),
  password: z.string().min(PASSWORD_MIN_LENGTH, { error: AUTH_FORM_MESSAGES.passwordMin }),
});
export type SignUp = z.output<typeof signUpSchema>;
