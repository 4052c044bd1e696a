import { DomainError } from "@floow/domain";
import { TRPCError } from "@trpc/server";
import type { Kysely } from "kysely";
import type { Role } from "@floow/domain";
import type { DB } from "../../db/database";
import { resolveActiveMembership } from "../../db/queries/member";
import type { SessionData } from "../context";

export interface OrgContext {
  id: string;
  role: Role;
}

/**
 * orgProcedure's check: the session's active organization and the caller's role in it. With no
 * active organization, the first organization the user belongs to becomes the active one.
 */
export async function requireOrganization(db: Kysely<DB>, session: SessionData): Promise<OrgContext> {
  const membership = await resolveActiveMembership(db, session);
  if (!membership) {
    const message = "Create or join an organization first.";
    throw new TRPCError({ code: "FORBIDDEN", message, cause: new DomainError("FORBIDDEN", message) });
  }
  return { id: membership.organizationId, role: membership.role };
}

/** adminProcedure's check. A member asking for an admin action gets FORBIDDEN. */
export function requireRole(org: OrgContext, role: Role): void {
  if (role === "admin" && org.role !== "admin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "Only an admin of the organization can do this." });
  }
}
