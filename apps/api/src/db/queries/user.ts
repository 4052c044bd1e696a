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
