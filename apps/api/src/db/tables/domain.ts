import type { ColumnType, Generated } from "kysely";
import type { ConsentDefault, ConsentSource } from "@floow/domain/conversion";
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
  /** Which consent signal the runtime trusts on the domain's pages (docs/events.md "Consent"). */
  consent_source: ColumnType<ConsentSource, ConsentSource | undefined, ConsentSource>;
  /** What the runtime assumes without a signal from that source. */
  consent_default: ColumnType<ConsentDefault, ConsentDefault | undefined, ConsentDefault>;
  /** The runtime reports the page's GA4 `purchase` events as conversions. */
  datalayer_purchases: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
