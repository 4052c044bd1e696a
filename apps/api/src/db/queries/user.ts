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
    ? { user_id: row.id, name: row.name, email: row.email, title: row.title ?? "", picture: row.image }
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
