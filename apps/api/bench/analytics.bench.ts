/**
 * Analytics and events ingest benchmark (issue 14), on PGlite and, when DATABASE_URL (or
 * BENCH_DATABASE_URL) is set, on the PostgreSQL server too.
 *
 * 1. Analytics calls: the benches' data set (bench/lib/bench-data.ts: BENCH_EVENTS events, default
 *    1,000,000, of 20 floows over 90 days through `storeEvents`, an experiment and BENCH_ORDERS
 *    orders) in one organization; then every analytics
 *    procedure is called through tRPC's caller as a member (overview 30 and 90 days, with a
 *    domain filter, one floow 30 and 90 days for the busiest floow, its CSV export of 30 and 90 days):
 *    p50 / p95 / max of 20 calls after 3 warm-up calls. Target: p95 ≤ 300 ms.
 * 2. Ingest over HTTP (the public routes in a child process, autocannon on 127.0.0.1):
 *    batches of 50 events (fresh ids each request) → events/s; targets ≥ 20,000 (server) and
 *    ≥ 10,000 (PGlite). Then single-event requests: the child's CPU time (process.cpuUsage)
 *    divided by the requests answered. Target ≤ 0.5 ms.
 *
 * Writes the "Analytics and events ingest" section of docs/benchmarks.md.
 * `pnpm bench analytics` in apps/api, or `BENCH_EVENTS=100000 tsx bench/analytics.bench.ts` for a quick run.
 */
import { fork } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createChoice, createStep } from "@floow/domain/floow";
import { createEventMessage } from "@floow/domain/events";
import autocannon from "autocannon";
import Fastify from "fastify";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createDb } from "../src/db/client";
import type { DbHandle, DbKind } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { registerPublicRoutes } from "../src/http/public";
import { createServer } from "../src/server";
import { createTestDb } from "../test/db";
import { callerFor, createOrganization, createUser } from "../test/factories";
import type { TestUser } from "../test/factories";
import { seedDomain, seedFloow, seedOrganization } from "../test/floows";
import { testEnv } from "../test/server";
import type { DemoResult } from "../scripts/demo-data";
import { generateBenchData } from "./lib/bench-data";

const CALLS = 20;
const WARMUP = 3;
const TARGET_P95_MS = 300;
const INGEST = { connections: 16, durationSeconds: 10, batch: 50 };
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * `BENCH_REUSE_DIR`: keep the generated databases and reuse them on the next run (migrated to
 * the latest first): PGlite in `<dir>/pglite`, and on the server the DATABASE_URL's own
 * database (create it first: the bench then writes into it instead of a throwaway one), with
 * what the run needs to find its data again in `<dir>/<kind>.json`. The analytics calls only:
 * the ingest part always writes into throwaway databases.
 */
const reuseDir = process.env.BENCH_REUSE_DIR;

async function openDb(
  kind: DbKind,
  reuse = false,
): Promise<{ database: DbHandle; cleanup: () => Promise<void> }> {
  if (reuse && reuseDir) {
    const database = await createDb(
      kind === "postgres" ? { databaseUrl: serverUrl } : { dataDir: reuseDir },
    );
    const start = performance.now();
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0)
      console.log(
        `${kind}: migrated (${applied.join(", ")}) in ${((performance.now() - start) / 1000).toFixed(1)} s`,
      );
    return { database, cleanup: async () => undefined };
  }
  if (kind === "postgres") {
    process.env.DATABASE_URL = serverUrl;
    const database = await createTestDb("postgres");
    return { database, cleanup: async () => undefined };
  }
  // On disk, as in production (`DATA_DIR`), not in memory.
  const dir = mkdtempSync(join(tmpdir(), "floow-bench-analytics-"));
  const database = await createDb({ dataDir: dir });
  await migrateToLatest(database.db);
  return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

interface CallFigures {
  label: string;
  p50: number;
  p95: number;
  max: number;
}

async function measureAnalytics(kind: DbKind) {
  const { database, cleanup } = await openDb(kind, true);
  const app = await createServer(testEnv(), { database });
  try {
    const kept = reuseDir ? join(reuseDir, `${kind}.json`) : undefined;
    let run: { user: TestUser; demo: DemoResult; seedSeconds: number; now: number };
    if (kept && existsSync(kept)) {
      run = JSON.parse(readFileSync(kept, "utf8")) as typeof run;
      console.log(
        `${kind}: reusing ${run.demo.events} events, ${run.demo.sessions} sessions generated ${new Date(run.now).toISOString()}`,
      );
    } else {
      const user = await createUser(app, "Bench Member");
      const organization = await createOrganization(app, user, "Bench shop");
      const seedStart = performance.now();
      const now = Date.now();
      // The shared data set (bench/lib/bench-data.ts): events, an experiment, orders.
      const { demo } = await generateBenchData(database.db, organization.id, {
        label: kind,
        now,
      });
      const seedSeconds = (performance.now() - seedStart) / 1000;
      run = { user, demo, seedSeconds, now };
      if (kept) writeFileSync(kept, JSON.stringify(run));
    }
    const { user, demo, seedSeconds } = run;
    if (kind === "postgres")
      await database.db
        .executeQuery({ sql: "analyze", parameters: [], query: { kind: "RawNode" } } as never)
        .catch(() => undefined);
    const caller = callerFor(app, user);
    // The days are those of the data's generation (a reused database keeps its dates).
    const today = new Date(run.now).toISOString().slice(0, 10);
    const back = (days: number) =>
      new Date(run.now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const busiest = demo.floowIds[0]!;
    const calls: [string, () => Promise<unknown>][] = [
      ["overview, 30 days", () => caller.analytics.overview({ from: back(30), to: today })],
      ["overview, 90 days", () => caller.analytics.overview({ from: back(90), to: today })],
      [
        "overview, 30 days, one domain",
        () => caller.analytics.overview({ from: back(30), to: today, domainId: demo.domainId }),
      ],
      [
        "floow (busiest), 30 days",
        () => caller.analytics.floow({ id: busiest, from: back(30), to: today }),
      ],
      [
        "floow (busiest), 90 days",
        () => caller.analytics.floow({ id: busiest, from: back(90), to: today }),
      ],
      [
        "floow (quietest), 90 days",
        () => caller.analytics.floow({ id: demo.floowIds.at(-1)!, from: back(90), to: today }),
      ],
      [
        "exportCsv (busiest), 30 days",
        () => caller.analytics.exportCsv({ id: busiest, from: back(30), to: today }),
      ],
      [
        "exportCsv (busiest), 90 days",
        () => caller.analytics.exportCsv({ id: busiest, from: back(90), to: today }),
      ],
    ].filter(
      ([label]) => !(process.env.BENCH_SKIP_EXPORT && String(label).startsWith("exportCsv")),
    ) as [string, () => Promise<unknown>][];
    const figures: CallFigures[] = [];
    for (const [label, call] of calls) {
      for (let i = 0; i < WARMUP; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const start = performance.now();
        await call();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
      figures.push({ label, p50: at(0.5), p95: at(0.95), max: times.at(-1)! });
      console.log(kind, label, figures.at(-1));
    }
    return {
      kind,
      events: demo.events,
      sessions: demo.sessions,
      seedSeconds,
      figures,
      load: loadAverage(),
    };
  } finally {
    await app.close();
    await database.close();
    await cleanup();
  }
}

// --- Ingest: the public routes in a child process, so its CPU time is the server's alone ---

interface Ready {
  address: string;
  floowId: string;
}

function startIngestServer(kind: DbKind): Promise<{ child: ChildProcess; ready: Ready }> {
  // `BENCH_CPU_PROF=<dir>`: the ingest server writes a CPU profile (node --cpu-prof) there.
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = fork(fileURLToPath(import.meta.url), ["--serve", kind], {
    execArgv: ["--import", "tsx", ...profile],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (message) => resolve({ child, ready: message as Ready }));
    child.once("exit", (code) => reject(new Error(`ingest server exited with ${code}`)));
  });
}

function askCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve((message as { cpuMicros: number }).cpuMicros));
    child.send("cpu");
  });
}

async function measureIngest(kind: DbKind) {
  const { child, ready } = await startIngestServer(kind);
  try {
    const url = `${ready.address}/api/public/events`;
    const headers = {
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36",
      "accept-language": "nl-NL,nl;q=0.9",
    };
    let session = 0;
    const body = (count: number) => {
      session++;
      const context = {
        organizationId: "",
        domainId: "",
        floowId: ready.floowId,
        sessionId: `bench-${session}`,
      };
      const events = Array.from({ length: count }, (_, i) =>
        createEventMessage(
          context,
          i === 0 ? "mount" : "choice",
          i === 0
            ? {}
            : {
                step: { id: `s${i % 5}`, text: "Which colour?" },
                choices: [{ id: "c1", text: "Red", selected: true }],
              },
        ),
      );
      return JSON.stringify({ events });
    };
    const run = (count: number, durationSeconds: number) =>
      autocannon({
        url,
        connections: INGEST.connections,
        duration: durationSeconds,
        requests: [
          {
            method: "POST",
            headers,
            setupRequest: (request) => ({ ...request, body: body(count) }),
          },
        ],
      });
    await run(INGEST.batch, 2);
    const cpuBatchStart = await askCpu(child);
    const batches = await run(INGEST.batch, INGEST.durationSeconds);
    const cpuBatch = (await askCpu(child)) - cpuBatchStart;
    const cpuSingleStart = await askCpu(child);
    const singles = await run(1, INGEST.durationSeconds);
    const cpuSingle = (await askCpu(child)) - cpuSingleStart;
    const okBatches = batches.requests.total - batches.non2xx;
    const okSingles = singles.requests.total - singles.non2xx;
    const result = {
      kind,
      eventsPerSecond: (okBatches * INGEST.batch) / INGEST.durationSeconds,
      batchLatency: { p50: batches.latency.p50, p99: batches.latency.p99 },
      batchCpuPerEventMicros: cpuBatch / Math.max(1, okBatches * INGEST.batch),
      batchErrors: batches.non2xx + batches.errors + batches.timeouts,
      singlesPerSecond: okSingles / INGEST.durationSeconds,
      singleCpuMs: cpuSingle / 1000 / Math.max(1, okSingles),
      singleLatency: { p50: singles.latency.p50, p99: singles.latency.p99 },
      singleErrors: singles.non2xx + singles.errors + singles.timeouts,
      load: loadAverage(),
    };
    console.log("ingest", result);
    return result;
  } finally {
    // The child closes its database (a throwaway one on the server is dropped) before it exits.
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

async function serve(kind: DbKind): Promise<void> {
  const { database, cleanup } = await openDb(kind);
  process.once("exit", () => void cleanup());
  const organizationId = await seedOrganization(database.db, "Ingest bench");
  const domain = await seedDomain(database.db, organizationId);
  // The steps and choice the posted messages name (the ingest ignores ids its floow does not have).
  const steps = Array.from({ length: 5 }, (_, i) =>
    createStep({
      id: `s${i}`,
      text: "Which colour?",
      choices: [createChoice({ id: "c1", text: "Red" })],
    }),
  );
  const floow = await seedFloow(database.db, organizationId, domain.id, "selling", {
    status: "live",
    steps,
  });
  const app = Fastify({ logger: false });
  await registerPublicRoutes(app, { db: database.db, rateLimits: { events: 1_000_000_000 } });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  process.once("SIGTERM", () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.on("message", (message) => {
    if (message !== "cpu") return;
    const usage = process.cpuUsage();
    process.send!({ cpuMicros: usage.user + usage.system });
  });
  process.send!({ address, floowId: floow.id } satisfies Ready);
}

// --- Report ----------------------------------------------------------------------------

type AnalyticsRun = Awaited<ReturnType<typeof measureAnalytics>>;
type IngestRun = Awaited<ReturnType<typeof measureIngest>>;

function render(analytics: AnalyticsRun[], ingest: IngestRun[], loadBefore: string): string {
  const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  const name = (kind: DbKind) => (kind === "pglite" ? "PGlite (on disk)" : "PostgreSQL server");
  const rows = analytics[0]!.figures.map((figure, index) => {
    const cells = analytics.map((run) => {
      const f = run.figures[index]!;
      return `${ms(f.p50)} / **${ms(f.p95)}** / ${ms(f.max)}${f.p95 > TARGET_P95_MS ? " ✗" : ""}`;
    });
    return `| ${figure.label} | ${cells.join(" | ")} |`;
  });
  const ingestRows = ingest.map(
    (run) =>
      `| ${name(run.kind)} | **${Math.round(run.eventsPerSecond).toLocaleString("en")}** events/s (${run.batchLatency.p50} / ${run.batchLatency.p99} ms p50/p99, ${run.batchErrors} errors; ${run.batchCpuPerEventMicros.toFixed(0)} µs CPU per event) | ${Math.round(run.singlesPerSecond).toLocaleString("en")} req/s, **${run.singleCpuMs.toFixed(3)} ms CPU** per request (${run.singleLatency.p50} / ${run.singleLatency.p99} ms p50/p99, ${run.singleErrors} errors) | ${run.load} |`,
  );
  return `## Analytics and events ingest

Measured by \`apps/api/bench/analytics.bench.ts\` on ${new Date().toISOString().slice(0, 10)}
(\`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx --yes pnpm@10.34.8 --filter @floow/api bench analytics\`).

Machine: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${sh("uname -sr")}.
**Shared machine**: eight engineers' tests, builds and benchmarks ran at the same time; load average
(1, 5, 15 min) ${loadBefore} at the start, ${analytics.map((run) => `${run.load} after the ${name(run.kind)} analytics run`).join(", ")}.
On 2 cores a load above 2 means the figures are slower than on an idle machine.

### Analytics calls (target p95 ≤ ${TARGET_P95_MS} ms)

Data: ${analytics.map((run) => `${run.events.toLocaleString("en")} events in ${run.sessions.toLocaleString("en")} sessions, written in ${run.seedSeconds.toFixed(0)} s (${name(run.kind)})`).join("; ")};
20 live floows (the busiest about ${"1/8"} of the traffic), 90 days. Each call through tRPC's caller as a member,
${CALLS} times after ${WARMUP} warm-up calls: p50 / **p95** / max.

| call | ${analytics.map((run) => name(run.kind)).join(" | ")} |
|---|${analytics.map(() => "---|").join("")}
${rows.join("\n")}

### Ingest (\`POST /api/public/events\`, targets: ≥ 20,000 events/s server, ≥ 10,000 PGlite, ≤ 0.5 ms CPU per single-event request)

The public routes alone in a child process on 127.0.0.1 (one live floow), autocannon with ${INGEST.connections} connections
for ${INGEST.durationSeconds} s per run; every request carries fresh event ids. Batches of ${INGEST.batch} events, then single-event
requests; CPU is the server process's user + system time over the run divided by the answered requests
(it includes PGlite's own work, which runs inside the server process; on the PostgreSQL server, the database's
CPU is outside it).

| database | batches of ${INGEST.batch} | single events | load average after |
|---|---|---|---|
${ingestRows.join("\n")}
`;
}

async function main(): Promise<void> {
  const serveAt = process.argv.indexOf("--serve");
  if (serveAt !== -1) return serve(process.argv[serveAt + 1] as DbKind);
  const kinds: DbKind[] = (serverUrl ? ["pglite", "postgres"] : ["pglite"]).filter(
    (kind) => !process.env.BENCH_KINDS || process.env.BENCH_KINDS.split(",").includes(kind),
  ) as DbKind[];
  const only = process.env.BENCH_PART;
  const loadBefore = loadAverage();
  const ingest: IngestRun[] = [];
  const analytics: AnalyticsRun[] = [];
  for (const kind of kinds) if (only !== "analytics") ingest.push(await measureIngest(kind));
  for (const kind of kinds) if (only !== "ingest") analytics.push(await measureAnalytics(kind));
  if (analytics.length > 0 && ingest.length > 0) {
    writeBenchmarkSection("## Analytics and events ingest", render(analytics, ingest, loadBefore));
  } else console.log(JSON.stringify({ analytics, ingest }, null, 2));
}

await main();
