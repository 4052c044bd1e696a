import type { ApiKey } from "@floow/domain/api-key";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { revokeApiKey } from "../../db/queries/api-key";
import { invalidateApiKeyCaches } from "../cache";

/**
 * Revokes the organization's key and clears the kept keys in every process, so its next
 * request gets 401 (http/v1/auth.ts); null when the organization has no such key.
 */
export async function revokeKey(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<ApiKey | null> {
  const apiKey = await revokeApiKey(db, organizationId, id);
  if (apiKey) invalidateApiKeyCaches();
  return apiKey;
}
