/**
 * Webhook outbox and delivery benchmark (issue 11), on PGlite and, with DATABASE_URL, on the
 * server (a throwaway database):
 *
 * 1. The ingest's writer with the outbox: `storeEvents` in batches of 50 finish events, with
 *    0, 1 and 3 active webhooks on the domain (each event then also writes one delivery and
 *    one job per webhook in the same transaction) → events/s.
 * 2. Delivery: 1,000 queued deliveries drained by the job worker's `webhook.deliver` kind
 *    (8 at once) to a receiver on 127.0.0.1 answering 204, signed → deliveries/s.
 *
 * No target in the issue: this records what the outbox costs the ingest. Writes the
 * "Webhook outbox and delivery" section of docs/benchmarks.md. `pnpm bench webhooks`.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { createEventMessage } from "@floow/domain/events";
import { createId } from "@floow/domain/shared";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createDb } from "../src/db/client";
import type { DbHandle } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { insertWebhook } from "../src/db/queries/webhook";
import { storeEvents } from "../src/services/events/store-events";
import { createJobWorker } from "../src/services/jobs/worker";
import { generateWebhookSecret, registerWebhookJobs } from "../src/services/webhooks";
import { seedDomain, seedFloow, seedOrganization } from "../test/floows";

const BATCH = 50;
const BATCHES = 40;
const DELIVERIES = 1_000;

async function openDb(
  kind: "pglite" | "postgres",
): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const handle = await createDb({});
    await migrateToLatest(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 }),
    }),
  });
  const name = `floow_bench_${randomBytes(5).toString("hex")}`;
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const handle = await createDb({
    databaseUrl: url.toString(),
    onConnectionError: () => undefined,
  });
  await migrateToLatest(handle.db);
  return {
    handle,
    async drop() {
      await handle.close();
      await sql`drop database if exists ${sql.id(name)}`.execute(admin);
      await admin.destroy();
    },
  };
}

async function run(kind: "pglite" | "postgres", receiverUrl: string): Promise<string[]> {
  const { handle, drop } = await openDb(kind);
  const db = handle.db;
  const rows: string[] = [];
  try {
    const organizationId = await seedOrganization(db, "Bench");
    const domainId = (await seedDomain(db, organizationId)).id;
    const floowId = (await seedFloow(db, organizationId, domainId, "data", { status: "live" })).id;
    const batch = () =>
      Array.from({ length: BATCH }, (_, i) => ({
        organizationId,
        domainId,
        message: createEventMessage(
          { organizationId, domainId, floowId, sessionId: `s-${i}` },
          "finish",
        ),
      }));
    let hooks = 0;
    for (const target of [0, 1, 3]) {
      for (; hooks < target; hooks++) {
        await insertWebhook(
          db,
          organizationId,
          {
            id: createId(),
            domainId,
            floowId: null,
            name: `Hook ${hooks}`,
            url: receiverUrl,
            headers: {},
            method: "POST",
            status: "active",
            events: ["finish"],
          },
          generateWebhookSecret(),
        );
      }
      await storeEvents(db, batch()); // warm-up
      const started = performance.now();
      for (let i = 0; i < BATCHES; i++) await storeEvents(db, batch());
      const seconds = (performance.now() - started) / 1000;
      rows.push(
        `| ${kind} | storeEvents, ${target} webhook${target === 1 ? "" : "s"} | ${Math.round((BATCH * BATCHES) / seconds).toLocaleString("en")} events/s |`,
      );
    }
    // Delivery: only the last DELIVERIES queued jobs count; clear the others first.
    await db.deleteFrom("job").execute();
    await db.deleteFrom("webhook_delivery").execute();
    await db.deleteFrom("webhook").where("name", "<>", "Hook 0").execute();
    for (let i = 0; i < DELIVERIES / BATCH; i++) await storeEvents(db, batch());
    const worker = createJobWorker(db, { start: false });
    registerWebhookJobs(worker, db, { fetch: { allowLoopback: true } });
    const started = performance.now();
    const done = await worker.drain();
    const seconds = (performance.now() - started) / 1000;
    const ok = await db
      .selectFrom("webhook_delivery")
      .select(db.fn.countAll<string>().as("n"))
      .where("status", "=", "succeeded")
      .executeTakeFirstOrThrow();
    await worker.stop();
    rows.push(
      `| ${kind} | delivery (8 at once), ${done} jobs, ${ok.n} succeeded | ${Math.round(Number(ok.n) / seconds).toLocaleString("en")} deliveries/s |`,
    );
  } finally {
    await drop();
  }
  return rows;
}

const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(204);
    res.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
const before = loadAverage();
const rows = [
  ...(await run("pglite", receiverUrl)),
  ...(process.env.DATABASE_URL ? await run("postgres", receiverUrl) : []),
];
const after = loadAverage();
receiver.close();

const section = `## Webhook outbox and delivery

What the outbox costs the events ingest, and how fast queued deliveries go out (issue 11;
\`apps/api/bench/webhooks.bench.ts\`). Batches of ${BATCH} finish events through
\`storeEvents\` (the ingest's one writer: events, session rollup, and per webhook one
\`webhook_delivery\` row and one job, in one transaction); then ${DELIVERIES.toLocaleString("en")} deliveries drained by
the job worker to a receiver on 127.0.0.1 answering 204 (signed, through the safe fetch).

| database | what | result |
|---|---|---|
${rows.join("\n")}

- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ${sh("free -h | awk '/^Mem:/ {print $2}'")} memory
- Load average (1, 5, 15 min) before: ${before}; after: ${after} (shared with seven other engineers building and testing: figures on an idle machine are better)
- Node ${process.version}; command: \`pnpm bench webhooks\` in apps/api (DATABASE_URL set for the server rows)
`;

writeBenchmarkSection("## Webhook outbox and delivery", section);
console.log(section);
