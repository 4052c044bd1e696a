import type { FloowEventMessage, FloowEventType } from "@floow/domain/events";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";

/**
 * What an integration is (docs/integrations.md, "For Floow's developers"). One object per
 * integration in its own folder, listed once in `registry.ts`. An integration is linked to a
 * domain by an `integration` row (`integration_configuration_id` = `id`) holding its settings
 * and, sealed, its secret; and it does any of three things:
 *
 * - `sends`: Floow events go out to the tool, through the webhook outbox's deliveries, retries
 *   and safe fetch (Klaviyo);
 * - `receives`: the tool posts to Floow at `/api/integrations/{integration id}/receive`
 *   (Shopify's orders/create);
 * - `runtime`: the runtime on the merchant's page acts on a setting of the domain that its
 *   floows answer carries (the GA4 `purchase` pick-up).
 */
export interface IntegrationDefinition<Setup = never> {
  /** The catalogue id, stored as `integration.integration_configuration_id`. */
  readonly id: string;
  readonly name: string;
  /** Set up with `integration.create` (its input: a member of `integrationSetupSchema`). */
  readonly setup?: {
    /** The setup's field that holds the secret (where "missing" shows). */
    readonly secretField: "privateKey" | "signingSecret";
    /**
     * What the setup keeps: the settings shown back on the screen and the secret (sealed at
     * rest, never sent to a browser; null keeps the stored one) with the hint shown instead.
     */
    stored(setup: Setup): {
      settings: Record<string, string>;
      secret: { value: string; hint: string } | null;
    };
  };
  readonly sends?: EventSender;
  readonly receives?: Receiver;
  readonly runtime?: RuntimeSettings;
}

/** An HTTP request to make (through the safe fetch of the delivery service). */
export interface OutboundRequest {
  url: string;
  init: { method: string; headers: Record<string, string>; body: string };
}

export interface EventSender {
  /** The event types that become one delivery each; the others are not sent. */
  readonly eventTypes: readonly FloowEventType[];
  /** The request of one delivery: `uniqueId` is the same on every retry. */
  request(input: {
    db: Kysely<DB>;
    message: FloowEventMessage;
    uniqueId: string;
    secret: string;
    settings: Record<string, string>;
    /** Tests only: a fake of the tool on 127.0.0.1. */
    baseUrl?: string;
  }): Promise<OutboundRequest>;
  /** Why an answer will never succeed if sent again (no retries), or null to retry as usual. */
  refused(status: number): string | null;
}

/** What a receiver got: the request as Shopify (or another tool) sent it, the body unparsed. */
export interface ReceivedRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** The integration the request was sent to, with its opened secret. */
export interface ReceivingIntegration {
  id: string;
  organizationId: string;
  domainId: string;
  settings: Record<string, string>;
  secret: string;
}

export interface Receiver {
  /**
   * Checks and handles one request: a 200 with a JSON body, or a refusal (a bad signature is a
   * 401 and changes nothing; a body that is not what the tool sends, a 400).
   */
  receive(
    db: Kysely<DB>,
    integration: ReceivingIntegration,
    request: ReceivedRequest,
  ): Promise<ReceiveAnswer>;
}

export type ReceiveAnswer =
  { ok: true; body: Record<string, unknown> } | { ok: false; status: 400 | 401; message: string };

/** The domain's columns a runtime integration reads (the domain settings screen saves them). */
export interface RuntimeDomainSettings {
  datalayer_purchases: boolean;
}

export interface RuntimeSettings {
  /** What the domain's floows answer tells the runtime (empty: the integration is off). */
  settings(domain: RuntimeDomainSettings): Record<string, unknown>;
}
