import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import type { DbHandle } from "../../db/client";
import { claimJob, enqueueJob, finishJob, requeueAbandonedJobs } from "../../db/queries/job";
import { upsertFeed } from "../../db/queries/feed";
import { FEED_REFRESH_JOB, scheduleDueFeeds } from "../feeds/refresh";
import { createJobWorker } from "./worker";

describe.each(testDbKinds)("job queue (%s)", (kind) => {
  let database: DbHandle;
  const db = () => database.db;
  const jobs = () =>
    db()
      .selectFrom("job")
      .select(["key", "status", "attempts", "last_error"])
      .orderBy("created_at")
      .execute();

  beforeAll(async () => {
    database = await createTestDb(kind);
    await db()
      .insertInto("organization")
      .values({
        id: "org-1",
        name: "Acme",
        slug: "acme",
        logo: null,
        metadata: null,
        display_name: null,
        email: null,
        sector: null,
        created_at: new Date(),
      })
      .execute();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await db().deleteFrom("job").execute();
    await db().deleteFrom("feed").execute();
  });

  it("runs each queued job once, and one job per key at a time", async () => {
    const seen: string[] = [];
    expect(await enqueueJob(db(), { kind: "test", key: "a", payload: { n: 1 } })).toBe(true);
    expect(await enqueueJob(db(), { kind: "test", key: "a", payload: { n: 2 } })).toBe(true); // merged into the queued one, whose payload it replaces
    expect(await enqueueJob(db(), { kind: "test", key: "b", payload: { n: 3 } })).toBe(true);
    const worker = createJobWorker(db(), {
      start: false,
      handlers: { test: async (job) => void seen.push(`${job.key}:${String(job.payload.n)}`) },
    });
    expect(await worker.drain()).toBe(2);
    expect(seen).toEqual(["a:2", "b:3"]);
    expect((await jobs()).map((j) => j.status)).toEqual(["done", "done"]);
    // Done jobs do not block new ones.
    expect(await enqueueJob(db(), { kind: "test", key: "a", payload: { n: 4 } })).toBe(true);
  });

  it("does not queue a second job while one runs (the scheduler)", async () => {
    await enqueueJob(db(), { kind: "test", key: "a", payload: {} });
    const claimed = await claimJob(db(), "worker-1", ["test"]);
    expect(claimed?.status).toBe("running");
    expect(await enqueueJob(db(), { kind: "test", key: "a", payload: {} })).toBe(false);
    // Another worker finds nothing to take.
    expect(await claimJob(db(), "worker-2", ["test"])).toBeNull();
  });

  it("queues one follow-up while a job runs, which waits for it and then runs once", async () => {
    await enqueueJob(db(), { kind: "test", key: "a", payload: { n: 1 } });
    const claimed = await claimJob(db(), "worker-1", ["test"]);
    // Saved twice while it runs: one follow-up, with the latest payload.
    expect(
      await enqueueJob(db(), { kind: "test", key: "a", payload: { n: 2 }, followUp: true }),
    ).toBe(true);
    expect(
      await enqueueJob(db(), { kind: "test", key: "a", payload: { n: 3 }, followUp: true }),
    ).toBe(true);
    expect((await jobs()).map((j) => j.status)).toEqual(["running", "queued"]);
    // It does not run beside the running one.
    expect(await claimJob(db(), "worker-2", ["test"])).toBeNull();
    const seen: unknown[] = [];
    const worker = createJobWorker(db(), {
      start: false,
      handlers: { test: async (job) => void seen.push(job.payload.n) },
    });
    expect(await worker.drain()).toBe(0);
    await finishJob(db(), claimed!.id);
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([3]);
    expect((await jobs()).map((j) => j.status)).toEqual(["done", "done"]);
  });

  it("retries a failing job later, then gives up after its last attempt", async () => {
    await enqueueJob(db(), { kind: "test", key: "x", payload: {}, maxAttempts: 2 });
    const worker = createJobWorker(db(), {
      start: false,
      retryMs: 0,
      handlers: { test: async () => Promise.reject(new Error("boom")) },
    });
    expect(await worker.drain()).toBe(2);
    expect(await jobs()).toEqual([{ key: "x", status: "failed", attempts: 2, last_error: "boom" }]);
  });

  it("waits for the retry time", async () => {
    await enqueueJob(db(), { kind: "test", key: "x", payload: {} });
    const worker = createJobWorker(db(), {
      start: false,
      retryMs: 60_000,
      handlers: { test: async () => Promise.reject(new Error("boom")) },
    });
    expect(await worker.drain()).toBe(1);
    expect(await jobs()).toEqual([{ key: "x", status: "queued", attempts: 1, last_error: "boom" }]);
    expect(await worker.drain()).toBe(0);
  });

  it("survives a restart: a job left running by a dead process is queued again and run", async () => {
    await enqueueJob(db(), { kind: "test", key: "crash", payload: {} });
    // The first process takes the job and dies (its heartbeat stops).
    await claimJob(db(), "dead-process", ["test"]);
    await sql`update "job" set "locked_at" = now() - interval '10 minutes'`.execute(db());
    // A new process starts: a fresh worker, polling.
    const ran: string[] = [];
    const worker = createJobWorker(db(), {
      pollMs: 10,
      staleAfterMs: 120_000,
      handlers: { test: async (job) => void ran.push(job.key) },
    });
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(["crash"]);
    await worker.stop();
    expect(await jobs()).toEqual([{ key: "crash", status: "done", attempts: 2, last_error: null }]);
  });

  it("leaves a job alone while its worker is alive", async () => {
    await enqueueJob(db(), { kind: "test", key: "alive", payload: {} });
    await claimJob(db(), "live-process", ["test"]);
    expect(await requeueAbandonedJobs(db(), 120_000)).toEqual({ requeued: 0, failed: [] });
    expect((await jobs())[0]?.status).toBe("running");
  });

  it("fails a job that stopped its process on every attempt, instead of retrying it forever", async () => {
    await enqueueJob(db(), { kind: "test", key: "crasher", payload: {}, maxAttempts: 2 });
    for (let attempt = 1; attempt <= 2; attempt++) {
      await claimJob(db(), `process-${attempt}`, ["test"]);
      await sql`update "job" set "locked_at" = now() - interval '10 minutes'`.execute(db());
      const { requeued, failed } = await requeueAbandonedJobs(db(), 120_000);
      expect([requeued, failed.length]).toEqual(attempt === 1 ? [1, 0] : [0, 1]);
    }
    expect(await jobs()).toEqual([
      {
        key: "crasher",
        status: "failed",
        attempts: 2,
        last_error: "Stopped without finishing 2 times (the process ended while running it).",
      },
    ]);
  });

  it("an abandoned job that a queued follow-up replaces ends", async () => {
    await enqueueJob(db(), { kind: "test", key: "a", payload: {} });
    await claimJob(db(), "dead-process", ["test"]);
    await enqueueJob(db(), { kind: "test", key: "a", payload: {}, followUp: true });
    await sql`update "job" set "locked_at" = now() - interval '10 minutes' where "status" = 'running'`.execute(
      db(),
    );
    expect(await requeueAbandonedJobs(db(), 120_000)).toEqual({ requeued: 0, failed: [] });
    expect((await jobs()).map((j) => j.status)).toEqual(["done", "queued"]);
  });

  it("stop() aborts the running job and queues it again without counting the attempt", async () => {
    await enqueueJob(db(), { kind: "test", key: "long", payload: {} });
    let started = false;
    const worker = createJobWorker(db(), {
      pollMs: 10,
      handlers: {
        test: (_job, signal) =>
          new Promise<void>((_resolve, reject) => {
            started = true;
            signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
          }),
      },
    });
    await expect.poll(() => started, { timeout: 5_000 }).toBe(true);
    const before = Date.now();
    await worker.stop();
    expect(Date.now() - before).toBeLessThan(2_000);
    expect(await jobs()).toEqual([
      { key: "long", status: "queued", attempts: 0, last_error: null },
    ]);
  });

  /** A handler that waits until `release(key)`, and reports which jobs are running. */
  function gate() {
    const running = new Set<string>();
    const started: string[] = [];
    const waiting = new Map<string, () => void>();
    return {
      running,
      started,
      run: (job: { key: string }, signal: AbortSignal) =>
        new Promise<void>((resolve, reject) => {
          running.add(job.key);
          started.push(job.key);
          waiting.set(job.key, () => {
            running.delete(job.key);
            resolve();
          });
          signal.addEventListener("abort", () => {
            running.delete(job.key);
            reject(signal.reason as Error);
          });
        }),
      release: (key: string) => waiting.get(key)?.(),
    };
  }

  it("one organization's slow job does not delay another organization's job", async () => {
    const slow = gate();
    // Org A queued two jobs before org B queued its one.
    await enqueueJob(db(), {
      kind: "feed.refresh",
      key: "a-1",
      payload: {},
      organizationId: "org-a",
      runAt: new Date(Date.now() - 3_000),
    });
    await enqueueJob(db(), {
      kind: "feed.refresh",
      key: "a-2",
      payload: {},
      organizationId: "org-a",
      runAt: new Date(Date.now() - 2_000),
    });
    await enqueueJob(db(), {
      kind: "feed.refresh",
      key: "b-1",
      payload: {},
      organizationId: "org-b",
      runAt: new Date(Date.now() - 1_000),
    });
    const worker = createJobWorker(db(), {
      pollMs: 10,
      handlers: { "feed.refresh": { run: slow.run, concurrency: 2, perOrganization: 1 } },
    });
    try {
      // A's first job is slow; B's job starts beside it, ahead of A's second.
      await expect.poll(() => [...slow.running].sort(), { timeout: 5_000 }).toEqual(["a-1", "b-1"]);
      slow.release("b-1");
      await expect
        .poll(async () => (await jobs()).find((j) => j.key === "b-1")?.status, { timeout: 5_000 })
        .toBe("done");
      // A's second waits for its first (one at a time per organization), even with a slot free.
      expect(slow.started).toEqual(["a-1", "b-1"]);
      slow.release("a-1");
      await expect.poll(() => [...slow.running], { timeout: 5_000 }).toEqual(["a-2"]);
      slow.release("a-2");
      await expect
        .poll(async () => (await jobs()).map((j) => j.status), { timeout: 5_000 })
        .toEqual(["done", "done", "done"]);
    } finally {
      await worker.stop();
    }
  });

  it("claims by the organization's running jobs, then age; no organization is a group of its own; a running key waits", async () => {
    const ago = (ms: number) => new Date(Date.now() - ms);
    const queue = (key: string, organizationId: string | null, runAt: Date) =>
      enqueueJob(db(), { kind: "webhook.deliver", key, payload: {}, organizationId, runAt });
    await queue("a-1", "org-a", ago(5_000));
    await queue("a-2", "org-a", ago(4_000));
    await queue("a-3", "org-a", ago(3_500));
    await queue("a-later", "org-a", new Date(Date.now() + 60_000));
    await queue("b-1", "org-b", ago(2_000));
    await queue("none-1", null, ago(1_000));
    // A follow-up of a running job waits for it, whatever its age.
    await queue("c-1", "org-c", ago(9_000));
    const running = await claimJob(db(), "w", ["webhook.deliver"], { perOrganization: 2 });
    expect(running?.key).toBe("c-1");
    await enqueueJob(db(), {
      kind: "webhook.deliver",
      key: "c-1",
      payload: {},
      organizationId: "org-c",
      runAt: ago(8_000),
      followUp: true,
    });
    const claims: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++)
      claims.push((await claimJob(db(), "w", ["webhook.deliver"], { perOrganization: 2 }))?.key);
    // A first (oldest, none running), then B and the jobs of no organization (none running
    // there, while A has one), then A's second; A is then at its cap, its third waits, and
    // the job due in a minute is not due.
    expect(claims).toEqual(["a-1", "b-1", "none-1", "a-2", undefined]);
    await finishJob(db(), running!.id);
    expect((await claimJob(db(), "w", ["webhook.deliver"], { perOrganization: 2 }))?.key).toBe(
      "c-1",
    );
  });

  it("runs the jobs of another kind, several at once, while a long job runs", async () => {
    const feed = gate();
    const delivered: string[] = [];
    let inFlight = 0;
    let most = 0;
    const worker = createJobWorker(db(), { pollMs: 10, start: false });
    worker.register("feed.refresh", { run: feed.run, concurrency: 1 });
    worker.register("webhook.deliver", {
      concurrency: 8,
      run: async (job) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 50));
        inFlight--;
        delivered.push(job.key);
      },
    });
    await enqueueJob(db(), {
      kind: "feed.refresh",
      key: "big-feed",
      payload: {},
      organizationId: "org-1",
    });
    for (const n of [1, 2, 3, 4])
      await enqueueJob(db(), {
        kind: "webhook.deliver",
        key: `delivery-${n}`,
        payload: {},
        organizationId: `org-${n}`,
      });
    worker.start();
    try {
      await expect.poll(() => delivered.length, { timeout: 5_000 }).toBe(4);
      expect(feed.running.has("big-feed")).toBe(true);
      expect(most).toBeGreaterThan(1);
    } finally {
      await worker.stop();
    }
    // The feed job was stopped, not failed: it runs again after a restart.
    expect((await jobs()).find((j) => j.key === "big-feed")).toMatchObject({
      status: "queued",
      attempts: 0,
    });
  });

  it("runs a job queued in this process at once, not at its next poll; one queued for later waits", async () => {
    const seen: string[] = [];
    const worker = createJobWorker(db(), {
      pollMs: 600_000,
      tickMs: 600_000,
      handlers: { test: async (job) => void seen.push(job.key) },
    });
    try {
      // The worker's first look at the queue (at start) is over: only a wake can find more.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await enqueueJob(db(), {
        kind: "test",
        key: "later",
        payload: {},
        runAt: new Date(Date.now() + 60_000),
      });
      await enqueueJob(db(), { kind: "test", key: "now", payload: {} });
      await expect.poll(() => seen, { timeout: 5_000 }).toEqual(["now"]);
      // A worker that stopped hears nothing more.
      await worker.stop();
      await enqueueJob(db(), { kind: "test", key: "after-stop", payload: {} });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual(["now"]);
    } finally {
      await worker.stop();
    }
  });

  it("cancel() ends a running job as done, with the reason", async () => {
    const long = gate();
    await enqueueJob(db(), { kind: "test", key: "gone", payload: {} });
    const worker = createJobWorker(db(), { pollMs: 10, handlers: { test: long.run } });
    try {
      await expect.poll(() => long.running.has("gone"), { timeout: 5_000 }).toBe(true);
      expect(worker.cancel("test", "gone", "Its feed was deleted.")).toBe(true);
      await expect
        .poll(() => jobs(), { timeout: 5_000 })
        .toEqual([
          { key: "gone", status: "done", attempts: 1, last_error: "Its feed was deleted." },
        ]);
    } finally {
      await worker.stop();
    }
  });

  it("a running job whose row is deleted is aborted at its next heartbeat", async () => {
    const long = gate();
    await enqueueJob(db(), { kind: "test", key: "deleted", payload: {} });
    const worker = createJobWorker(db(), {
      pollMs: 10,
      heartbeatMs: 20,
      handlers: { test: long.run },
    });
    try {
      await expect.poll(() => long.running.has("deleted"), { timeout: 5_000 }).toBe(true);
      await db().deleteFrom("job").execute();
      await expect.poll(() => long.running.has("deleted"), { timeout: 5_000 }).toBe(false);
      expect(await jobs()).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it("schedules feeds that were never refreshed or whose interval has passed", async () => {
    const feed = (id: string) => ({
      id,
      domainId: null,
      name: id,
      url: "https://feeds.example.com/x.xml",
      type: "channable" as const,
      description: "",
      image: null,
      variables: {
        id: "id",
        url: "link",
        name: "title",
        price: "price",
        image: "image_link",
        description: "description",
      },
    });
    for (const id of ["never", "recent", "old", "own-interval"])
      await upsertFeed(db(), "org-1", feed(id));
    await sql`update "feed" set "last_refresh_at" = now() - interval '1 hour' where "id" = 'recent'`.execute(
      db(),
    );
    await sql`update "feed" set "last_refresh_at" = now() - interval '2 days' where "id" = 'old'`.execute(
      db(),
    );
    await sql`update "feed" set "last_refresh_at" = now() - interval '1 hour', "refresh_interval_minutes" = 30 where "id" = 'own-interval'`.execute(
      db(),
    );
    expect(await scheduleDueFeeds(db(), 24 * 60)).toBe(3);
    const queued = await db()
      .selectFrom("job")
      .select(["kind", "key", "payload"])
      .orderBy("key")
      .execute();
    expect(queued).toEqual([
      {
        kind: FEED_REFRESH_JOB,
        key: "never",
        payload: { organizationId: "org-1", feedId: "never" },
      },
      { kind: FEED_REFRESH_JOB, key: "old", payload: { organizationId: "org-1", feedId: "old" } },
      {
        kind: FEED_REFRESH_JOB,
        key: "own-interval",
        payload: { organizationId: "org-1", feedId: "own-interval" },
      },
    ]);
  });
});
