import type { ColumnType, Generated } from "kysely";
import type { Color, Font } from "@floow/domain/domain";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the value, written as its JSON text (pg would turn an array into a SQL array). */
type Json<T> = ColumnType<T, string, string>;

export interface DomainTable {
  /** Generated on the client (spec section 3). */
  id: string;
  organization_id: string;
  name: string;
  description: Generated<string>;
  image: string | null;
  host: string;
  blob_url: string | null;
  colors: Json<Color[]>;
  fonts: Json<Font[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
