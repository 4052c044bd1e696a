import type { Kysely } from "kysely";
import type { Role } from "@floow/domain/user";
import type { DB } from "../database";
import { toRole } from "./member";

/** The member row of a user in an organization, or undefined. */
export async function findMember(db: Kysely<DB>, organizationId: string, userId: string) {
  const row = await db
    .selectFrom("member")
    .select(["id", "role"])
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { id: row.id, role: toRole(row.role) } : undefined;
}

/** How many admins the organization has (locked, inside a transaction, against races). */
async function countAdmins(db: Kysely<DB>, organizationId: string): Promise<number> {
  const rows = await db
    .selectFrom("member")
    .select(["id", "role"])
    .where("organization_id", "=", organizationId)
    .forUpdate()
    .execute();
  return rows.filter((row) => toRole(row.role) === "admin").length;
}

export type TeamChange = "ok" | "not-found" | "last-admin";

/** Changes a member's role; the last admin is never demoted. */
export async function changeMemberRole(
  db: Kysely<DB>,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<TeamChange> {
  return db.transaction().execute(async (trx) => {
    const admins = await countAdmins(trx, organizationId);
    const member = await findMember(trx, organizationId, userId);
    if (!member) return "not-found";
    if (member.role === "admin" && role !== "admin" && admins <= 1) return "last-admin";
    await trx.updateTable("member").set({ role }).where("id", "=", member.id).execute();
    return "ok";
  });
}

/** Removes a member; the last admin is never removed. Their sessions lose the organization. */
export async function removeMember(
  db: Kysely<DB>,
  organizationId: string,
  userId: string,
): Promise<TeamChange> {
  return db.transaction().execute(async (trx) => {
    const admins = await countAdmins(trx, organizationId);
    const member = await findMember(trx, organizationId, userId);
    if (!member) return "not-found";
    if (member.role === "admin" && admins <= 1) return "last-admin";
    await trx.deleteFrom("member").where("id", "=", member.id).execute();
    await trx
      .updateTable("session")
      .set({ active_organization_id: null })
      .where("user_id", "=", userId)
      .where("active_organization_id", "=", organizationId)
      .execute();
    return "ok";
  });
}

/**
 * Deletes a user. Organizations where they are the only member go with them (with all their
 * data); an organization where they are the last admin but others remain stops it: the
 * answer names it, and nothing is deleted.
 */
export async function deleteUserAccount(
  db: Kysely<DB>,
  userId: string,
): Promise<
  | { outcome: "deleted"; organizationsDeleted: string[] }
  | { outcome: "last-admin"; organizationName: string }
> {
  return db.transaction().execute(async (trx) => {
    const memberships = await trx
      .selectFrom("member")
      .select(["organization_id", "role"])
      .where("user_id", "=", userId)
      .execute();
    const alone: string[] = [];
    for (const membership of memberships) {
      const others = await trx
        .selectFrom("member")
        .select(["user_id", "role"])
        .where("organization_id", "=", membership.organization_id)
        .where("user_id", "!=", userId)
        .forUpdate()
        .execute();
      if (others.length === 0) {
        alone.push(membership.organization_id);
        continue;
      }
      if (
        toRole(membership.role) === "admin" &&
        !others.some((other) => toRole(other.role) === "admin")
      ) {
        const organization = await trx
          .selectFrom("organization")
          .select("name")
          .where("id", "=", membership.organization_id)
          .executeTakeFirst();
        return { outcome: "last-admin" as const, organizationName: organization?.name ?? "" };
      }
    }
    if (alone.length > 0) await trx.deleteFrom("organization").where("id", "in", alone).execute();
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    return { outcome: "deleted" as const, organizationsDeleted: alone };
  });
}
