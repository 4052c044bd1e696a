import { DomainError } from "@floow/domain/errors";
import { teamMemberSchema, teamRoleUpdateSchema } from "@floow/domain/user";
import { changeMemberRole, removeMember } from "../db/queries/team";
import type { TeamChange } from "../db/queries/team";
import { adminProcedure, orgProcedure, router } from "../trpc/init";

export const LAST_ADMIN_MESSAGE =
  "The organization needs at least one admin. Make another teammember an admin first.";

function check(result: TeamChange): void {
  if (result === "not-found") throw new DomainError("NOT_FOUND", "Teammember not found.");
  if (result === "last-admin") throw new DomainError("BAD_REQUEST", LAST_ADMIN_MESSAGE);
}

/**
 * The team of the active organization (spec sections 2, 3, 6): admins change roles and remove
 * teammembers; anyone may remove themselves (leave). The last admin can never be demoted or
 * removed. A user of another organization is NOT_FOUND.
 */
export const teamRouter = router({
  updateRole: adminProcedure.input(teamRoleUpdateSchema).mutation(async ({ ctx, input }) => {
    check(await changeMemberRole(ctx.db, ctx.org.id, input.userId, input.role));
    return { userId: input.userId, role: input.role };
  }),

  /** Remove Teammember: admins remove anyone, members only themselves. Cannot be undone. */
  remove: orgProcedure.input(teamMemberSchema).mutation(async ({ ctx, input }) => {
    const self = input.userId === ctx.session.user.id;
    if (!self && ctx.org.role !== "admin") {
      throw new DomainError(
        "FORBIDDEN",
        "Only an admin of the organization can remove a teammember.",
      );
    }
    check(await removeMember(ctx.db, ctx.org.id, input.userId));
    if (self) ctx.session.session.activeOrganizationId = null;
    return { userId: input.userId, left: self };
  }),
});
