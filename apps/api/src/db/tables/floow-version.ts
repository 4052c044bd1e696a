import type { ColumnType } from "kysely";
import type { FloowContent } from "@floow/domain/floow";

/** A floow's published version (migrations/20261125230000): immutable once written. */
export interface FloowVersionTable {
  id: string;
  organization_id: string;
  floow_id: string;
  /** 1, 2, …: one more than the floow's newest when published. */
  number: number;
  /** The snapshot's domain (the public domain answer looks versions up by it). */
  domain_id: string;
  /** The floow's content as published (jsonb, written as JSON text). */
  snapshot: ColumnType<FloowContent, string, never>;
  note: ColumnType<string, string | undefined, never>;
  published_by: string | null;
  published_at: ColumnType<Date, Date | string | undefined, never>;
}
