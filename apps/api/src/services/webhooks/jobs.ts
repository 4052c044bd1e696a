import { WEBHOOK_DELIVERY_RETENTION_DAYS } from "@floow/domain/webhook";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import type { Job } from "../../db/queries/job";
import type { JobWorker } from "../jobs/worker";
import {
  dueDeliveryIds,
  orphanedDeliveries,
  pruneDeliveries,
} from "../../db/queries/webhook-delivery";
import { attemptDelivery } from "./deliver";
import type { AttemptOutcome, DeliveryDeps } from "./deliver";
import { queueDeliveryJob, WEBHOOK_DELIVERY_JOB } from "./outbox";

/** The `webhook.deliver` job: one attempt, and the job of the next one when it must be retried. */
function deliveryJobHandler(db: Kysely<DB>, deps: DeliveryDeps) {
  return async (job: Job, signal: AbortSignal): Promise<void> => {
    const deliveryId = String(job.payload.deliveryId ?? job.key);
    const result = await attemptDelivery(db, deliveryId, signal, deps);
    if (result.outcome === "retry") {
      await queueDeliveryJob(
        db,
        { id: deliveryId, organizationId: String(job.payload.organizationId ?? "") },
        result.nextAttemptAt,
      );
    }
  };
}

/**
 * Runs about once a minute beside the worker: queues pending deliveries that lost their job
 * (a crash between recording an attempt and queuing the next), and removes log entries
 * older than 30 days.
 */
export async function deliveryMaintenance(db: Kysely<DB>, now = new Date()): Promise<void> {
  for (const orphan of await orphanedDeliveries(db, WEBHOOK_DELIVERY_JOB, now, 60_000)) {
    await queueDeliveryJob(db, { id: orphan.id, organizationId: orphan.organization_id }, now);
  }
  await pruneDeliveries(
    db,
    new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * 24 * 3_600_000),
  );
}

/**
 * Attempts every delivery due at `deps.now` (oldest first) without the job queue: the fake
 * clock tests drive delivery with it (the queue compares with the database's own clock).
 */
export async function runDueDeliveries(
  db: Kysely<DB>,
  deps: DeliveryDeps & { now: () => Date },
): Promise<AttemptOutcome[]> {
  const outcomes: AttemptOutcome[] = [];
  for (const id of await dueDeliveryIds(db, deps.now())) {
    outcomes.push(await attemptDelivery(db, id, new AbortController().signal, deps));
  }
  return outcomes;
}

/**
 * Registers webhook and integration delivery with the job worker: up to 8 attempts at once,
 * at most 4 for one organization (a slow endpoint holds only its own organization's slots,
 * never the feeds), and the once-a-minute sweep and 30-day pruning.
 */
export function registerWebhookJobs(
  worker: JobWorker,
  db: Kysely<DB>,
  deps: DeliveryDeps = {},
): void {
  worker.register(WEBHOOK_DELIVERY_JOB, {
    concurrency: 8,
    perOrganization: 4,
    run: deliveryJobHandler(db, deps),
  });
  worker.addTick(() => deliveryMaintenance(db));
}
