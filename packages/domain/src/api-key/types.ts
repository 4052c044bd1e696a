import type { ApiKeyScope } from "./constants";

/** An API key as the dashboard shows it: never its secret nor its hash. */
export interface ApiKey {
  id: string;
  name: string;
  /** The first characters of the key (`flw_live_ab12`), to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  /** Who created it (null when that user is gone). */
  createdBy: string | null;
  /** The last request with the key, to within a minute; null when never used. */
  lastUsedAt: string | null;
  /** When it was revoked; a revoked key gets 401. */
  revokedAt: string | null;
}
