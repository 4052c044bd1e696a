import { TRPCError } from "@trpc/server";
import type { Kysely } from "kysely";
import { userUpdateSchema, type Role } from "@floow/domain";
import type { DB } from "../db/database";
import { listDomains } from "../db/queries/domain";
import { listFeeds } from "../db/queries/feed";
import { listFloows } from "../db/queries/floow";
import { listPendingInvitations } from "../db/queries/invitation";
import { listTeamUsers, resolveActiveMembership } from "../db/queries/member";
import { findOrganization } from "../db/queries/organization";
import { findUserProfile, updateUserProfile } from "../db/queries/user";
import { listIntegrations, listWebhooks } from "../db/queries/webhook";
import { authedProcedure, rateLimit, router } from "../trpc/init";

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
});
