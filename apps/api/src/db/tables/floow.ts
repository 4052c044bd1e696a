import type { ColumnType, Generated } from "kysely";
import type { Floow, FloowStatus, FloowType } from "@floow/domain/floow";
import type { Language } from "@floow/domain/shared";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The floow's configuration that has no column of its own (see migrations/20261122220000). */
export type FloowConfig = Omit<
  Floow,
  | "id"
  | "organizationId"
  | "domainId"
  | "feedId"
  | "userId"
  | "createdAt"
  | "updatedAt"
  | "type"
  | "status"
  | "language"
  | "name"
>;

export interface FloowTable {
  id: string;
  organization_id: string;
  domain_id: string;
  feed_id: string | null;
  user_id: string | null;
  type: FloowType;
  status: Generated<FloowStatus>;
  language: Generated<Language>;
  name: string;
  /** jsonb, written as JSON text. */
  config: ColumnType<FloowConfig, string, string>;
  /** Saves so far, for optimistic concurrency (`floow.update` sends the one it was based on). */
  version: Generated<number>;
  /** The number of the published version shoppers get while `status` is live (floow_version). */
  live_version: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
