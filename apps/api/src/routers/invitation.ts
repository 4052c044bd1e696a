import { DomainError } from "@floow/domain/errors";
import {
  invitationIdSchema,
  invitationTokenSchema,
  inviteSchema,
  removeInvitationSchema,
} from "@floow/domain/user";
import {
  acceptInvitation,
  cancelInvitation,
  deleteInvitation,
  findInvitationByToken,
  findOrgInvitation,
  insertInvitation,
  isMemberByEmail,
  INVITATION_TTL_MS,
  newInvitationToken,
  normalizeEmail,
  renewInvitation,
} from "../db/queries/invitation";
import { toRole } from "../db/queries/member";
import { findOrganization } from "../db/queries/organization";
import { setActiveOrganization } from "../db/queries/session";
import { isEmailInUse } from "../db/queries/user";
import { invitationMail } from "../services/mail";
import type { InnerContext } from "../trpc/context";
import { adminProcedure, authedProcedure, publicProcedure, rateLimit, router } from "../trpc/init";

function invitationUrl(publicUrl: string, token: string): string {
  const url = new URL("/invitation", publicUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

function mailOf(ctx: InnerContext) {
  if (!ctx.mail) throw new DomainError("INTERNAL", "E-mail is not configured.");
  return ctx.mail;
}

/** Sends the invitation e-mail; when it cannot be sent, the caller undoes what it saved. */
async function sendInvitation(
  ctx: InnerContext & { session: NonNullable<InnerContext["session"]> },
  invitation: {
    organizationId: string;
    email: string;
    role: "admin" | "member";
    token: string;
    expiresAt: Date;
  },
) {
  const mail = mailOf(ctx);
  const organization = await findOrganization(ctx.db, invitation.organizationId);
  await mail.mailer.send(
    invitationMail({
      to: invitation.email,
      organizationName: organization?.display_name || organization?.name || "your team",
      inviterName: ctx.session.user.name || ctx.session.user.email,
      role: invitation.role,
      url: invitationUrl(mail.publicUrl, invitation.token),
      expiresAt: invitation.expiresAt,
    }),
  );
}

/** The mailer's failure stays the error's cause, for the log. */
const notSent = (cause: unknown) =>
  Object.assign(
    new DomainError("INTERNAL", "The invitation e-mail could not be sent. Please try again."),
    { cause },
  );

const invalidLink = () =>
  new DomainError(
    "NOT_FOUND",
    "This invitation link is not valid. Ask an admin of the organization for a new one.",
  );

const notFound = () => new DomainError("NOT_FOUND", "Invitation not found.");

/**
 * Invitations (spec sections 2, 3 and 7: Invite Teammember, `POST`/`DELETE
 * /api/users/invitations/invitation`). Admins invite, resend and revoke; the e-mailed link
 * carries a secret token (only its SHA-256 is stored) that works once, for 7 days, for a
 * signed-in user whose e-mail is the invited address. Ids never accept anything.
 */
export const invitationRouter = router({
  /** Invite Teammember: e-mails a link; a pending invitation of the same address is replaced. */
  create: adminProcedure
    .use(rateLimit({ window: 3600, max: 50 }))
    .input(inviteSchema)
    .mutation(async ({ ctx, input }) => {
      const email = normalizeEmail(input.email);
      if (await isMemberByEmail(ctx.db, ctx.org.id, email)) {
        const message = "This person is already in the team.";
        throw new DomainError("CONFLICT", message, [{ path: ["email"], message }]);
      }
      const { token, hash } = newInvitationToken();
      const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
      const { id } = await insertInvitation(ctx.db, {
        organizationId: ctx.org.id,
        inviterId: ctx.session.user.id,
        email,
        role: input.role,
        name: input.name,
        title: input.title,
        tokenHash: hash,
        expiresAt,
      });
      try {
        await sendInvitation(ctx, {
          organizationId: ctx.org.id,
          email,
          role: input.role,
          token,
          expiresAt,
        });
      } catch (error) {
        await deleteInvitation(ctx.db, id);
        throw notSent(error);
      }
      return { id, email, role: input.role, name: input.name, expires_at: expiresAt.toISOString() };
    }),

  /** Resend: a new link (the old one stops working) and 7 more days. */
  resend: adminProcedure
    .use(rateLimit({ window: 3600, max: 50 }))
    .input(invitationIdSchema)
    .mutation(async ({ ctx, input }) => {
      const invitation = await findOrgInvitation(ctx.db, ctx.org.id, input.id);
      if (!invitation) throw notFound();
      const { token, hash } = newInvitationToken();
      const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
      await renewInvitation(ctx.db, invitation.id, hash, expiresAt);
      try {
        await sendInvitation(ctx, {
          organizationId: ctx.org.id,
          email: invitation.email,
          role: toRole(invitation.role ?? "member"),
          token,
          expiresAt,
        });
      } catch (error) {
        throw notSent(error);
      }
      return { id: invitation.id, email: invitation.email, expires_at: expiresAt.toISOString() };
    }),

  /** The spec's `DELETE /api/users/invitations/invitation` ({id, email}): the link stops working. */
  revoke: adminProcedure.input(removeInvitationSchema).mutation(async ({ ctx, input }) => {
    if (!(await cancelInvitation(ctx.db, ctx.org.id, input.id))) throw notFound();
    return { id: input.id };
  }),

  /**
   * The accept page's facts for a link: which organization, who invited, which address. Only
   * the token's holder (the e-mail's reader) can ask; unknown, used and revoked links are
   * NOT_FOUND alike.
   */
  lookup: publicProcedure
    .use(rateLimit({ window: 60, max: 30 }))
    .input(invitationTokenSchema)
    .query(async ({ ctx, input }) => {
      const invitation = await findInvitationByToken(ctx.db, input.token);
      if (!invitation || invitation.status !== "pending") throw invalidLink();
      return {
        email: invitation.email,
        name: invitation.name,
        role: toRole(invitation.role ?? "member"),
        organizationName: invitation.organization_name,
        inviterName: invitation.inviter_name ?? "",
        expired: new Date(invitation.expires_at).getTime() <= Date.now(),
        userExists: await isEmailInUse(ctx.db, invitation.email),
      };
    }),

  /**
   * Accepts with the link's token, as the signed-in user whose e-mail is the invited address;
   * the organization becomes the session's active one.
   */
  accept: authedProcedure
    .use(rateLimit({ window: 60, max: 20 }))
    .input(invitationTokenSchema)
    .mutation(async ({ ctx, input }) => {
      const invitation = await findInvitationByToken(ctx.db, input.token);
      if (!invitation || invitation.status !== "pending") throw invalidLink();
      if (new Date(invitation.expires_at).getTime() <= Date.now()) {
        throw new DomainError(
          "BAD_REQUEST",
          "This invitation has expired. Ask an admin of the organization to send a new one.",
        );
      }
      if (normalizeEmail(invitation.email) !== normalizeEmail(ctx.session.user.email)) {
        throw new DomainError(
          "FORBIDDEN",
          `This invitation is for ${invitation.email}. Sign in with that address to accept it.`,
        );
      }
      if (!(await acceptInvitation(ctx.db, invitation, ctx.session.user.id))) throw invalidLink();
      await setActiveOrganization(ctx.db, ctx.session.session.id, invitation.organization_id);
      ctx.session.session.activeOrganizationId = invitation.organization_id;
      return {
        organizationId: invitation.organization_id,
        organizationName: invitation.organization_name,
      };
    }),
});
