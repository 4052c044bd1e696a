import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import {
  claimJobOfKind,
  failJob,
  finishJob,
  onJobQueued,
  pruneJobs,
  releaseJob,
  requeueAbandonedJobs,
  touchJob,
} from "../../db/queries/job";
import type { Job } from "../../db/queries/job";

/**
 * Runs one job. `signal` aborts when the worker stops, when the job is cancelled
 * (`worker.cancel`) or when the job's row is no longer this worker's (deleted): the handler
 * should give up promptly (pass it to fetch, check it between batches).
 */
export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

/** A job kind as registered with the worker. */
export interface JobKind {
  run: JobHandler;
  /** How many jobs of this kind run at once in this process (default 1). */
  concurrency?: number;
  /**
   * How many jobs of this kind one organization may run at once in this process (default:
   * half the concurrency, at least 1), so one organization's slow jobs never take every slot.
   */
  perOrganization?: number;
  /** Wait before a failed job's next attempt: `retryMs × attempt` (default: the worker's). */
  retryMs?: number;
  /** A job of this kind stopped without finishing on every attempt (it failed for good): record why. */
  onAbandoned?: (job: Job) => Promise<void>;
}

export interface JobWorkerOptions {
  /** The job kinds to run at once (more can be added with `register`); a bare function: concurrency 1. */
  handlers?: Record<string, JobHandler | JobKind>;
  /** How often to look for due jobs when idle. */
  pollMs?: number;
  /** How often a running job tells the queue it is alive. */
  heartbeatMs?: number;
  /** A running job silent this long is taken for abandoned (its process died) and queued again. */
  staleAfterMs?: number;
  /** Wait before a failed job's next attempt: `retryMs × attempt`. */
  retryMs?: number;
  /** Runs about once a minute (and at start), e.g. to queue scheduled work (more with `addTick`). */
  onTick?: () => Promise<void>;
  tickMs?: number;
  onError?: (error: unknown, job?: Job) => void;
  /** A job of a kind without its own `onAbandoned` failed for good: record why. */
  onAbandoned?: (job: Job) => Promise<void>;
  /** False: do not poll until `start()` (tests call `drain`). Default true. */
  start?: boolean;
}

export interface JobWorker {
  /** Adds a job kind (a service registers its kinds once, at startup). */
  register(kind: string, handler: JobHandler | JobKind): void;
  /** Adds work to the once-a-minute tick (e.g. queue scheduled jobs). */
  addTick(tick: () => Promise<void>): void;
  /** Starts polling (when created with `start: false`). */
  start(): void;
  /**
   * Aborts the running job of this kind and key in this process, if any (its subject was
   * deleted, say); it ends as done with `reason` as its last error. True when one ran.
   */
  cancel(kind: string, key: string, reason?: string): boolean;
  /** Runs due jobs (up to each kind's concurrency at once) until none is left (tests drive the queue with this). */
  drain(): Promise<number>;
  /**
   * Stops polling, aborts the running jobs (they are queued again, the attempt not counted,
   * so they run after a restart) and waits for them to wind down.
   */
  stop(): Promise<void>;
}

interface Running {
  job: Job;
  controller: AbortController;
  /** Why it was aborted: the worker stops, `cancel`, or the row is no longer ours. */
  reason?: "stop" | "cancel" | "lost";
  cancelMessage?: string;
  done: Promise<void>;
}

/**
 * The background job worker on the `job` table, one per process (created in server.ts;
 * services register their job kinds with it). Each kind runs up to its `concurrency` jobs at
 * once, shared fairly between organizations (see claimJob). A job is claimed by an update that
 * takes it only while it is still queued (so several processes on one PostgreSQL server share
 * the queue, and one of them takes it), heartbeat while
 * running, retry with backoff, and abandoned jobs are queued again, so queued work survives
 * restarts and crashes; a job that keeps crashing its process fails after its attempts.
 */
export function createJobWorker(db: Kysely<DB>, options: JobWorkerOptions = {}): JobWorker {
  const {
    pollMs = 2_000,
    heartbeatMs = 30_000,
    staleAfterMs = 120_000,
    retryMs = 5 * 60_000,
    tickMs = 60_000,
    onError = () => undefined,
    onAbandoned,
  } = options;
  const workerId = randomUUID();
  const kinds = new Map<
    string,
    Required<Pick<JobKind, "concurrency" | "perOrganization">> & JobKind
  >();
  const ticks: Array<() => Promise<void>> = options.onTick ? [options.onTick] : [];
  const running = new Set<Running>();
  let stopped = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let lastTick = 0;
  let finished = 0;
  /** Claims run one after another (the counts of running jobs they read stay true). */
  let claiming: Promise<unknown> = Promise.resolve();
  let wakeWaiters: Array<() => void> = [];

  function register(kind: string, handler: JobHandler | JobKind): void {
    const spec = typeof handler === "function" ? { run: handler } : handler;
    const concurrency = Math.max(1, spec.concurrency ?? 1);
    kinds.set(kind, {
      ...spec,
      concurrency,
      perOrganization: Math.max(1, spec.perOrganization ?? Math.ceil(concurrency / 2)),
    });
  }
  for (const [kind, handler] of Object.entries(options.handlers ?? {})) register(kind, handler);

  const runningOf = (kind: string) =>
    [...running].filter((entry) => entry.job.kind === kind).length;

  function abort(entry: Running, reason: NonNullable<Running["reason"]>, message: string): void {
    if (entry.reason) return;
    entry.reason = reason;
    entry.cancelMessage = message;
    entry.controller.abort(new Error(message));
  }

  async function execute(entry: Running, spec: JobKind): Promise<void> {
    const { job } = entry;
    const heartbeat = setInterval(() => {
      touchJob(db, job.id, workerId)
        .then((mine) => {
          if (!mine) abort(entry, "lost", "The job was removed from the queue.");
        })
        .catch((error: unknown) => onError(error, job));
    }, heartbeatMs);
    try {
      await spec.run(job, entry.controller.signal);
      if (entry.reason !== "lost") await settle(() => finishJob(db, job.id));
    } catch (error) {
      if (entry.reason === "stop") await settle(() => releaseJob(db, job));
      else if (entry.reason === "cancel")
        await settle(() => finishJob(db, job.id, entry.cancelMessage));
      else if (entry.reason !== "lost") {
        onError(error, job);
        await settle(() =>
          failJob(
            db,
            job,
            error instanceof Error ? error.message : String(error),
            (spec.retryMs ?? retryMs) * job.attempts,
          ),
        );
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Writes a job's outcome, again when the write itself fails: the fault that ended the job
   * (a killed connection, a restarting server) often hits that write too, and the job would
   * then look running until the abandoned-job sweep minutes later.
   */
  async function settle(write: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await write();
        return;
      } catch (error) {
        if (attempt >= 8) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  function launch(job: Job): void {
    const spec = kinds.get(job.kind)!;
    const entry = { job, controller: new AbortController() } as Running;
    running.add(entry);
    entry.done = execute(entry, spec)
      .catch((error: unknown) => onError(error, job))
      .finally(() => {
        running.delete(entry);
        finished++;
        const waiters = wakeWaiters;
        wakeWaiters = [];
        for (const wake of waiters) wake();
        if (started && !stopped) void fill().catch((error: unknown) => onError(error));
      });
  }

  /** Claims due jobs into every free slot (of `only` that kind); returns how many it started. */
  function fill(only?: string): Promise<number> {
    const run = claiming.then(async () => {
      let count = 0;
      for (const [kind, spec] of kinds) {
        if (only !== undefined && kind !== only) continue;
        while (!stopped && runningOf(kind) < spec.concurrency) {
          const { job, more } = await claimJobOfKind(db, workerId, kind, spec.perOrganization);
          if (!job) break;
          if (stopped) {
            await releaseJob(db, job);
            break;
          }
          launch(job);
          count++;
          // Nothing else was due (or only jobs of an organization now at its cap): asking
          // again would read the queue for nothing (a job that ends, or the poll, asks again).
          if (!more) break;
        }
      }
      return count;
    });
    claiming = run.catch(() => undefined);
    return run;
  }

  async function tick(): Promise<void> {
    lastTick = Date.now();
    const { failed } = await requeueAbandonedJobs(db, staleAfterMs);
    for (const job of failed) {
      const handler = kinds.get(job.kind)?.onAbandoned ?? onAbandoned;
      await handler?.(job).catch((error: unknown) => onError(error, job));
    }
    await pruneJobs(db, 7 * 24 * 60 * 60_000);
    for (const each of ticks) await each().catch((error: unknown) => onError(error));
  }

  /**
   * A job of `kind` was queued in this process (db/queries/job.ts `onJobQueued`): claim it now
   * rather than at the next poll. The wakes of one turn of the event loop make one claim (an
   * ingest at full speed queues deliveries with every batch).
   */
  const wakesDue = new Set<string>();
  function wake(kind: string): void {
    if (!started || stopped || !kinds.has(kind) || wakesDue.has(kind)) return;
    wakesDue.add(kind);
    setImmediate(() => {
      wakesDue.delete(kind);
      if (!stopped) void fill(kind).catch((error: unknown) => onError(error));
    });
  }
  let stopListening: (() => void) | undefined;

  let looping: Promise<void> = Promise.resolve();
  function loop(): void {
    looping = (async () => {
      if (stopped) return;
      try {
        if (Date.now() - lastTick >= tickMs) await tick();
        await fill();
      } catch (error) {
        onError(error);
      }
      if (!stopped) timer = setTimeout(loop, pollMs);
    })();
  }

  const worker: JobWorker = {
    register,
    addTick(each) {
      ticks.push(each);
    },
    start() {
      if (started || stopped) return;
      started = true;
      stopListening = onJobQueued(db, wake);
      timer = setTimeout(loop, 0);
    },
    cancel(kind, key, reason = "Cancelled.") {
      let found = false;
      for (const entry of running) {
        if (entry.job.kind === kind && entry.job.key === key) {
          abort(entry, "cancel", reason);
          found = true;
        }
      }
      return found;
    },
    async drain() {
      const before = finished;
      for (;;) {
        await fill();
        if (running.size === 0) break;
        await new Promise<void>((resolve) => wakeWaiters.push(resolve));
      }
      return finished - before;
    },
    async stop() {
      stopped = true;
      stopListening?.();
      clearTimeout(timer);
      for (const entry of running) abort(entry, "stop", "The job worker is stopping.");
      await looping;
      await claiming;
      await Promise.all([...running].map((entry) => entry.done));
    },
  };
  if (options.start ?? true) worker.start();
  return worker;
}
