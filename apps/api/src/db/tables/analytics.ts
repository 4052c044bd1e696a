import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One shopper session of one floow, kept by the events ingest (docs/analytics.md). */
export interface EventSessionTable {
  floow_id: string;
  session_id: string;
  organization_id: string;
  domain_id: string;
  first_at: Timestamp;
  last_at: Timestamp;
  mounts: ColumnType<number, number | undefined, number>;
  starts: ColumnType<number, number | undefined, number>;
  /** choice and form events. */
  answers: ColumnType<number, number | undefined, number>;
  finishes: ColumnType<number, number | undefined, number>;
  /** product events (a result's button followed). */
  clicks: ColumnType<number, number | undefined, number>;
  /** The step of the session's latest choice or form event: where a session that did not finish left. */
  last_step_id: string | null;
  last_step_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** windows, mac, unix, linux or unknown (spec section 3), from the request's User-Agent. */
  os: ColumnType<string, string | undefined, string>;
  /** The browser's first language (`nl`, `en`, …) or unknown, from Accept-Language. */
  language: ColumnType<string, string | undefined, string>;
}

/** An organization's analytics settings; no row means the defaults. */
export interface AnalyticsSettingTable {
  organization_id: string;
  retention_months: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Per floow and day (Europe/Amsterdam): the sessions that began that day and their counts; kept by a trigger on event_session. */
export interface EventDailyTable {
  organization_id: string;
  floow_id: string;
  domain_id: string;
  day: ColumnType<string, string, string>;
  sessions: number;
  views: number;
  starts: number;
  started: number;
  completions: number;
  completed: number;
  clicks: number;
  clicked: number;
}

/** The first time a session answered a step, picked a choice, submitted or filled an input. */
export interface EventSessionItemTable {
  floow_id: string;
  session_id: string;
  kind: string;
  item: string;
  day: ColumnType<string, string, string>;
}

/** Per floow, day and item: a count (docs/analytics.md; kinds in migrations/20261123221513). */
export interface EventDailyItemTable {
  organization_id: string;
  floow_id: string;
  day: ColumnType<string, string, string>;
  kind: string;
  item: string;
  step_id: ColumnType<string, string | undefined, string>;
  label: ColumnType<string, string | undefined, string>;
  meta: ColumnType<string, string | undefined, string>;
  count: number;
}
