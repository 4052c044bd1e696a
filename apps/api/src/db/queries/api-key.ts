import type { ApiKey, ApiKeyScope } from "@floow/domain/api-key";
import type { Kysely, Selectable } from "kysely";
import { sql } from "kysely";
import type { DB } from "../database";
import type { ApiKeyTable } from "../tables/api-key";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A key as the dashboard shows it: never its hash. */
function toApiKey(row: Omit<Selectable<ApiKeyTable>, "secret_hash" | "organization_id">): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

const VIEW_COLUMNS = [
  "id",
  "name",
  "prefix",
  "scopes",
  "created_by",
  "created_at",
  "last_used_at",
  "revoked_at",
] as const;

/** The organization's keys, active ones first, newest first. */
export async function listApiKeys(db: Kysely<DB>, organizationId: string): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom("api_key")
    .select(VIEW_COLUMNS)
    .where("organization_id", "=", organizationId)
    .orderBy(sql`"revoked_at" is not null`)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toApiKey);
}

export async function countActiveApiKeys(db: Kysely<DB>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("api_key")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("organization_id", "=", organizationId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface NewApiKey {
  id: string;
  name: string;
  prefix: string;
  secretHash: string;
  scopes: ApiKeyScope[];
  /** The admin who made it; null for keys made outside the dashboard (benchmarks). */
  createdBy: string | null;
}

export async function insertApiKey(
  db: Kysely<DB>,
  organizationId: string,
  key: NewApiKey,
): Promise<ApiKey> {
  const row = await db
    .insertInto("api_key")
    .values({
      id: key.id,
      organization_id: organizationId,
      name: key.name,
      prefix: key.prefix,
      secret_hash: key.secretHash,
      scopes: JSON.stringify(key.scopes),
      created_by: key.createdBy,
    })
    .returning(VIEW_COLUMNS)
    .executeTakeFirstOrThrow();
  return toApiKey(row);
}

/** Revokes the organization's key (at once; again is a no-op that keeps the first time); null when not found. */
export async function revokeApiKey(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<ApiKey | null> {
  const row = await db
    .updateTable("api_key")
    .set({ revoked_at: sql<Date>`coalesce("revoked_at", now())` })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .returning(VIEW_COLUMNS)
    .executeTakeFirst();
  return row ? toApiKey(row) : null;
}

/** What a request's key is allowed: found by the key's hash. */
export interface ApiKeyPrincipal {
  id: string;
  organizationId: string;
  scopes: ApiKeyScope[];
  revoked: boolean;
  lastUsedAt: Date | null;
}

export async function findApiKeyByHash(
  db: Kysely<DB>,
  secretHash: string,
): Promise<ApiKeyPrincipal | null> {
  const row = await db
    .selectFrom("api_key")
    .select(["id", "organization_id", "scopes", "revoked_at", "last_used_at"])
    .where("secret_hash", "=", secretHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    organizationId: row.organization_id,
    scopes: row.scopes,
    revoked: row.revoked_at !== null,
    lastUsedAt: row.last_used_at,
  };
}

/** Stamps a key's last use (at most once per `everyMs`: a busy key writes once a minute, not per request). */
export async function touchApiKey(
  db: Kysely<DB>,
  id: string,
  at: Date,
  everyMs: number,
): Promise<void> {
  await db
    .updateTable("api_key")
    .set({ last_used_at: at })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("last_used_at", "is", null),
        eb("last_used_at", "<", new Date(at.getTime() - everyMs)),
      ]),
    )
    .execute();
}
