import type { ColumnType, Generated } from "kysely";
import type { WebhookEventType } from "@floow/domain/events";
import type { WebhookDeliveryStatus, WebhookMethod, WebhookStatus } from "@floow/domain/webhook";

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
  events: Json<WebhookEventType[]>;
  /** When the endpoint's current run of failures began (null while it succeeds). */
  failing_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why Floow set the webhook inactive (410 Gone, failing for 5 days). */
  disabled_reason: string | null;
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IntegrationTable {
  id: string;
  organization_id: string;
  domain_id: string;
  integration_configuration_id: string;
  /** What the setup saved besides the secret (Shopify: `shop`). */
  settings: Json<Record<string, string>>;
  /** Its secret (an API key, a signing secret), sealed (services/integrations/secret-box.ts); never sent to a browser. */
  encrypted_key: string | null;
  /** `pk_…` and the key's last four characters (a signing secret's: `…` and four), to recognise it. */
  key_hint: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The webhook and integration outbox and delivery log (docs/webhooks.md). */
export interface WebhookDeliveryTable {
  id: string;
  organization_id: string;
  /** Exactly one of webhook_id and integration_id is set. */
  webhook_id: string | null;
  integration_id: string | null;
  /** The `webhook-id` header: the same on every attempt and on a replay. */
  message_id: string;
  /** The stored event it carries (null for a test event). */
  event_id: string | null;
  event_type: string;
  /** What is sent: the webhook body `{ type, timestamp, data }`, or the event message for an integration. */
  payload: Json<Record<string, unknown>>;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  response_status: number | null;
  response_body: string | null;
  latency_ms: number | null;
  error: string | null;
  test: Generated<boolean>;
  replay_of: string | null;
  created_at: Timestamp;
}
