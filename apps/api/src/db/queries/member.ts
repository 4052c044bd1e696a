import type { Kysely } from "kysely";
import { ROLES } from "@floow/domain/user";
import type { Role } from "@floow/domain/user";
import type { DB } from "../database";
import { setActiveOrganization } from "./session";

export interface Membership {
  organizationId: string;
  role: Role;
}

/** better-auth stores roles as a comma-separated list; this product gives each member one. */
export function toRole(value: string): Role {
  const roles = value.split(",").map((role) => role.trim());
  return roles.includes("admin") ? "admin" : "member";
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export async function findMembership(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
): Promise<Membership | null> {
  const row = await db
    .selectFrom("member")
    .select(["organization_id", "role"])
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return row ? { organizationId: row.organization_id, role: toRole(row.role) } : null;
}

/**
 * The caller's membership in the session's active organization. When there is none (no active
 * organization yet, or the user left it) the user's first organization becomes active.
 */
export async function resolveActiveMembership(
  db: Kysely<DB>,
  session: { user: { id: string }; session: { id: string; activeOrganizationId: string | null } },
): Promise<Membership | null> {
  const activeId = session.session.activeOrganizationId;
  if (activeId) {
    const active = await findMembership(db, session.user.id, activeId);
    if (active) return active;
  }
  const first = await db
    .selectFrom("member")
    .select(["organization_id", "role"])
    .where("user_id", "=", session.user.id)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .executeTakeFirst();
  if (!first) {
    if (activeId) await setActiveOrganization(db, session.session.id, null);
    return null;
  }
  await setActiveOrganization(db, session.session.id, first.organization_id);
  session.session.activeOrganizationId = first.organization_id;
  return { organizationId: first.organization_id, role: toRole(first.role) };
}

export interface TeamUser {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  /** The user's picture (an uploaded image's address), or null: the team list shows initials. */
  picture: string | null;
}

/** The organization's members, oldest first (the spec's "Team user"). */
export async function listTeamUsers(db: Kysely<DB>, organizationId: string): Promise<TeamUser[]> {
  const rows = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.user_id")
    .select(["user.id", "user.email", "user.name", "user.image", "member.role"])
    .where("member.organization_id", "=", organizationId)
    .orderBy("member.created_at", "asc")
    .orderBy("member.id", "asc")
    .execute();
  return rows.map((row) => ({
    user_id: row.id,
    email: row.email,
    name: row.name,
    role: toRole(row.role),
    picture: row.image ?? null,
  }));
}
