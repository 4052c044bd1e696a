import type { FloowEventType } from "../events/constants";
import type { WebhookMethod, WebhookStatus } from "./constants";

export interface Webhook {
  id: string;
  organizationId: string;
  domainId: string;
  /** Null: every floow of the domain. */
  floowId: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
  name: string;
  url: string;
  secret: string;
  headers: Record<string, string>;
  method: WebhookMethod;
  status: WebhookStatus;
  /** The event types sent; empty means all. */
  events: FloowEventType[];
}
