import type { Kysely } from "kysely";
import type { Role } from "@floow/domain";
import type { DB } from "../database";
import { toRole } from "./member";

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
}

/** Open invitations of the organization (pending and not expired), newest first. */
export async function listPendingInvitations(
  db: Kysely<DB>,
  organizationId: string,
  now = new Date(),
): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom("invitation")
    .select(["id", "email", "role"])
    .where("organization_id", "=", organizationId)
    .where("status", "=", "pending")
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, role: toRole(row.role ?? "member") }));
}
