import type { Kysely } from "kysely";
import {
  changeEmailInputSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
  passwordChangeRequestSchema,
  removeUserSchema,
  userUpdateSchema,
} from "@floow/domain/user";
import { DomainError, validationError } from "@floow/domain/errors";
import type { Role } from "@floow/domain/user";
import type { DB } from "../db/database";
import { listDomains } from "../db/queries/domain";
import {
  createEmailChange,
  EMAIL_CHANGE_TTL_MS,
  takeEmailChange,
} from "../db/queries/email-change";
import { listFeeds } from "../db/queries/feed";
import { listFloows } from "../db/queries/floow";
import { listPendingInvitations, normalizeEmail } from "../db/queries/invitation";
import { listTeamUsers, resolveActiveMembership } from "../db/queries/member";
import { findOrganization } from "../db/queries/organization";
import { deleteUserAccount } from "../db/queries/team";
import {
  changeUserEmail,
  findUserEmail,
  findUserProfile,
  isEmailInUse,
  updateUserProfile,
} from "../db/queries/user";
import { listIntegrations } from "../db/queries/integration";
import { listWebhooks } from "../db/queries/webhook";
import { emailChangedNotice, emailChangeMail, emailInUseNotice } from "../services/mail";
import type { InnerContext } from "../trpc/context";
import { authedProcedure, publicProcedure, rateLimit, router } from "../trpc/init";

function mailOf(ctx: InnerContext) {
  if (!ctx.mail) throw new DomainError("INTERNAL", "E-mail is not configured.");
  return ctx.mail;
}

const signInAgain = () => new DomainError("UNAUTHORIZED", "Please sign in.");

async function currentEmail(
  ctx: InnerContext & { session: NonNullable<InnerContext["session"]> },
): Promise<string> {
  const email = await findUserEmail(ctx.db, ctx.session.user.id);
  if (email === null) throw signInAgain();
  return email;
}

const fieldError = (code: "BAD_REQUEST" | "CONFLICT", path: string, message: string) =>
  new DomainError(code, message, [{ path: [path], message }]);

const CONFIRM_LINK_INVALID =
  "This confirmation link is not valid any more. Ask for a new one in your settings.";

/**
 * The organization's lists in the `user.get` bundle, one loader per entity.
 */
const organizationLists = {
  users: listTeamUsers,
  invitations: listPendingInvitations,
  domains: listDomains,
  floows: (db: Kysely<DB>, organizationId: string) => listFloows(db, organizationId),
  feeds: listFeeds,
  integrations: listIntegrations,
  webhooks: listWebhooks,
};

type OrganizationLists = {
  [K in keyof typeof organizationLists]: Awaited<ReturnType<(typeof organizationLists)[K]>>;
};

async function loadOrganizationLists(
  db: Kysely<DB>,
  organizationId: string | null,
): Promise<OrganizationLists> {
  const keys = Object.keys(organizationLists) as (keyof typeof organizationLists)[];
  const values = await Promise.all(
    keys.map((key) =>
      organizationId ? organizationLists[key](db, organizationId) : Promise.resolve([]),
    ),
  );
  return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as OrganizationLists;
}

export const userRouter = router({
  /**
   * The spec's `GET /api/user`: the user, their role in the active organization, the organization
   * and its lists. Without an active organization, the user's first one becomes active.
   */
  get: authedProcedure.query(async ({ ctx }) => {
    const user = await findUserProfile(ctx.db, ctx.session.user.id);
    if (!user) throw signInAgain();
    const membership = await resolveActiveMembership(ctx.db, ctx.session);
    const organization = membership
      ? await findOrganization(ctx.db, membership.organizationId)
      : null;
    const roles: Role[] = membership && organization ? [membership.role] : [];
    const lists = await loadOrganizationLists(ctx.db, organization?.id ?? null);
    // Admins manage pending invitations (resend, revoke) by id; members see who is invited,
    // without ids. Nobody ever sees a token: it exists only in the e-mailed link.
    const invitations: {
      id?: string;
      email: string;
      role: Role;
      name: string;
      expires_at: string;
    }[] = roles.includes("admin")
      ? lists.invitations
      : lists.invitations.map(({ id: _id, ...rest }) => rest);
    return { user, roles, organization, ...lists, invitations };
  }),

  /** The spec's `PATCH /api/users/update`: the caller's own name, title and picture. */
  update: authedProcedure
    .use(rateLimit({ window: 60, max: 30 }))
    .input(userUpdateSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await updateUserProfile(ctx.db, ctx.session.user.id, input);
      if (!user) throw signInAgain();
      return user;
    }),

  /**
   * The spec's `PATCH /api/users/email` (Change Email: old and new address). Nothing changes
   * yet: a confirmation link goes to the new address (24 hours, once); following it
   * (`confirmEmail`) makes the change and ends every session.
   *
   * An address that already has an account is answered exactly like a free one (the same
   * answer, so a signed-in user cannot probe for accounts); its owner gets a notice of the
   * attempt instead of a link, and nothing changes on either account (docs/auth.md).
   */
  changeEmail: authedProcedure
    .use(rateLimit({ window: 3600, max: 10 }))
    .input(changeEmailInputSchema)
    .mutation(async ({ ctx, input }) => {
      const email = await currentEmail(ctx);
      const parsed = changeEmailSchema(email).safeParse(input);
      if (!parsed.success) throw validationError(parsed.error, parsed.error.issues[0]?.message);
      const newEmail = normalizeEmail(parsed.data.newEmail);
      if (newEmail === normalizeEmail(email))
        throw fieldError("BAD_REQUEST", "newEmail", "This is already your e-mail address.");
      const mail = mailOf(ctx);
      if (await isEmailInUse(ctx.db, newEmail)) {
        await mail.mailer.send(
          emailInUseNotice({
            to: newEmail,
            requesterEmail: email,
            url: new URL("/login", mail.publicUrl).toString(),
          }),
        );
        return { email: newEmail };
      }
      const { token } = await createEmailChange(ctx.db, ctx.session.user.id, newEmail);
      const url = new URL("/confirm-email", mail.publicUrl);
      url.searchParams.set("token", token);
      await mail.mailer.send(
        emailChangeMail({
          to: newEmail,
          oldEmail: email,
          url: url.toString(),
          expiresInHours: EMAIL_CHANGE_TTL_MS / 3_600_000,
        }),
      );
      return { email: newEmail };
    }),

  /** The link from the new address: the change takes effect and every session of the user ends. */
  confirmEmail: publicProcedure
    .use(rateLimit({ window: 60, max: 20 }))
    .input(confirmEmailSchema)
    .mutation(async ({ ctx, input }) => {
      const change = await takeEmailChange(ctx.db, input.token);
      if (!change) throw new DomainError("NOT_FOUND", CONFIRM_LINK_INVALID);
      // Taken since the link was sent (an account signed up with it): the link's reader owns
      // the mailbox, so telling them is no probe.
      if (await isEmailInUse(ctx.db, change.newEmail, change.userId)) {
        throw new DomainError("CONFLICT", "This e-mail address is already in use.");
      }
      const oldEmail = await findUserEmail(ctx.db, change.userId);
      if (oldEmail === null) throw new DomainError("NOT_FOUND", CONFIRM_LINK_INVALID);
      await changeUserEmail(ctx.db, change.userId, change.newEmail);
      const mail = mailOf(ctx);
      await mail.mailer
        .send(
          emailChangedNotice({
            to: oldEmail,
            newEmail: change.newEmail,
            url: new URL("/login", mail.publicUrl).toString(),
          }),
        )
        .catch(() => undefined);
      return { email: change.newEmail };
    }),

  /**
   * The spec's `PATCH /api/users/password` (Change Password): the user confirms their own
   * address, and a reset link is e-mailed to it (better-auth's reset token, 1 hour).
   */
  requestPasswordChange: authedProcedure
    .use(rateLimit({ window: 3600, max: 10 }))
    .input(passwordChangeRequestSchema)
    .mutation(async ({ ctx, input }) => {
      const email = await currentEmail(ctx);
      const parsed = changePasswordSchema(email).safeParse(input);
      if (!parsed.success) throw validationError(parsed.error, parsed.error.issues[0]?.message);
      await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
      return { email };
    }),

  /**
   * The spec's `DELETE /api/users/user/{user_id}` (Delete user): the caller's own account.
   * Organizations where they are alone are deleted with it; the last admin of an organization
   * with other members is told to hand over first.
   */
  remove: authedProcedure.input(removeUserSchema).mutation(async ({ ctx, input }) => {
    if (input.userId !== ctx.session.user.id) {
      throw new DomainError("FORBIDDEN", "You can only delete your own account.");
    }
    const result = await deleteUserAccount(ctx.db, ctx.session.user.id);
    if (result.outcome === "last-admin") {
      throw new DomainError(
        "BAD_REQUEST",
        `You are the last admin of ${result.organizationName}. Make another teammember an admin first, then delete your account.`,
      );
    }
    return {
      userId: ctx.session.user.id,
      organizationsDeleted: result.organizationsDeleted.length,
    };
  }),
});
