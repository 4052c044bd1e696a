import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Role } from "@floow/domain/user";
import type { DB } from "../database";
import { toRole } from "./member";

/** How long an invitation link works: 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A pending invitation as admins see it (never its token or hash). */
export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  name: string;
  expires_at: string;
}

/** Open invitations of the organization (pending and not expired), newest first. */
export async function listPendingInvitations(
  db: Kysely<DB>,
  organizationId: string,
  now = new Date(),
): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom("invitation")
    .select(["id", "email", "role", "name", "expires_at"])
    .where("organization_id", "=", organizationId)
    .where("status", "=", "pending")
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: toRole(row.role ?? "member"),
    name: row.name,
    expires_at: new Date(row.expires_at).toISOString(),
  }));
}

/** A fresh secret for an invitation link, and the hash the database keeps. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findPendingInvitationByEmail(
  db: Kysely<DB>,
  organizationId: string,
  email: string,
) {
  return db
    .selectFrom("invitation")
    .select(["id"])
    .where("organization_id", "=", organizationId)
    .where("status", "=", "pending")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", normalizeEmail(email)))
    .execute();
}

export async function isMemberByEmail(
  db: Kysely<DB>,
  organizationId: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.user_id")
    .select("member.id")
    .where("member.organization_id", "=", organizationId)
    .where((eb) => eb(eb.fn("lower", ["user.email"]), "=", normalizeEmail(email)))
    .executeTakeFirst();
  return Boolean(row);
}

export interface NewInvitation {
  organizationId: string;
  inviterId: string;
  email: string;
  role: Role;
  name: string;
  title: string;
  tokenHash: string;
  expiresAt: Date;
}

/** Inserts a pending invitation; earlier pending invitations of the same address are cancelled. */
export async function insertInvitation(
  db: Kysely<DB>,
  invitation: NewInvitation,
): Promise<{ id: string }> {
  const id = randomBytes(16).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("invitation")
      .set({ status: "canceled", token_hash: null })
      .where("organization_id", "=", invitation.organizationId)
      .where("status", "=", "pending")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", normalizeEmail(invitation.email)))
      .execute();
    await trx
      .insertInto("invitation")
      .values({
        id,
        organization_id: invitation.organizationId,
        inviter_id: invitation.inviterId,
        email: normalizeEmail(invitation.email),
        role: invitation.role,
        status: "pending",
        name: invitation.name,
        title: invitation.title,
        token_hash: invitation.tokenHash,
        expires_at: invitation.expiresAt,
        created_at: new Date(),
      })
      .execute();
  });
  return { id };
}

export async function deleteInvitation(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("invitation").where("id", "=", id).execute();
}

/** A pending invitation of this organization by id (admins manage them by id). */
export async function findOrgInvitation(db: Kysely<DB>, organizationId: string, id: string) {
  return db
    .selectFrom("invitation")
    .select(["id", "email", "role", "name", "title", "status", "expires_at"])
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
}

/** New token and expiry for a pending invitation (Resend); the old link stops working. */
export async function renewInvitation(
  db: Kysely<DB>,
  id: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable("invitation")
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where("id", "=", id)
    .execute();
}

export async function cancelInvitation(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .updateTable("invitation")
    .set({ status: "canceled", token_hash: null })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The invitation a link's token stands for (any status), with its organization and inviter. */
export async function findInvitationByToken(db: Kysely<DB>, token: string) {
  if (typeof token !== "string" || token.length < 20 || token.length > 200) return undefined;
  return db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organization_id")
    .leftJoin("user as inviter", "inviter.id", "invitation.inviter_id")
    .select([
      "invitation.id",
      "invitation.email",
      "invitation.role",
      "invitation.name",
      "invitation.title",
      "invitation.status",
      "invitation.expires_at",
      "invitation.organization_id",
      "organization.name as organization_name",
      "inviter.name as inviter_name",
    ])
    .where("invitation.token_hash", "=", hashInvitationToken(token))
    .executeTakeFirst();
}

/**
 * Accepts a pending invitation for `userId`: the membership with the invitation's role (a
 * user already in the organization keeps their membership), the invitation marked accepted
 * and its hash dropped so the link works once, and the address marked verified (the link
 * reached it). False when it was no longer pending (accepted twice at once).
 */
export async function acceptInvitation(
  db: Kysely<DB>,
  invitation: { id: string; organization_id: string; role: string | null },
  userId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("invitation")
      .set({ status: "accepted", token_hash: null })
      .where("id", "=", invitation.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    const existing = await trx
      .selectFrom("member")
      .select("id")
      .where("organization_id", "=", invitation.organization_id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto("member")
        .values({
          id: randomBytes(16).toString("base64url"),
          organization_id: invitation.organization_id,
          user_id: userId,
          role: toRole(invitation.role ?? "member"),
          created_at: new Date(),
        })
        .execute();
    }
    await trx.updateTable("user").set({ email_verified: true }).where("id", "=", userId).execute();
    return true;
  });
}
