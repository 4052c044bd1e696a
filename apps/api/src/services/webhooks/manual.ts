import { randomUUID } from "node:crypto";
import { createEventMessage } from "@floow/domain/events";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { findDelivery, insertDeliveries } from "../../db/queries/webhook-delivery";
import type { DeliveryRow } from "../../db/queries/webhook-delivery";
import { attemptDelivery } from "./deliver";
import type { DeliveryDeps } from "./deliver";
import { newMessageId, queueDeliveryJob, webhookBody } from "./outbox";

/** The test event's type: receivers can tell it from real answers. */
export const TEST_EVENT_TYPE = "floow.test";

/**
 * Sends a test event to a webhook now and logs it (one attempt, not retried): a finish
 * message of a made-up session of the webhook's floow or domain.
 */
export async function sendTestEvent(
  db: Kysely<DB>,
  webhook: { id: string; organization_id: string; domain_id: string; floow_id: string | null },
  deps: DeliveryDeps,
): Promise<DeliveryRow> {
  const message = createEventMessage(
    {
      organizationId: webhook.organization_id,
      domainId: webhook.domain_id,
      floowId: webhook.floow_id ?? "test-floow",
      sessionId: `test-${randomUUID()}`,
    },
    "finish",
    { step: { id: "test-step", text: "This is a test event from Floow" } },
  );
  const id = randomUUID();
  await insertDeliveries(db, [
    {
      id,
      organizationId: webhook.organization_id,
      webhookId: webhook.id,
      integrationId: null,
      messageId: newMessageId(),
      eventId: null,
      eventType: "test",
      payload: webhookBody(message, TEST_EVENT_TYPE),
      nextAttemptAt: new Date(),
      test: true,
    },
  ]);
  await attemptDelivery(db, id, new AbortController().signal, deps);
  return (await findDelivery(db, webhook.organization_id, id))!;
}

/**
 * Replays a delivery: the same message (same `webhook-id` and body) as a new log entry,
 * attempted now and retried on the schedule like any delivery.
 */
export async function replayDelivery(
  db: Kysely<DB>,
  original: DeliveryRow,
  deps: DeliveryDeps,
): Promise<DeliveryRow> {
  const id = randomUUID();
  await insertDeliveries(db, [
    {
      id,
      organizationId: original.organization_id,
      webhookId: original.webhook_id,
      integrationId: original.integration_id,
      messageId: original.message_id,
      eventId: original.event_id,
      eventType: original.event_type,
      payload: original.payload,
      nextAttemptAt: new Date(),
      test: original.test,
      replayOf: original.id,
    },
  ]);
  const result = await attemptDelivery(db, id, new AbortController().signal, deps);
  if (result.outcome === "retry")
    await queueDeliveryJob(
      db,
      { id, organizationId: original.organization_id },
      result.nextAttemptAt,
    );
  return (await findDelivery(db, original.organization_id, id))!;
}
