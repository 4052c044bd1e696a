import { TRPCError } from "@trpc/server";
import { DomainError, ROLES } from "@floow/domain";
import { z } from "zod";
import { changeMemberRole, removeMember } from "../db/queries/team";
import type { TeamChange } from "../db/queries/team";
import { adminProcedure, orgProcedure, router } from "../trpc/init";

const userIdInput = z.object({ userId: z.string().min(1).max(100) });

export const LAST_ADMIN_MESSAGE =
  "The organization needs at least one admin. Make another teammember an admin first.";

function check(result: TeamChange): void {
  if (result === "not-found")
    throw new TRPCError({ code: "NOT_FOUND", message: "Teammember not found." });
  if (result === "last-admin") {
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: LAST_ADMIN_MESSAGE,
      cause: new DomainError("BAD_REQUEST", LAST_ADMIN_MESSAGE),
    });
  }
}

/**
 * The team of the active organization (spec sections 2, 3, 6): admins change roles and remove
 * teammembers; anyone may remove themselves (leave). The last admin can never be demoted or
 * removed. A user of another organization is NOT_FOUND.
 */
export const teamRouter = router({
  updateRole: adminProcedure
    .input(userIdInput.extend({ role: z.enum(ROLES, { error: "Please select a role" }) }))
    .mutation(async ({ ctx, input }) => {
      check(await changeMemberRole(ctx.db, ctx.org.id, input.userId, input.role));
      return { userId: input.userId, role: input.role };
    }),

  /** Remove Teammember: admins remove anyone, members only themselves. Cannot be undone. */
  remove: orgProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    const self = input.userId === ctx.session.user.id;
    if (!self && ctx.org.role !== "admin") {
      throw new TRPCError({
        code: "FORBIDDEN",
        message: "Only an admin of the organization can remove a teammember.",
      });
    }
    check(await removeMember(ctx.db, ctx.org.id, input.userId));
    if (self) ctx.session.session.activeOrganizationId = null;
    return { userId: input.userId, left: self };
  }),
});
