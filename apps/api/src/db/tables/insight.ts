import type { ColumnType, Generated } from "kysely";
import type { DeadEndReport } from "@floow/domain/insights";

/** The last dead-end check of a floow (migrations/*_floow_insight). */
export interface FloowInsightTable {
  floow_id: string;
  organization_id: string;
  feed_id: string | null;
  dead_end_count: Generated<number>;
  /** jsonb, written as JSON text. */
  report: ColumnType<DeadEndReport, string, string>;
  checked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
