import { randomUUID } from "node:crypto";
import type { FloowEventMessage } from "@floow/domain/events";
import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import type { DB } from "../../db/database";
import { enqueueJob } from "../../db/queries/job";
import { insertDeliveries, insertDeliveryJobs } from "../../db/queries/webhook-delivery";
import type { NewDelivery } from "../../db/queries/webhook-delivery";
import { INTEGRATIONS } from "../integrations/registry";

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

/** The event types each integration sends (services/integrations), as the outbox's SQL reads them. */
const SENDERS = JSON.stringify(
  INTEGRATIONS.flatMap((integration) =>
    integration.sends ? [{ id: integration.id, types: integration.sends.eventTypes }] : [],
  ),
);

/**
 * The outbox, as common table expressions of the ingest's one statement (store-events.ts): for
 * newly stored events (`fresh`, the CTE of the batch's new rows), one delivery per matching
 * active webhook (its domain, its floow or every floow, its event types; the body
 * `webhookBody` builds) and per integration of the domain that sends events of this type
 * (services/integrations: Klaviyo's answer events; the event message as it is), each with its
 * job, due at `now`. Written in the same statement as the events, so a delivery exists exactly
 * when its event was newly stored.
 */
export function eventDeliveriesSql(
  fresh: RawBuilder<unknown>,
  now: Date,
  /** The domains of the events (the group's, each once). */
  domainIds: readonly string[],
) {
  const at = now.toISOString();
  // `hooked`: the events of domains with an active webhook or a connected integration, found
  // once per group (most domains have neither): without it, each new event looked up the
  // domain's webhooks and integrations (about 1.2 µs of the database's time per event).
  return sql`"hooked" as materialized (
      select * from ${fresh} where "domain_id" = any (array(
        select "domain_id" from "webhook" where "domain_id" = any (${domainIds}::text[]) and "status" = 'active'
        union
        select "domain_id" from "integration" where "domain_id" = any (${domainIds}::text[]) and "encrypted_key" is not null))
    ), "deliveries" as (
      insert into "webhook_delivery" ("id", "organization_id", "webhook_id", "integration_id", "message_id", "event_id", "event_type", "payload", "next_attempt_at")
      select gen_random_uuid()::text, "organization_id", "webhook_id", "integration_id", 'msg_' || replace(gen_random_uuid()::text, '-', ''), null, "type",
        "payload", ${at}::timestamptz
      from (
        select e."o", 0 as "k", e."organization_id", h."id" as "webhook_id", null as "integration_id", e."type",
          jsonb_build_object('type', 'floow.' || e."type", 'timestamp', e."payload"->'createdAt', 'data', e."payload") as "payload"
        from "hooked" e join "webhook" h on h."domain_id" = e."domain_id" and h."organization_id" = e."organization_id" and h."status" = 'active'
          and (h."floow_id" is null or h."floow_id" = e."floow_id") and (h."events" = '[]' or h."events" @> jsonb_build_array(e."type"))
        union all
        select e."o", 1, e."organization_id", null, g."id", e."type", e."payload"
        from "hooked" e join "integration" g on g."domain_id" = e."domain_id" and g."organization_id" = e."organization_id" and g."encrypted_key" is not null
          join json_to_recordset(${SENDERS}::json) as s("id" text, "types" text[]) on s."id" = g."integration_configuration_id" and e."type" = any(s."types")
      ) as d
      -- A holdout exposure is the experiment's own measurement (a visitor who saw no floow), not
      -- an interaction: no webhook or integration gets it (docs/events.md, "holdout").
      where "type" <> 'holdout'
      -- In the order the events arrived, webhooks before integrations.
      order by "o", "k"
      returning "id", "organization_id", "next_attempt_at"
    ), "delivery_jobs" as (
      insert into "job" ("id", "kind", "key", "organization_id", "payload", "run_at", "max_attempts")
      select gen_random_uuid()::text, ${WEBHOOK_DELIVERY_JOB}, "id", "organization_id",
        jsonb_build_object('deliveryId', "id", 'organizationId', "organization_id"), "next_attempt_at", ${DELIVERY_JOB_ATTEMPTS}::int
      from "deliveries"
    )`;
}
