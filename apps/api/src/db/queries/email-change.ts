import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../database";

/** How long an e-mail change confirmation link works: 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

const PREFIX = "floow-email-change:";
const hash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * A pending e-mail change, kept in better-auth's `verification` table under the token's
 * SHA-256 (the token itself is only in the e-mail). A new request replaces an older one.
 */
export async function createEmailChange(
  db: Kysely<DB>,
  userId: string,
  newEmail: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS);
  const value = JSON.stringify([userId, newEmail]);
  const sameUser = `${JSON.stringify([userId]).slice(0, -1)},`.replace(/[%_\\]/g, "\\$&") + "%";
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("verification")
      .where("identifier", "like", `${PREFIX}%`)
      .where("value", "like", sameUser)
      .execute();
    await trx
      .insertInto("verification")
      .values({
        id: randomBytes(16).toString("base64url"),
        identifier: `${PREFIX}${hash(token)}`,
        value,
        expires_at: expiresAt,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
  });
  return { token, expiresAt };
}

/** The change a token stands for (and removes it: a link works once), or null. */
export async function takeEmailChange(
  db: Kysely<DB>,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  if (typeof token !== "string" || token.length < 20 || token.length > 200) return null;
  const row = await db
    .deleteFrom("verification")
    .where("identifier", "=", `${PREFIX}${hash(token)}`)
    .returning(["value", "expires_at"])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  const [userId, newEmail] = JSON.parse(row.value) as [string, string];
  return { userId, newEmail };
}
