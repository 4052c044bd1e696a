import type { Kysely } from "kysely";
import type { DB } from "../database";

/** Makes an organization the session's active one (better-auth reads it from this column). */
export async function setActiveOrganization(
  db: Kysely<DB>,
  sessionId: string,
  organizationId: string | null,
): Promise<void> {
  await db
    .updateTable("session")
    .set({ active_organization_id: organizationId, updated_at: new Date() })
    .where("id", "=", sessionId)
    .execute();
}
