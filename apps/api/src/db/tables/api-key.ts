import type { ColumnType } from "kysely";
import type { ApiKeyScope } from "@floow/domain/api-key";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

/** An API key (migrations/20261126084703): only the SHA-256 of the key is kept. */
export interface ApiKeyTable {
  id: string;
  organization_id: string;
  name: string;
  /** `flw_live_` and the first 4 characters of the secret. */
  prefix: string;
  /** Hex SHA-256 of the whole key (unique). */
  secret_hash: string;
  /** jsonb array, written as its JSON text. */
  scopes: ColumnType<ApiKeyScope[], string, string>;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}
