import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Kysely, Selectable } from "kysely";
import type { FloowEventMessage } from "@floow/domain/events";
import type { WebhookDelivery, WebhookDeliveryStatus } from "@floow/domain/webhook";
import type { DB } from "../database";
import type { IntegrationTable, WebhookDeliveryTable, WebhookTable } from "../tables/webhook";

export type DeliveryRow = Selectable<WebhookDeliveryTable>;

export interface NewDelivery {
  id: string;
  organizationId: string;
  webhookId: string | null;
  integrationId: string | null;
  messageId: string;
  eventId: string | null;
  eventType: string;
  payload: Record<string, unknown>;
  nextAttemptAt: Date;
  test?: boolean;
  replayOf?: string | null;
}

export async function insertDeliveries(
  db: Kysely<DB>,
  deliveries: readonly NewDelivery[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await db
    .insertInto("webhook_delivery")
    .values(
      deliveries.map((d) => ({
        id: d.id,
        organization_id: d.organizationId,
        webhook_id: d.webhookId,
        integration_id: d.integrationId,
        message_id: d.messageId,
        event_id: d.eventId,
        event_type: d.eventType,
        payload: JSON.stringify(d.payload),
        next_attempt_at: d.nextAttemptAt,
        test: d.test ?? false,
        replay_of: d.replayOf ?? null,
      })),
    )
    .execute();
}

/**
 * Queues one job of `kind` per delivery, due at its `nextAttemptAt`, in one statement (the
 * ingest writes many at once; their keys are new, so no queued twin can exist).
 */
export async function insertDeliveryJobs(
  db: Kysely<DB>,
  kind: string,
  deliveries: readonly NewDelivery[],
  maxAttempts: number,
): Promise<void> {
  if (deliveries.length === 0) return;
  await db
    .insertInto("job")
    .values(
      deliveries.map((d) => ({
        id: randomUUID(),
        kind,
        key: d.id,
        organization_id: d.organizationId,
        payload: JSON.stringify({ deliveryId: d.id, organizationId: d.organizationId }),
        run_at: d.nextAttemptAt,
        max_attempts: maxAttempts,
        locked_by: null,
        last_error: null,
      })),
    )
    .execute();
}

export interface DeliveryWithTarget {
  delivery: DeliveryRow;
  webhook: Selectable<WebhookTable> | null;
  integration: Selectable<IntegrationTable> | null;
}

/** A delivery and the endpoint it goes to (null when that was deleted). */
export async function findDeliveryWithTarget(
  db: Kysely<DB>,
  id: string,
): Promise<DeliveryWithTarget | null> {
  const delivery = await db
    .selectFrom("webhook_delivery")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!delivery) return null;
  const webhook = delivery.webhook_id
    ? ((await db
        .selectFrom("webhook")
        .selectAll()
        .where("id", "=", delivery.webhook_id)
        .executeTakeFirst()) ?? null)
    : null;
  const integration = delivery.integration_id
    ? ((await db
        .selectFrom("integration")
        .selectAll()
        .where("id", "=", delivery.integration_id)
        .executeTakeFirst()) ?? null)
    : null;
  return { delivery, webhook, integration };
}

export interface AttemptRecord {
  status: WebhookDeliveryStatus;
  attemptedAt: Date;
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  latencyMs: number | null;
  error: string | null;
}

/** Records an attempt, only while the delivery is still pending (a replayed or finished one is left alone). */
export async function recordAttempt(
  db: Kysely<DB>,
  id: string,
  record: AttemptRecord,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_delivery")
    .set((eb) => ({
      status: record.status,
      attempts: eb("attempts", "+", 1),
      last_attempt_at: record.attemptedAt,
      next_attempt_at: record.nextAttemptAt,
      response_status: record.responseStatus,
      response_body: record.responseBody,
      latency_ms: record.latencyMs,
      error: record.error,
    }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a pending delivery without an attempt (its endpoint was disabled or deleted). */
export async function failDelivery(db: Kysely<DB>, id: string, error: string): Promise<void> {
  await db
    .updateTable("webhook_delivery")
    .set({ status: "failed", next_attempt_at: null, error })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** Pending deliveries due at `now`, oldest first (the fake-clock tests and the safety sweep). */
export async function dueDeliveryIds(db: Kysely<DB>, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom("webhook_delivery")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at")
    .orderBy("created_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Pending deliveries whose attempt was due over `graceMs` ago without a queued or running
 * job to make it (a job lost to a crash between two writes): the sweep queues them again.
 */
export async function orphanedDeliveries(
  db: Kysely<DB>,
  kind: string,
  now: Date,
  graceMs: number,
  limit = 500,
) {
  return db
    .selectFrom("webhook_delivery as d")
    .select(["d.id", "d.organization_id", "d.next_attempt_at"])
    .where("d.status", "=", "pending")
    .where("d.next_attempt_at", "<=", new Date(now.getTime() - graceMs))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("job")
            .select("job.id")
            .where("job.kind", "=", kind)
            .whereRef("job.key", "=", "d.id")
            .where("job.status", "in", ["queued", "running"]),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/** The webhook's failing run: started at `at` unless already running. */
export async function markWebhookFailing(db: Kysely<DB>, id: string, at: Date): Promise<Date> {
  const row = await db
    .updateTable("webhook")
    .set((eb) => ({
      failing_since: eb.fn.coalesce(
        "failing_since",
        sql<Date>`cast(${at.toISOString()} as timestamptz)`,
      ),
    }))
    .where("id", "=", id)
    .returning("failing_since")
    .executeTakeFirst();
  return row?.failing_since ?? at;
}

export async function clearWebhookFailing(db: Kysely<DB>, id: string): Promise<void> {
  await db
    .updateTable("webhook")
    .set({ failing_since: null })
    .where("id", "=", id)
    .where("failing_since", "is not", null)
    .execute();
}

/** Floow sets the webhook inactive and says why; true when it was active. */
export async function disableWebhook(
  db: Kysely<DB>,
  id: string,
  reason: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook")
    .set({ status: "inactive", disabled_reason: reason, disabled_at: at, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "active")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhook_id ?? "",
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    latencyMs: row.latency_ms,
    error: row.error,
    test: row.test,
    replayOf: row.replay_of,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  };
}

/** A webhook's deliveries, newest first, older than the delivery `before` when given; the org filter inside. */
export async function listDeliveries(
  db: Kysely<DB>,
  organizationId: string,
  query: { webhookId: string; limit: number; before?: string },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  let select = db
    .selectFrom("webhook_delivery")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("webhook_id", "=", query.webhookId);
  if (query.before) {
    const before = await db
      .selectFrom("webhook_delivery")
      .select(["created_at", "id"])
      .where("id", "=", query.before)
      .where("organization_id", "=", organizationId)
      .executeTakeFirst();
    if (before) {
      select = select.where((eb) =>
        eb(
          eb.refTuple("created_at", "id"),
          "<",
          eb.tuple(sql<Date>`cast(${before.created_at.toISOString()} as timestamptz)`, before.id),
        ),
      );
    }
  }
  const rows = await select
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  return {
    deliveries: page.map(toDelivery),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One delivery of the organization, as the log shows it. */
export async function findDelivery(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const row = await db
    .selectFrom("webhook_delivery")
    .selectAll()
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return row ?? null;
}

export function deliveryView(row: DeliveryRow): WebhookDelivery {
  return toDelivery(row);
}

/** Removes finished deliveries older than the retention (30 days); pending ones stay. */
export async function pruneDeliveries(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("webhook_delivery")
    .where("created_at", "<", before)
    .where("status", "<>", "pending")
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The e-mail a shopper typed in an earlier form step of the same session (the Klaviyo profile). */
export async function sessionFormMessages(
  db: Kysely<DB>,
  floowId: string,
  sessionId: string,
): Promise<FloowEventMessage[]> {
  const rows = await db
    .selectFrom("event")
    .select("payload")
    .where("floow_id", "=", floowId)
    .where("session_id", "=", sessionId)
    .where("type", "=", "form")
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  return rows.map((row) => row.payload);
}

/** The e-mail addresses of an organization's admins (told when Floow disables a webhook). */
export async function organizationAdminEmails(
  db: Kysely<DB>,
  organizationId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.user_id")
    .select("user.email")
    .where("member.organization_id", "=", organizationId)
    .where("member.role", "=", "admin")
    .execute();
  return rows.map((row) => row.email);
}
