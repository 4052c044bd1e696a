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
 * A blob by id alone: images are shown on merchants' sites and in floows to anyone, so
 * `/blobs/:id` is public and the random id is the only key.
 */
export async function findBlob(db: Kysely<DB>, id: string): Promise<StoredBlob | null> {
  const row = await db
    .selectFrom("blob")
    .select(["id", "content_type", "bytes", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { id: row.id, contentType: row.content_type, bytes: row.bytes, createdAt: row.created_at } : null;
}
