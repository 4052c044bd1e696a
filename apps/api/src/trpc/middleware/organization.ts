import { DomainError } from "@floow/domain/errors";
import type { Kysely } from "kysely";
import type { Role } from "@floow/domain/user";
import type { DB } from "../../db/database";
import { resolveActiveMembership } from "../../db/queries/member";
import type { SessionData } from "../../auth/session";

export interface OrgContext {
  id: string;
  role: Role;
}

/**
 * orgProcedure's check: the session's active organization and the caller's role in it. With no
 * active organization, the first organization the user belongs to becomes the active one.
 */
export async function requireOrganization(
  db: Kysely<DB>,
  session: SessionData,
): Promise<OrgContext> {
  const membership = await resolveActiveMembership(db, session);
  if (!membership) {
    throw new DomainError("FORBIDDEN", "Create or join an organization first.");
  }
  return { id: membership.organizationId, role: membership.role };
}

/** adminProcedure's check. A member asking for an admin action gets FORBIDDEN. */
export function requireRole(org: OrgContext, role: Role): void {
  if (role === "admin" && org.role !== "admin") {
    throw new DomainError("FORBIDDEN", "Only an admin of the organization can do this.");
  }
}
