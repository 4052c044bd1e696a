import { TRPCError } from "@trpc/server";
import type { Kysely } from "kysely";
import { changeEmailSchema, changePasswordSchema, DomainError, userUpdateSchema, type Role } from "@floow/domain";
import { z } from "zod";
import type { DB } from "../db/database";
import { listDomains } from "../db/queries/domain";
import { listFeeds } from "../db/queries/feed";
import { listFloows } from "../db/queries/floow";
import { listPendingInvitations } from "../db/queries/invitation";
import { listTeamUsers, resolveActiveMembership } from "../db/queries/member";
import { findOrganization } from "../db/queries/organization";
import { findUserProfile, updateUserProfile } from "../db/queries/user";
import { listIntegrations, listWebhooks } from "../db/queries/webhook";
import { authedProcedure, publicProcedure, rateLimit, router } from "../trpc/init";
import { createEmailChange, EMAIL_CHANGE_TTL_MS, takeEmailChange } from "../db/queries/email-change";
import { normalizeEmail } from "../db/queries/invitation";
import { deleteUserAccount } from "../db/queries/team";
import { emailChangedNotice, emailChangeMail } from "../services/mail";
import type { InnerContext } from "../trpc/context";

function mailOf(ctx: InnerContext) {
  if (!ctx.mail) throw new Error("no mailer configured");
  return ctx.mail;
}

async function currentEmail(ctx: InnerContext & { session: NonNullable<InnerContext["session"]> }): Promise<string> {
  const user = await findUserProfile(ctx.db, ctx.session.user.id);
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in." });
  return user.email;
}

async function emailInUse(ctx: InnerContext, email: string, exceptUserId?: string): Promise<boolean> {
  let query = ctx.db.selectFrom("user").select("id").where((eb) => eb(eb.fn("lower", ["email"]), "=", normalizeEmail(email)));
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return Boolean(await query.executeTakeFirst());
}

/** A zod error of a schema checked inside the procedure (it needs the current e-mail): a 400 naming the fields. */
const invalid = (error: z.ZodError) =>
  new TRPCError({ code: "BAD_REQUEST", message: error.issues[0]?.message ?? "Invalid input", cause: error });

const fieldError = (code: "BAD_REQUEST" | "CONFLICT", path: string, message: string) =>
  new TRPCError({ code, message, cause: new DomainError(code, message, [{ path: [path], message }]) });

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

async function loadOrganizationLists(db: Kysely<DB>, organizationId: string | null): Promise<OrganizationLists> {
  const keys = Object.keys(organizationLists) as (keyof typeof organizationLists)[];
  const values = await Promise.all(
    keys.map((key) => (organizationId ? organizationLists[key](db, organizationId) : Promise.resolve([]))),
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
    if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in." });
    const membership = await resolveActiveMembership(ctx.db, ctx.session);
    const organization = membership ? await findOrganization(ctx.db, membership.organizationId) : null;
    const roles: Role[] = membership && organization ? [membership.role] : [];
    const lists = await loadOrganizationLists(ctx.db, organization?.id ?? null);
    // Admins manage pending invitations (resend, revoke) by id; members see who is invited,
    // without ids. Nobody ever sees a token: it exists only in the e-mailed link.
    const invitations: { id?: string; email: string; role: Role; name: string; expires_at: string }[] = roles.includes("admin")
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
      if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in." });
      return user;
    }),

  /**
   * The spec's `PATCH /api/users/email` (Change Email: old and new address). Nothing changes
   * yet: a confirmation link goes to the new address (24 hours, once); following it
   * (`confirmEmail`) makes the change and ends every session.
   */
  changeEmail: authedProcedure
    .use(rateLimit({ window: 3600, max: 10 }))
    .input(z.object({ oldEmail: z.string(), newEmail: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const email = await currentEmail(ctx);
      const parsed = changeEmailSchema(email).safeParse(input);
      if (!parsed.success) throw invalid(parsed.error);
      const newEmail = normalizeEmail(parsed.data.newEmail);
      if (newEmail === normalizeEmail(email)) throw fieldError("BAD_REQUEST", "newEmail", "This is already your e-mail address.");
      if (await emailInUse(ctx, newEmail)) throw fieldError("CONFLICT", "newEmail", "This e-mail address is already in use.");
      const { token } = await createEmailChange(ctx.db, ctx.session.user.id, newEmail);
      const mail = mailOf(ctx);
      const url = new URL("/confirm-email", mail.publicUrl);
      url.searchParams.set("token", token);
      await mail.mailer.send(emailChangeMail({ to: newEmail, oldEmail: email, url: url.toString(), expiresInHours: EMAIL_CHANGE_TTL_MS / 3_600_000 }));
      return { email: newEmail };
    }),

  /** The link from the new address: the change takes effect and every session of the user ends. */
  confirmEmail: publicProcedure
    .use(rateLimit({ window: 60, max: 20 }))
    .input(z.object({ token: z.string().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const change = await takeEmailChange(ctx.db, input.token);
      const invalid = "This confirmation link is not valid any more. Ask for a new one in your settings.";
      if (!change) throw new TRPCError({ code: "NOT_FOUND", message: invalid, cause: new DomainError("NOT_FOUND", invalid) });
      if (await emailInUse(ctx, change.newEmail, change.userId)) {
        throw new TRPCError({ code: "CONFLICT", message: "This e-mail address is already in use." });
      }
      const old = await ctx.db.selectFrom("user").select("email").where("id", "=", change.userId).executeTakeFirst();
      if (!old) throw new TRPCError({ code: "NOT_FOUND", message: invalid, cause: new DomainError("NOT_FOUND", invalid) });
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable("user").set({ email: change.newEmail, email_verified: true, updated_at: new Date() }).where("id", "=", change.userId).execute();
        await trx.deleteFrom("session").where("user_id", "=", change.userId).execute();
      });
      const mail = mailOf(ctx);
      await mail.mailer
        .send(emailChangedNotice({ to: old.email, newEmail: change.newEmail, url: new URL("/login", mail.publicUrl).toString() }))
        .catch(() => undefined);
      return { email: change.newEmail };
    }),

  /**
   * The spec's `PATCH /api/users/password` (Change Password): the user confirms their own
   * address, and a reset link is e-mailed to it (better-auth's reset token, 1 hour).
   */
  requestPasswordChange: authedProcedure
    .use(rateLimit({ window: 3600, max: 10 }))
    .input(z.object({ email: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const email = await currentEmail(ctx);
      const parsed = changePasswordSchema(email).safeParse(input);
      if (!parsed.success) throw invalid(parsed.error);
      await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
      return { email };
    }),

  /**
   * The spec's `DELETE /api/users/user/{user_id}` (Delete user): the caller's own account.
   * Organizations where they are alone are deleted with it; the last admin of an organization
   * with other members is told to hand over first.
   */
  remove: authedProcedure
    .input(z.object({ userId: z.string().min(1).max(100) }))
    .mutation(async ({ ctx, input }) => {
      if (input.userId !== ctx.session.user.id) {
        throw new TRPCError({ code: "FORBIDDEN", message: "You can only delete your own account." });
      }
      const result = await deleteUserAccount(ctx.db, ctx.session.user.id);
      if (result.outcome === "last-admin") {
        const message = `You are the last admin of ${result.organizationName}. Make another teammember an admin first, then delete your account.`;
        throw new TRPCError({ code: "BAD_REQUEST", message, cause: new DomainError("BAD_REQUEST", message) });
      }
      return { userId: ctx.session.user.id, organizationsDeleted: result.organizationsDeleted.length };
    }),
});
