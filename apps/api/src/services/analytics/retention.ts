import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { deleteExpiredEvents } from "../../db/queries/analytics";
import { enqueueJob, hasJob } from "../../db/queries/job";
import type { JobWorker } from "../jobs/worker";

/** The daily job that deletes events older than each organization's retention (docs/analytics.md). */
export const RETENTION_JOB = "events.retention";

/**
 * Registers the retention job with the job worker and, from its tick, queues it once a day
 * (its key is the day, so several processes queue it once between them).
 */
export function registerRetentionJob(
  jobs: JobWorker,
  db: Kysely<DB>,
  now: () => Date = () => new Date(),
): void {
  jobs.register(RETENTION_JOB, {
    concurrency: 1,
    run: async () => {
      await deleteExpiredEvents(db, now());
    },
  });
  jobs.addTick(async () => {
    const key = `day:${now().toISOString().slice(0, 10)}`;
    if (await hasJob(db, RETENTION_JOB, key)) return;
    await enqueueJob(db, { kind: RETENTION_JOB, key, payload: {}, organizationId: null });
  });
}
