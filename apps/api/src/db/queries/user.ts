import type { Kysely } from "kysely";
import type { DB } from "../database";

/** The spec's user: `{ user_id, name, email, title, picture }`. */
export interface UserProfile {
  user_id: string;
  name: string;
  email: string;
  title: string;
  picture: string | null;
}

export async function findUserProfile(db: Kysely<DB>, userId: string): Promise<UserProfile | null> {
  const row = await db
    .selectFrom("user")
    .select(["id", "name", "email", "title", "image"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row
    ? {
        user_id: row.id,
        name: row.name,
        email: row.email,
        title: row.title ?? "",
        picture: row.image,
      }
    : null;
}

/** Saves the user's own information (personal settings); the e-mail is not changed here. */
export async function updateUserProfile(
  db: Kysely<DB>,
  userId: string,
  update: { name: string; title: string; picture?: string | null },
): Promise<UserProfile | null> {
  await db
    .updateTable("user")
    .set({
      name: update.name,
      title: update.title,
      ...(update.picture !== undefined ? { image: update.picture } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", userId)
    .execute();
  return findUserProfile(db, userId);
}

/** The user's e-mail address, or null when the user is gone. */
export async function findUserEmail(db: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("user")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Whether an account (other than `exceptUserId`'s) has this e-mail address, compared case-insensitively. */
export async function isEmailInUse(
  db: Kysely<DB>,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()));
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * A confirmed e-mail change: the new address (verified: the link reached it) and every
 * session of the user ended, in one transaction.
 */
export async function changeUserEmail(
  db: Kysely<DB>,
  userId: string,
  newEmail: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user")
      .set({ email: newEmail, email_verified: true, updated_at: new Date() })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("session").where("user_id", "=", userId).execute();
  });
}
