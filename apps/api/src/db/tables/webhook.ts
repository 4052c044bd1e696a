import type { ColumnType, Generated } from "kysely";
import type { FloowEventType, WebhookMethod, WebhookStatus } from "@floow/domain";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface WebhookTable {
  id: string;
  organization_id: string;
  domain_id: string;
  floow_id: string | null;
  name: string;
  url: string;
  secret: Generated<string>;
  headers: Json<Record<string, string>>;
  method: Generated<WebhookMethod>;
  status: Generated<WebhookStatus>;
  events: Json<FloowEventType[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IntegrationTable {
  id: string;
  organization_id: string;
  domain_id: string;
  integration_configuration_id: string;
  settings: Json<Record<string, string>>;
  created_at: Timestamp;
}
