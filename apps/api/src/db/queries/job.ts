import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { DB } from "../database";
import { rawDatabase } from "../raw";
import type { JobTable } from "../tables/job";

export type Job = Selectable<JobTable>;

/**
 * Who hears of jobs this process queued, per database (the pool or PGlite under the Kysely
 * instance: the API's `db` and `requestDb` share one): the process's job worker, which then
 * claims them at once instead of at its next poll (every 2 s), so a save's dead-end check and
 * an answer's webhook start right away. Jobs another process queued are found by the poll.
 */
const queuedListeners = new Map<object, Set<(kind: string) => void>>();

function databaseKey(db: Kysely<DB>): object {
  const raw = rawDatabase(db);
  if (!raw) return db;
  return raw.kind === "postgres" ? raw.pool : raw.pglite;
}

/** Calls `listener` with the kind of each job queued due now on `db`'s database; returns the unsubscribe. */
export function onJobQueued(db: Kysely<DB>, listener: (kind: string) => void): () => void {
  const key = databaseKey(db);
  const listeners = queuedListeners.get(key) ?? new Set();
  queuedListeners.set(key, listeners);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) queuedListeners.delete(key);
  };
}

/**
 * Says that jobs of `kind` due now were queued on `db` and committed (call it after the
 * transaction that wrote them, never inside one: the worker would look before they exist).
 */
export function announceQueuedJobs(db: Kysely<DB>, kind: string): void {
  if (db.isTransaction) return;
  const listeners = queuedListeners.get(databaseKey(db));
  if (listeners) for (const listener of listeners) listener(kind);
}

/**
 * Queues a job. When one of the same kind and key is already queued (a retry waiting for
 * its time, say), it is moved forward to `runAt` instead (with the new payload). When one is running: with `followUp`, one job is queued to run after
 * it (a feed saved with a new address while its refresh runs must be fetched again; it
 * waits until the running one ends, see claimJob); without, nothing happens and false is
 * returned (the scheduler: the running refresh is the one that was due).
 * `organizationId` (default: the payload's `organizationId`) is the organization the job works
 * for: the worker shares its slots fairly between organizations.
 */
export async function enqueueJob(
  db: Kysely<DB>,
  job: {
    kind: string;
    key: string;
    payload: Record<string, unknown>;
    organizationId?: string | null;
    runAt?: Date;
    maxAttempts?: number;
    followUp?: boolean;
  },
): Promise<boolean> {
  const organizationId =
    job.organizationId !== undefined
      ? job.organizationId
      : typeof job.payload.organizationId === "string"
        ? job.payload.organizationId
        : null;
  const unlessRunning = job.followUp
    ? sql``
    : sql`where not exists (select 1 from "job" where "kind" = ${job.kind} and "key" = ${job.key} and "status" = 'running')`;
  const result = await sql`
    insert into "job" ("id", "kind", "key", "organization_id", "payload", "run_at", "max_attempts")
    select ${randomUUID()}, ${job.kind}, ${job.key}, cast(${organizationId} as text), cast(${JSON.stringify(job.payload)} as jsonb), cast(${job.runAt ?? new Date()} as timestamptz), cast(${job.maxAttempts ?? 3} as integer)
    ${unlessRunning}
    on conflict ("kind", "key") where "status" = 'queued'
    do update set "run_at" = least("job"."run_at", excluded."run_at"), "payload" = excluded."payload", "organization_id" = excluded."organization_id", "updated_at" = now()
  `.execute(db);
  const queued = Number(result.numAffectedRows ?? 0n) > 0;
  if (queued && (job.runAt ?? new Date()).getTime() <= Date.now()) announceQueuedJobs(db, job.kind);
  return queued;
}

/**
 * Takes the next due job for `workerId` (several API processes on one PostgreSQL server never
 * take the same job: see claimJobOfKind), or null. A job waits while another of its
 * kind and key runs (a follow-up runs after the job it follows). `kinds` are tried in turn.
 *
 * Fair between organizations: of the due jobs, the one whose organization has the fewest
 * jobs of that kind running goes first (then the oldest), and with `perOrganization` an
 * organization that already runs that many jobs of the kind waits, so one organization's
 * slow jobs never hold another's. (Across processes the counts are read without a lock: two
 * processes claiming at the same instant may let an organization go one over its cap.)
 */
export async function claimJob(
  db: Kysely<DB>,
  workerId: string,
  kinds: readonly string[],
  options: { perOrganization?: number } = {},
): Promise<Job | null> {
  for (const kind of kinds) {
    const { job } = await claimJobOfKind(db, workerId, kind, options.perOrganization);
    if (job) return job;
  }
  return null;
}

/**
 * One kind's claim, in two short statements instead of one that read every queued job (with
 * a count of its organization's running jobs per row: a backlog of 1,000 webhook deliveries
 * cost each claim about 24 ms of CPU on PGlite and 8 ms on the server, and the worker claims
 * once per job; migration 20261127004500):
 *
 * 1. each organization's oldest due job whose key is not running, with the number of the
 *    kind's jobs its organization runs: the organizations with queued jobs are found one index
 *    probe each (a loose index scan of `job_queued_org_idx`), those at their cap left out;
 * 2. the first of those by (running jobs of its organization, due time, age) is taken by an
 *    update that only takes it while it is still queued and its key not running: when another
 *    process took it first, the next one is tried.
 *
 * `more`: whether another claim now could find a job (another organization's, or this one's
 * while it stays under its cap), so the worker does not ask again for nothing.
 */
export async function claimJobOfKind(
  db: Kysely<DB>,
  workerId: string,
  kind: string,
  perOrganization: number | undefined,
): Promise<{ job: Job | null; more: boolean }> {
  const { rows: candidates } = await sql<{
    id: string;
    n: number;
    run_at: Date;
    created_at: Date;
  }>`
    with recursive "groups" as (
      (select coalesce("organization_id", '') as "o" from "job" where "status" = 'queued' and "kind" = ${kind}
        order by coalesce("organization_id", '') limit 1)
      union all
      select "n"."o" from "groups" as "p", lateral (
        select coalesce("organization_id", '') as "o" from "job"
        where "status" = 'queued' and "kind" = ${kind} and coalesce("organization_id", '') > "p"."o"
        order by coalesce("organization_id", '') limit 1
      ) as "n"
    ), "running" as (
      select coalesce("organization_id", '') as "o", count(*)::integer as "n" from "job"
      where "status" = 'running' and "kind" = ${kind} group by 1
    )
    select "c"."id", coalesce("r"."n", 0) as "n", "c"."run_at", "c"."created_at"
    from "groups" as "g" left join "running" as "r" on "r"."o" = "g"."o", lateral (
      select "q"."id", "q"."run_at", "q"."created_at" from "job" as "q"
      where "q"."status" = 'queued' and "q"."kind" = ${kind} and coalesce("q"."organization_id", '') = "g"."o" and "q"."run_at" <= now()
        and not exists (select 1 from "job" as "k" where "k"."kind" = "q"."kind" and "k"."key" = "q"."key" and "k"."status" = 'running')
      order by "q"."run_at", "q"."created_at"
      limit 1
    ) as "c"
    ${perOrganization === undefined ? sql`` : sql`where coalesce("r"."n", 0) < ${perOrganization}`}`.execute(
    db,
  );
  candidates.sort(
    (a, b) =>
      a.n - b.n ||
      a.run_at.getTime() - b.run_at.getTime() ||
      a.created_at.getTime() - b.created_at.getTime(),
  );
  for (const [index, candidate] of candidates.entries()) {
    const { rows } = await sql<Job>`
      update "job" set "status" = 'running', "locked_at" = now(), "locked_by" = ${workerId}, "attempts" = "attempts" + 1, "updated_at" = now()
      where "id" = ${candidate.id} and "status" = 'queued'
        and not exists (select 1 from "job" as "k" where "k"."kind" = "job"."kind" and "k"."key" = "job"."key" and "k"."status" = 'running')
      returning *`.execute(db);
    if (rows[0])
      return {
        job: rows[0],
        more:
          index < candidates.length - 1 ||
          perOrganization === undefined ||
          candidate.n + 1 < perOrganization,
      };
  }
  return { job: null, more: false };
}

/**
 * Tells the queue a running job is alive (so it is not taken for abandoned). False when the
 * job is no longer this worker's (deleted, or taken for abandoned): the worker then stops it.
 */
export async function touchJob(db: Kysely<DB>, id: string, workerId: string): Promise<boolean> {
  const result = await db
    .updateTable("job")
    .set({ locked_at: new Date() })
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A job that ended (`note`: why it ended early, e.g. cancelled). */
export async function finishJob(db: Kysely<DB>, id: string, note?: string): Promise<void> {
  await db
    .updateTable("job")
    .set({
      status: "done",
      locked_at: null,
      updated_at: new Date(),
      ...(note !== undefined && { last_error: note }),
    })
    .where("id", "=", id)
    .execute();
}

/** A failed attempt: queued again after `retryAfterMs`, or failed for good after its last attempt. */
export async function failJob(
  db: Kysely<DB>,
  job: Job,
  error: string,
  retryAfterMs: number,
): Promise<void> {
  const last = job.attempts >= job.max_attempts;
  await db
    .updateTable("job")
    .set({
      status: last ? "failed" : "queued",
      last_error: error,
      locked_at: null,
      locked_by: null,
      run_at: last ? job.run_at : new Date(Date.now() + retryAfterMs),
      updated_at: new Date(),
    })
    .where("id", "=", job.id)
    .execute();
}

/**
 * Deals with the running jobs whose worker stopped telling it is alive (a process that
 * crashed or was restarted mid-job). A job that has used all its attempts fails for good
 * (a feed that crashes the process must not be retried forever); one that a queued job of
 * the same kind and key replaces ends; the others are queued again. Returns the jobs
 * that failed for good (the caller records why) and how many were queued again.
 */
export async function requeueAbandonedJobs(
  db: Kysely<DB>,
  staleAfterMs: number,
): Promise<{ requeued: number; failed: Job[] }> {
  const staleBefore = new Date(Date.now() - staleAfterMs);
  const released = { locked_at: null, locked_by: null, updated_at: new Date() };
  const failed = await db
    .updateTable("job")
    .set((eb) => ({
      ...released,
      status: "failed",
      last_error: sql<string>`'Stopped without finishing ' || ${eb.ref("attempts")} || ' times (the process ended while running it).'`,
    }))
    .where("status", "=", "running")
    .where("locked_at", "<", staleBefore)
    .whereRef("attempts", ">=", "max_attempts")
    .returningAll()
    .execute();
  await db
    .updateTable("job as j")
    .set({
      ...released,
      status: "done",
      last_error: "Stopped without finishing; a queued job replaces it.",
    })
    .where("j.status", "=", "running")
    .where("j.locked_at", "<", staleBefore)
    .where(queuedTwinExists)
    .execute();
  const result = await db
    .updateTable("job")
    .set({ ...released, status: "queued" })
    .where("status", "=", "running")
    .where("locked_at", "<", staleBefore)
    .executeTakeFirst();
  return { requeued: Number(result.numUpdatedRows), failed };
}

/**
 * Whether a queued job of the same kind and key as the running job `j` exists: it will do
 * `j`'s work, so `j` can end instead of being queued again.
 */
function queuedTwinExists({ exists, selectFrom }: ExpressionBuilder<DB & { j: JobTable }, "j">) {
  return exists(
    selectFrom("job as q")
      .select("q.id")
      .whereRef("q.kind", "=", "j.kind")
      .whereRef("q.key", "=", "j.key")
      .where("q.status", "=", "queued"),
  );
}

/** A job stopped on purpose (the process is shutting down): queued again, the attempt not counted. */
export async function releaseJob(db: Kysely<DB>, job: Job): Promise<void> {
  // A queued follow-up of the same kind and key already covers it.
  const replaced = await db
    .updateTable("job as j")
    .set({
      status: "done",
      locked_at: null,
      locked_by: null,
      last_error: "Stopped at shutdown; a queued job replaces it.",
      updated_at: new Date(),
    })
    .where("j.id", "=", job.id)
    .where("j.status", "=", "running")
    .where(queuedTwinExists)
    .executeTakeFirst();
  if (Number(replaced.numUpdatedRows) > 0) return;
  await db
    .updateTable("job")
    .set({
      status: "queued",
      attempts: Math.max(0, job.attempts - 1),
      locked_at: null,
      locked_by: null,
      updated_at: new Date(),
    })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .execute();
}

/** Removes finished jobs older than `olderThanMs`. */
export async function pruneJobs(db: Kysely<DB>, olderThanMs: number): Promise<void> {
  await db
    .deleteFrom("job")
    .where("status", "in", ["done", "failed"])
    .where("updated_at", "<", new Date(Date.now() - olderThanMs))
    .execute();
}

/** Whether a job of this kind and key exists in any state (done ones are pruned after 7 days). */
export async function hasJob(db: Kysely<DB>, kind: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("job")
    .select("id")
    .where("kind", "=", kind)
    .where("key", "=", key)
    .executeTakeFirst();
  return row !== undefined;
}
