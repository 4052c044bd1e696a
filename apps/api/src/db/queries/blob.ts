import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "../database";

export interface StoredBlob {
  id: string;
  contentType: string;
  bytes: Uint8Array;
  createdAt: Date;
}

export async function insertBlob(
  db: Kysely<DB>,
  organizationId: string,
  blob: { id: string; contentType: string; bytes: Uint8Array },
): Promise<void> {
  await db
    .insertInto("blob")
    .values({
      id: blob.id,
      organization_id: organizationId,
      content_type: blob.contentType,
      size: blob.bytes.byteLength,
      bytes: blob.bytes,
    })
    .execute();
}

/**
 * Stores a blob only while the organization's stored bytes, this one included, stay within
 * `quotaBytes` (0: no limit): one statement, so the check and the insert see the same total.
 * False when the quota would be exceeded.
 */
export async function insertBlobWithinQuota(
  db: Kysely<DB>,
  organizationId: string,
  blob: { id: string; contentType: string; bytes: Uint8Array },
  quotaBytes: number,
): Promise<boolean> {
  if (quotaBytes <= 0) {
    await insertBlob(db, organizationId, blob);
    return true;
  }
  const size = blob.bytes.byteLength;
  const result = await sql`
    insert into "blob" ("id", "organization_id", "content_type", "size", "bytes")
    select ${blob.id}, ${organizationId}, ${blob.contentType}, ${size}, ${blob.bytes}
    where (select coalesce(sum("size"), 0) from "blob" where "organization_id" = ${organizationId}) + ${size} <= ${quotaBytes}`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Bytes of images an organization stores. */
export async function organizationBlobBytes(
  db: Kysely<DB>,
  organizationId: string,
): Promise<number> {
  const row = await db
    .selectFrom("blob")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("bytes"))
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * A blob by id alone: images are shown on merchants' sites and in floows to anyone, so
 * `/blobs/:id` is public and the random id is the only key.
 */
export async function findBlob(db: Kysely<DB>, id: string): Promise<StoredBlob | null> {
  const row = await db
    .selectFrom("blob")
    .select(["id", "content_type", "bytes", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row
    ? { id: row.id, contentType: row.content_type, bytes: row.bytes, createdAt: row.created_at }
    : null;
}
