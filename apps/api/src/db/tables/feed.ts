import type { ColumnType, Generated } from "kysely";
import type { FeedType, FeedVariables } from "@floow/domain/feed";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

export type FeedRefreshStatus = "pending" | "running" | "ok" | "failed";

export interface FeedTable {
  /** Generated on the client. */
  id: string;
  organization_id: string;
  domain_id: string | null;
  name: Generated<string>;
  url: string;
  type: FeedType;
  variables: Json<FeedVariables>;
  description: Generated<string>;
  image: string | null;
  /** Null: the server's default (FEED_REFRESH_INTERVAL). */
  refresh_interval_minutes: number | null;
  last_refresh_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_refresh_status: Generated<FeedRefreshStatus>;
  last_refresh_error: string | null;
  product_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
