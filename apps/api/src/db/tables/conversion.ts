import type { ColumnType } from "kysely";
import type { ConversionItem, ConversionSource } from "@floow/domain/conversion";

/**
 * An order, counted once per organization and order id (migrations/20261126084622), with
 * its attribution to a floow session (services/conversions/record.ts, docs/analytics.md
 * "Attribution"). numeric columns come back from pg as strings.
 */
export interface ConversionTable {
  id: string;
  organization_id: string;
  order_id: string;
  source: ConversionSource;
  value: ColumnType<string, number | string, number | string>;
  /** ISO 4217, upper case; kept per order (never converted). */
  currency: string;
  /** jsonb, written as its JSON text. */
  items: ColumnType<ConversionItem[], string, string>;
  visitor_id: string | null;
  /**
   * The attributed floow session (with `floow_id` the key of its `event_session` row); when the
   * order is not attributed, the tab session it was reported from (or null).
   */
  session_id: string | null;
  /** The attributed floow session's floow, version and variant; null when not attributed. */
  floow_id: string | null;
  floow_version: number | null;
  variant_id: string | null;
  /** The order's items the floow showed or the shopper clicked; the rest is assisted. */
  influenced_value: ColumnType<string, number | string | undefined, number | string>;
  assisted_value: ColumnType<string, number | string | undefined, number | string>;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
