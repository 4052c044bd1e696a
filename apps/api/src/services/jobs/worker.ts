import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { claimJob, failJob, finishJob, pruneJobs, releaseJob, requeueAbandonedJobs, touchJob } from "../../db/queries/job";
import type { Job } from "../../db/queries/job";

/** Runs one job; `signal` aborts when the worker stops (the handler should give up promptly). */
export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

export interface JobWorkerOptions {
  /** What to do per job kind; other kinds are left for other workers. */
  handlers: Record<string, JobHandler>;
  /** How often to look for due jobs when idle. */
  pollMs?: number;
  /** How often a running job tells the queue it is alive. */
  heartbeatMs?: number;
  /** A running job silent this long is taken for abandoned (its process died) and queued again. */
  staleAfterMs?: number;
  /** Wait before a failed job's next attempt: `retryMs × attempt`. */
  retryMs?: number;
  /** Runs about once a minute (and at start), e.g. to queue scheduled work. */
  onTick?: () => Promise<void>;
  tickMs?: number;
  onError?: (error: unknown, job?: Job) => void;
  /** A job that stopped without finishing on every attempt (it failed for good): record why. */
  onAbandoned?: (job: Job) => Promise<void>;
}

export interface JobWorker {
  /** Runs due jobs until none is left (tests drive the queue with this). */
  drain(): Promise<number>;
  /**
   * Stops polling, aborts the running job (it is queued again, the attempt not counted, so
   * it runs after a restart) and waits for it to wind down.
   */
  stop(): Promise<void>;
}

/**
 * A background worker on the `job` table: one job at a time per process, claimed with
 * FOR UPDATE SKIP LOCKED (so several processes on one PostgreSQL server share the queue),
 * heartbeats while running, retries with backoff, and abandoned jobs queued again, so
 * queued work survives restarts and crashes; a job that keeps crashing its process fails after
 * its attempts. `start: false` gives a worker that only runs
 * when drained.
 */
export function createJobWorker(db: Kysely<DB>, options: JobWorkerOptions & { start?: boolean }): JobWorker {
  const {
    handlers,
    pollMs = 2_000,
    heartbeatMs = 30_000,
    staleAfterMs = 120_000,
    retryMs = 5 * 60_000,
    onTick,
    tickMs = 60_000,
    onError = () => undefined,
    onAbandoned,
    start = true,
  } = options;
  const workerId = randomUUID();
  const kinds = Object.keys(handlers);
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let lastTick = 0;
  let running: AbortController | undefined;

  async function runOne(): Promise<boolean> {
    if (stopped) return false;
    const job = await claimJob(db, workerId, kinds);
    if (!job) return false;
    const heartbeat = setInterval(() => void touchJob(db, job.id, workerId).catch(onError), heartbeatMs);
    const controller = new AbortController();
    running = controller;
    try {
      await handlers[job.kind]!(job, controller.signal);
      await finishJob(db, job.id);
    } catch (error) {
      if (controller.signal.aborted) {
        await releaseJob(db, job);
      } else {
        onError(error, job);
        await failJob(db, job, error instanceof Error ? error.message : String(error), retryMs * job.attempts);
      }
    } finally {
      running = undefined;
      clearInterval(heartbeat);
    }
    return true;
  }

  async function tick(): Promise<void> {
    lastTick = Date.now();
    const { failed } = await requeueAbandonedJobs(db, staleAfterMs);
    for (const job of failed) await onAbandoned?.(job).catch((error: unknown) => onError(error, job));
    await pruneJobs(db, 7 * 24 * 60 * 60_000);
    await onTick?.();
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    let worked = false;
    const run = (async () => {
      try {
        if (Date.now() - lastTick >= tickMs) await tick();
        worked = await runOne();
      } catch (error) {
        onError(error);
      }
    })();
    current = run;
    await run;
    if (!stopped) timer = setTimeout(() => void loop(), worked ? 0 : pollMs);
  }

  if (start) timer = setTimeout(() => void loop(), 0);

  return {
    async drain() {
      await current;
      let count = 0;
      const run = (async () => {
        while (await runOne()) count++;
      })();
      current = run;
      await run;
      return count;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      running?.abort(new Error("The job worker is stopping."));
      await current;
    },
  };
}
