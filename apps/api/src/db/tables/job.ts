import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type JobStatus = "queued" | "running" | "done" | "failed";

export interface JobTable {
  id: string;
  /** What to do, e.g. `feed.refresh`. */
  kind: string;
  /** What it is about, e.g. the feed id; one queued or running job per kind and key. */
  key: string;
  /** The organization the job works for (the worker shares its slots fairly between them); null: none. */
  organization_id: ColumnType<string | null, string | null | undefined, string | null>;
  payload: ColumnType<Record<string, unknown>, string, string>;
  status: Generated<JobStatus>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
