/**
 * Events ingest through the production server, beside its floor (issue 22): `pnpm bench
 * ingest` in apps/api (with DATABASE_URL also on the PostgreSQL server).
 *
 * - API: the production build run as `pnpm start` runs it (bench/lib/production-server.ts:
 *   its environment and Node options, every plugin on: the rate limiter, CORS, helmet,
 *   logging, compression), TRUST_PROXY=true, on a database of the bench's own with one live
 *   floow of five steps. `POST /api/public/events` with batches of BATCH events (fresh ids, a
 *   new session per request), each request from one of ADDRESSES client addresses
 *   (X-Forwarded-For), so the per-address limit (300 a minute) acts as it does for shoppers.
 * - Floor: bench/lib/ingest-floor.ts, a plain node:http process doing one multi-row INSERT per
 *   batch into a copy of the `event` table with its indexes, on the same database.
 * - CONNECTIONS connections send as fast as they are answered for SECONDS s per turn; API and
 *   floor alternate (the order flips each round), ROUNDS rounds; each side is started for its
 *   turn and stopped after it (PGlite opens a data folder in one process at a time).
 * - Figures per turn: events stored per second (202 answers × BATCH / s), the server process's
 *   CPU (/proc utime + stime) per event, and on the PostgreSQL server the database backends'
 *   CPU per event too. The report is the median of the rounds and the ratio API / floor.
 *
 * Goals (issue 22): ≥ 0.8× the floor's events/s; ≤ 20 µs of the server's CPU per event on
 * PostgreSQL. Writes "## Events ingest through the production server" in docs/benchmarks.md
 * unless SECONDS < 10 (a quick check: `SECONDS=3 ROUNDS=1 pnpm bench ingest`).
 */
import { cpus, totalmem } from "node:os";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import type { DbKind } from "../src/db/client";
import { benchKinds, createBenchDatabase } from "./lib/bench-data";
import type { BenchDatabase } from "./lib/bench-data";
import { startFloorProcess } from "./lib/floor-process";
import { processCpuMs } from "./lib/process-meters";
import {
  BATCH,
  batchBody,
  postEventBatches,
  seedIngestFloow,
  startDatabaseMeter,
} from "./lib/ingest-traffic";
import type { Seeded } from "./lib/ingest-traffic";
import { prepareBuild, startProductionServer } from "./lib/production-server";

const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const ADDRESSES = 5_000;
const GOALS = { ratio: 0.8, cpuMicrosPerEvent: 20 };

interface Turn {
  side: "API" | "floor";
  round: number;
  eventsPerSecond: number;
  /** The server process's CPU per stored event, µs. */
  cpuMicros: number;
  /** The PostgreSQL backends' CPU per stored event, µs (server only). */
  backendMicros?: number;
  p50: number;
  p99: number;
  refused: number;
  errors: number;
  load: string;
}

function startFloor(database: BenchDatabase, seeded: Seeded) {
  return startFloorProcess("ingest-floor.ts", {
    ...(database.databaseUrl
      ? { DATABASE_URL: database.databaseUrl }
      : { DATA_DIR: database.dataDir }),
    ORGANIZATION_ID: seeded.organizationId,
    DOMAIN_ID: seeded.domainId,
    FLOOW_ID: seeded.floowId,
  });
}

/** One side's turn: CONNECTIONS connections for `seconds`, the server's (and backends') CPU around it. */
async function load(
  side: Turn["side"],
  round: number,
  server: { base: string; pid: number },
  seeded: Seeded,
  database: BenchDatabase,
  seconds: number,
): Promise<Turn> {
  const run = (duration: number) =>
    postEventBatches(server.base, {
      connections: CONNECTIONS,
      seconds: duration,
      body: () => batchBody(seeded),
      addresses: ADDRESSES,
    });
  await run(2); // warm-up: JIT, the floow's cache, the pool's connections
  const backends = await startDatabaseMeter(database);
  const cpuBefore = processCpuMs(server.pid)!;
  const result = await run(seconds);
  const cpuMs = processCpuMs(server.pid)! - cpuBefore;
  const backendMs = await backends?.stop();
  // autocannon's result also counts answers by status class and code (its types leave them out).
  const counts = result as unknown as {
    "2xx": number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  const ok = counts["2xx"];
  const events = Math.max(1, ok * BATCH);
  const statuses = counts.statusCodeStats;
  const turn: Turn = {
    side,
    round,
    eventsPerSecond: (ok * BATCH) / seconds,
    cpuMicros: (cpuMs * 1000) / events,
    ...(backendMs !== undefined && { backendMicros: (backendMs * 1000) / events }),
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused: statuses?.["429"]?.count ?? 0,
    errors: result.non2xx + result.errors + result.timeouts,
    load: loadAverage(),
  };
  console.log(JSON.stringify(turn));
  return turn;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measure(kind: DbKind): Promise<{ kind: DbKind; turns: Turn[] }> {
  const database = await createBenchDatabase(kind, "ingest");
  try {
    const seeded = await seedIngestFloow(database);
    const turns: Turn[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order: Turn["side"][] = round % 2 ? ["API", "floor"] : ["floor", "API"];
      for (const side of order) {
        if (side === "API") {
          const server = await startProductionServer(database.dataDir, {
            ...database.env,
            TRUST_PROXY: "true",
          });
          try {
            turns.push(
              await load(
                side,
                round,
                { ...server, pid: server.child.pid! },
                seeded,
                database,
                SECONDS,
              ),
            );
          } finally {
            await server.stop();
          }
        } else {
          const floor = await startFloor(database, seeded);
          try {
            turns.push(await load(side, round, floor, seeded, database, SECONDS));
          } finally {
            await floor.stop();
          }
        }
      }
    }
    return { kind, turns };
  } finally {
    await database.drop();
  }
}

function render(runs: { kind: DbKind; turns: Turn[] }[], loadBefore: string): string {
  const name = (kind: DbKind) => (kind === "pglite" ? "PGlite (on disk)" : "PostgreSQL server");
  const n = (value: number) => Math.round(value).toLocaleString("en");
  const rows: string[] = [];
  const summary: string[] = [];
  for (const run of runs) {
    const side = (s: Turn["side"]) => run.turns.filter((turn) => turn.side === s);
    const api = side("API");
    const floor = side("floor");
    const apiRate = median(api.map((t) => t.eventsPerSecond));
    const floorRate = median(floor.map((t) => t.eventsPerSecond));
    const apiCpu = median(api.map((t) => t.cpuMicros));
    const floorCpu = median(floor.map((t) => t.cpuMicros));
    const backend = (turns: Turn[]) =>
      turns[0]?.backendMicros === undefined
        ? "—"
        : `${median(turns.map((t) => t.backendMicros!)).toFixed(1)} µs`;
    for (const turn of run.turns)
      rows.push(
        `| ${name(run.kind)} | ${turn.round} | ${turn.side} | ${n(turn.eventsPerSecond)} | ${turn.cpuMicros.toFixed(1)} µs | ${turn.backendMicros === undefined ? "—" : `${turn.backendMicros.toFixed(1)} µs`} | ${turn.p50} / ${turn.p99} ms | ${turn.refused} / ${turn.errors} | ${turn.load} |`,
      );
    const ratio = apiRate / floorRate;
    const cpuGoal =
      run.kind === "postgres"
        ? ` Server CPU per event ${apiCpu.toFixed(1)} µs (floor ${floorCpu.toFixed(1)} µs; backends API ${backend(api)}, floor ${backend(floor)}): goal ≤ ${GOALS.cpuMicrosPerEvent} µs **${apiCpu <= GOALS.cpuMicrosPerEvent ? "met" : "NOT met"}**.`
        : ` Server CPU per event ${apiCpu.toFixed(1)} µs (floor ${floorCpu.toFixed(1)} µs; PGlite's own work runs inside each process).`;
    summary.push(
      `- **${name(run.kind)}:** API ${n(apiRate)} events/s, floor ${n(floorRate)} events/s: **${ratio.toFixed(2)}×** the floor (goal ≥ ${GOALS.ratio}×: **${ratio >= GOALS.ratio ? "met" : "NOT met"}**).${cpuGoal}`,
    );
  }
  return `## Events ingest through the production server

Measured by \`apps/api/bench/ingest.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
\`cd apps/api && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench ingest\`
(${ROUNDS} rounds of ${SECONDS} s per side, ${CONNECTIONS} connections, batches of ${BATCH}).

The API is the production build run as \`pnpm start\` runs it, every plugin on, TRUST_PROXY=true,
each request from one of ${n(ADDRESSES)} client addresses; the floor a plain node:http process doing
one multi-row INSERT per batch into a copy of \`event\` with its indexes, on the same database
(\`bench/lib/ingest-floor.ts\`). They alternate, the order flipping each round; the figures are
the medians of the rounds. CPU is each server process's user + system time over its turn divided by
the events stored; on the PostgreSQL server the database backends' CPU is measured apart.

${summary.join("\n")}

| database | round | side | events/s | server CPU / event | backends CPU / event | p50 / p99 | 429 / errors | load average after |
|---|---:|---|---:|---:|---:|---|---|---|
${rows.join("\n")}

Machine: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${sh("uname -sr")};
the load generator, the server and PostgreSQL share its CPUs. Load average (1, 5, 15 min) before: ${loadBefore}.
`;
}

async function main(): Promise<void> {
  prepareBuild();
  const loadBefore = loadAverage();
  const runs = [];
  for (const kind of benchKinds()) runs.push(await measure(kind));
  const report = render(runs, loadBefore);
  if (SECONDS >= 10)
    writeBenchmarkSection("## Events ingest through the production server", report);
  else console.log(report);
}

await main();
