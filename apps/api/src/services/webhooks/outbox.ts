import { randomUUID } from "node:crypto";
import type { FloowEventMessage } from "@floow/domain/events";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { enqueueJob } from "../../db/queries/job";
import {
  deliveryTargets,
  insertDeliveries,
  insertDeliveryJobs,
} from "../../db/queries/webhook-delivery";
import type { NewDelivery } from "../../db/queries/webhook-delivery";
import { senderOf } from "../integrations/registry";

/** The job kind that makes one attempt of one delivery (key: the delivery id). */
export const WEBHOOK_DELIVERY_JOB = "webhook.deliver";

/** A delivery keeps its job even through a few process crashes mid-attempt. */
const DELIVERY_JOB_ATTEMPTS = 5;

/** A Standard Webhooks message id: `msg_` and a random id, the same on every attempt. */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, "")}`;

/** The webhook body (Standard Webhooks): `{ type, timestamp, data }` with the event message as data. */
export function webhookBody(
  message: FloowEventMessage,
  type = `floow.${message.type}`,
): Record<string, unknown> {
  return { type, timestamp: message.createdAt, data: message };
}

/** A newly stored event (what storeEvents' insert returns). */
export interface OutboxEvent {
  organizationId: string;
  domainId: string;
  message: FloowEventMessage;
}

/** Queues the job that makes a delivery's next attempt at `runAt`. */
export async function queueDeliveryJob(
  db: Kysely<DB>,
  delivery: { id: string; organizationId: string },
  runAt: Date,
): Promise<void> {
  await enqueueJob(db, {
    kind: WEBHOOK_DELIVERY_JOB,
    key: delivery.id,
    payload: { deliveryId: delivery.id, organizationId: delivery.organizationId },
    runAt,
    maxAttempts: DELIVERY_JOB_ATTEMPTS,
    followUp: true,
  });
}

/** Writes deliveries and their jobs (in the caller's transaction), in two statements. */
export async function queueDeliveries(
  db: Kysely<DB>,
  deliveries: readonly NewDelivery[],
): Promise<void> {
  await insertDeliveries(db, deliveries);
  await insertDeliveryJobs(db, WEBHOOK_DELIVERY_JOB, deliveries, DELIVERY_JOB_ATTEMPTS);
}

/**
 * The outbox: for newly stored events, one delivery per matching active webhook (its domain,
 * its floow or every floow, its event types) and per integration of the domain that sends
 * events of this type (services/integrations: Klaviyo's answer events), written with their jobs
 * in the ingest's transaction.
 */
export async function enqueueEventDeliveries(
  trx: Kysely<DB>,
  events: readonly OutboxEvent[],
  now = new Date(),
): Promise<number> {
  if (events.length === 0) return 0;
  const { webhooks, integrations } = await deliveryTargets(trx, [
    ...new Set(events.map((e) => e.domainId)),
  ]);
  if (webhooks.length === 0 && integrations.length === 0) return 0;
  const deliveries: NewDelivery[] = [];
  for (const event of events) {
    // A holdout exposure is the experiment's own measurement (a visitor who saw no floow), not
    // an interaction: no webhook or integration gets it (docs/events.md, `holdout`).
    if (event.message.type === "holdout") continue;
    for (const hook of webhooks) {
      if (hook.domain_id !== event.domainId || hook.organization_id !== event.organizationId)
        continue;
      if (hook.floow_id !== null && hook.floow_id !== event.message.floowId) continue;
      if (hook.events.length > 0 && !hook.events.includes(event.message.type)) continue;
      deliveries.push({
        id: randomUUID(),
        organizationId: event.organizationId,
        webhookId: hook.id,
        integrationId: null,
        messageId: newMessageId(),
        eventId: null,
        eventType: event.message.type,
        payload: webhookBody(event.message),
        nextAttemptAt: now,
      });
    }
    for (const integration of integrations) {
      if (
        integration.domain_id !== event.domainId ||
        integration.organization_id !== event.organizationId
      )
        continue;
      const sends = senderOf(integration.integration_configuration_id)?.eventTypes;
      if (!sends?.includes(event.message.type)) continue;
      deliveries.push({
        id: randomUUID(),
        organizationId: event.organizationId,
        webhookId: null,
        integrationId: integration.id,
        messageId: newMessageId(),
        eventId: null,
        eventType: event.message.type,
        payload: event.message as unknown as Record<string, unknown>,
        nextAttemptAt: now,
      });
    }
  }
  await queueDeliveries(trx, deliveries);
  return deliveries.length;
}
