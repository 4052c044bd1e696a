import type { ColumnType } from "kysely";
import type { ExperimentState, ExperimentVariant } from "@floow/domain/experiment";

/** An experiment on a floow (migrations/*_experiments.ts). */
export interface ExperimentTable {
  id: string;
  organization_id: string;
  floow_id: string;
  name: ColumnType<string, string | undefined, string>;
  state: ColumnType<ExperimentState, ExperimentState | undefined, ExperimentState>;
  /** The variants in their fixed order (jsonb, written as JSON text). */
  variants: ColumnType<ExperimentVariant[], string, string>;
  /** The holdout arm's id (events of holdout visitors carry it as `variantId`); unused while its share is 0. */
  holdout_id: string;
  holdout_share: ColumnType<number, number | undefined, number>;
  promoted_version: ColumnType<number | null, number | null | undefined, number | null>;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  stopped_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * Per floow, arm and visitor: its sessions and how many started, completed, clicked; kept by a
 * trigger on event_session (migrations/*_experiment_visitor.ts). Read with raw SQL only.
 */
export interface ExperimentVisitorTable {
  organization_id: string;
  floow_id: string;
  variant_id: string;
  /** The visitor id, or the session id without one. */
  visitor: string;
  sessions: number;
  started: number;
  completed: number;
  clicked: number;
}
