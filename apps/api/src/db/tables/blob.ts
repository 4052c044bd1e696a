import type { ColumnType } from "kysely";

export interface BlobTable {
  id: string;
  organization_id: string;
  content_type: string;
  size: number;
  /** pg reads bytea as a Buffer, PGlite as a Uint8Array. */
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
