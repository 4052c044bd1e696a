import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "../shared/limits";
import { boundedString, emailString, idSchema } from "../shared/schema";
import { FIELD_MESSAGES, isEmail, isImageAddress } from "../validation/checkers";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { AUTH_FORM_MESSAGES, PASSWORD_MIN_LENGTH, ROLES } from "./constants";

const invite = VALIDATION_MESSAGES.invite;

const personName = (label: string) => boundedString("personName", label, { trim: true });
const personTitle = boundedString("personTitle", "Title", { trim: true });

/** Invite Teammember dialog (payload name, email, title, role). */
export const inviteSchema = z.object({
  name: personName("Name").default(""),
  email: emailString(invite.emailInvalid),
  title: personTitle.default(""),
  role: z.enum(ROLES, { error: invite.roleRequired }),
});

/** Removing an invitation. */
export const removeInvitationSchema = z.object({ id: idSchema, email: boundedString("email") });

/** `invitation.resend`: the pending invitation's id. */
export const invitationIdSchema = z.object({ id: idSchema });
export type InvitationId = z.output<typeof invitationIdSchema>;

/** `invitation.lookup` and `invitation.accept`: the token of the e-mailed link. */
export const invitationTokenSchema = z.object({
  token: z
    .string()
    .min(1, { error: "The invitation link is incomplete." })
    .max(TEXT_LIMITS.token, { error: "This invitation link is not valid." }),
});
export type InvitationToken = z.output<typeof invitationTokenSchema>;

/**
 * An image address as stored for a picture or a logo: an http(s) URL or Floow's own
 * `/blobs/…` upload (never `javascript:` or `data:`), or null for none.
 */
export const imageAddressSchema = boundedString("url", "An image address")
  .refine((value) => isImageAddress(value), { error: FIELD_MESSAGES.website })
  .nullable();

/** Personal settings: the user's own information. */
export const userUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: FIELD_MESSAGES.required })
    .max(TEXT_LIMITS.personName, { error: tooLongMessage(TEXT_LIMITS.personName, "Name") }),
  title: personTitle.default(""),
  /** An uploaded image's address (http(s), or the API's own `/blobs/…`), or null for none. */
  picture: imageAddressSchema.optional(),
});

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

const changeEmail = VALIDATION_MESSAGES.changeEmail;

/** `user.changeEmail`'s input as it arrives (checked against the current address by `changeEmailSchema`). */
export const changeEmailInputSchema = z.object({
  oldEmail: boundedString("email"),
  newEmail: boundedString("email"),
});
export type ChangeEmailInput = z.output<typeof changeEmailInputSchema>;

/** `user.confirmEmail`: the token of the link e-mailed to the new address. */
export const confirmEmailSchema = z.object({ token: z.string().min(1).max(TEXT_LIMITS.token) });
export type ConfirmEmail = z.output<typeof confirmEmailSchema>;

/** `user.requestPasswordChange`'s input as it arrives (checked by `changePasswordSchema`). */
export const passwordChangeRequestSchema = z.object({ email: boundedString("email") });
export type PasswordChangeRequest = z.output<typeof passwordChangeRequestSchema>;

/** `user.remove`: the caller's own id. */
export const removeUserSchema = z.object({ userId: idSchema });
export type RemoveUser = z.output<typeof removeUserSchema>;

/** `team.remove`: a teammember of the active organization. */
export const teamMemberSchema = z.object({ userId: idSchema });
export type TeamMember = z.output<typeof teamMemberSchema>;

/** `team.updateRole`: a teammember and their new role. */
export const teamRoleUpdateSchema = teamMemberSchema.extend({
  role: z.enum(ROLES, { error: invite.roleRequired }),
});
export type TeamRoleUpdate = z.output<typeof teamRoleUpdateSchema>;

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
  password: z
    .string()
    .min(1, { error: AUTH_FORM_MESSAGES.passwordRequired })
    .max(TEXT_LIMITS.password, { error: tooLongMessage(TEXT_LIMITS.password, "A password") }),
});
export type SignIn = z.output<typeof signInSchema>;

/** /login, creating an account: name, e-mail and a password of at least 8 characters. */
export const signUpSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: AUTH_FORM_MESSAGES.nameRequired })
    .max(TEXT_LIMITS.personName, { error: tooLongMessage(TEXT_LIMITS.personName, "Name") }),
  email: emailString(AUTH_FORM_MESSAGES.emailInvalid),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: AUTH_FORM_MESSAGES.passwordMin })
    .max(TEXT_LIMITS.password, { error: tooLongMessage(TEXT_LIMITS.password, "A password") }),
});
export type SignUp = z.output<typeof signUpSchema>;
