import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Kysely, Selectable } from "kysely";
import type { DB } from "../database";
import type { JobTable } from "../tables/job";

export type Job = Selectable<JobTable>;

/**
 * Queues a job. When one of the same kind and key is already queued (a retry waiting for
 * its time, say), it is moved forward to `runAt` instead; when one is running, nothing
 * happens and false is returned.
 */
export async function enqueueJob(
  db: Kysely<DB>,
  job: { kind: string; key: string; payload: Record<string, unknown>; runAt?: Date; maxAttempts?: number },
): Promise<boolean> {
  const result = await sql`
    insert into "job" ("id", "kind", "key", "payload", "run_at", "max_attempts")
    values (${randomUUID()}, ${job.kind}, ${job.key}, ${JSON.stringify(job.payload)}, ${job.runAt ?? new Date()}, ${job.maxAttempts ?? 3})
    on conflict ("kind", "key") where "status" in ('queued', 'running')
    do update set "run_at" = least("job"."run_at", excluded."run_at"), "updated_at" = now() where "job"."status" = 'queued'
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n) > 0;
}

/**
 * Takes the next due job for `workerId` (FOR UPDATE SKIP LOCKED: several API processes on one
 * PostgreSQL server never take the same job), or null.
 */
export async function claimJob(db: Kysely<DB>, workerId: string, kinds: readonly string[]): Promise<Job | null> {
  if (kinds.length === 0) return null;
  const { rows } = await sql<Job>`
    update "job" set "status" = 'running', "locked_at" = now(), "locked_by" = ${workerId}, "attempts" = "attempts" + 1, "updated_at" = now()
    where "id" = (
      select "id" from "job"
      where "status" = 'queued' and "run_at" <= now() and "kind" in (${sql.join(kinds)})
      order by "run_at", "created_at"
      limit 1
      for update skip locked
    )
    returning *
  `.execute(db);
  return rows[0] ?? null;
}

/** Tells the queue a running job is alive (so it is not taken for abandoned). */
export async function touchJob(db: Kysely<DB>, id: string, workerId: string): Promise<void> {
  await db.updateTable("job").set({ locked_at: new Date() }).where("id", "=", id).where("locked_by", "=", workerId).execute();
}

export async function finishJob(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("job").set({ status: "done", locked_at: null, updated_at: new Date() }).where("id", "=", id).execute();
}

/** A failed attempt: queued again after `retryAfterMs`, or failed for good after its last attempt. */
export async function failJob(db: Kysely<DB>, job: Job, error: string, retryAfterMs: number): Promise<void> {
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
 * Queues again the running jobs whose worker stopped telling it is alive (a process that
 * crashed or was restarted mid-job). Returns how many.
 */
export async function requeueAbandonedJobs(db: Kysely<DB>, staleAfterMs: number): Promise<number> {
  const result = await db
    .updateTable("job")
    .set({ status: "queued", locked_at: null, locked_by: null, updated_at: new Date() })
    .where("status", "=", "running")
    .where("locked_at", "<", new Date(Date.now() - staleAfterMs))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes finished jobs older than `olderThanMs`. */
export async function pruneJobs(db: Kysely<DB>, olderThanMs: number): Promise<void> {
  await db
    .deleteFrom("job")
    .where("status", "in", ["done", "failed"])
    .where("updated_at", "<", new Date(Date.now() - olderThanMs))
    .execute();
}
