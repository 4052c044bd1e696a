/**
 * Two API processes against one (issue 22): `pnpm bench scale` in apps/api, with DATABASE_URL
 * (a PostgreSQL server) and REDIS_URL (default redis://127.0.0.1:6379): several processes
 * share a database and, through Redis, their rate limits and cache invalidations
 * (docs/deployment.md, "Several replicas behind a proxy").
 *
 * One database with a live floow for events (bench/lib/ingest-traffic.ts) and a selling floow
 * on a 10,000-product feed (bench/lib/selling-data.ts). Per turn, one or two production
 * servers (bench/lib/production-server.ts, as `pnpm start` runs them, REDIS_URL set in both
 * cases, TRUST_PROXY=true), loaded with CONNECTIONS connections split evenly between them,
 * each request from one of 5,000 client addresses:
 * - ingest: batches of 50 new events for SECONDS s → events/s;
 * - cached results: the five selections in rotation for SECONDS s → requests/s.
 * The servers' CPU (/proc, summed) per unit of work says what the second process costs.
 * One and two alternate, the order flipping each round, ROUNDS rounds; medians.
 * Goal: two ≥ 1.0× one on both. Writes "## Two API processes" in docs/benchmarks.md unless
 * SECONDS < 10 (`SECONDS=3 ROUNDS=1 pnpm bench scale` to check it).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import autocannon from "autocannon";
import type { Request as LoadRequest } from "autocannon";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createBenchDatabase } from "./lib/bench-data";
import {
  BATCH,
  batchBody,
  EVENT_HEADERS,
  nextAddress,
  seedIngestFloow,
} from "./lib/ingest-traffic";
import type { Seeded } from "./lib/ingest-traffic";
import { processCpuMs } from "./lib/process-meters";
import { prepareBuild, startProductionServer } from "./lib/production-server";
import type { ProductionServer } from "./lib/production-server";
import { seedSellingFloow } from "./lib/selling-data";
import type { SellingData } from "./lib/selling-data";

const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

type Work = "ingest" | "results";

interface Turn {
  processes: 1 | 2;
  round: number;
  work: Work;
  /** Events (ingest) or answers (results) per second. */
  perSecond: number;
  /** The servers' CPU per event or answer, µs. */
  cpuMicros: number;
  errors: number;
  load: string;
  /** The share of the machine's CPU time in use during the turn (every process), percent. */
  busy: number;
}

/** The machine's CPU time so far (/proc/stat): all of it, and the part spent idle or waiting for I/O. */
function machineCpu(): { total: number; idle: number } {
  const fields = readFileSync("/proc/stat", "utf8")
    .split("\n", 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { total: fields.reduce((a, b) => a + b, 0), idle: fields[3]! + fields[4]! };
}

/** CONNECTIONS connections split over `servers` for `seconds`: what they answered with 2xx. */
async function drive(
  servers: ProductionServer[],
  seconds: number,
  request: (base: string) => LoadRequest,
): Promise<{ ok: number; errors: number }> {
  const results = await Promise.all(
    servers.map((server) =>
      autocannon({
        url: server.base,
        connections: Math.max(1, Math.round(CONNECTIONS / servers.length)),
        duration: seconds,
        timeout: 10,
        requests: [request(server.base)],
      }),
    ),
  );
  return {
    ok: results.reduce((sum, r) => sum + (r as unknown as { "2xx": number })["2xx"], 0),
    errors: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}

async function turn(
  processes: 1 | 2,
  round: number,
  env: Record<string, string>,
  events: Seeded,
  selling: SellingData,
): Promise<Turn[]> {
  const servers: ProductionServer[] = [];
  try {
    for (let i = 0; i < processes; i++)
      servers.push(await startProductionServer(`/nonexistent/floow-scale-${i}`, env));
    const work: Record<Work, { unit: number; request: () => LoadRequest }> = {
      ingest: {
        unit: BATCH,
        request: () => ({
          method: "POST",
          path: "/api/public/events",
          headers: EVENT_HEADERS,
          setupRequest: (request) => ({
            ...request,
            body: batchBody(events),
            headers: { ...request.headers, "x-forwarded-for": nextAddress() },
          }),
        }),
      },
      results: {
        unit: 1,
        request: () => {
          let next = 0;
          return {
            method: "POST",
            path: "/api/public/results",
            headers: {
              "accept-encoding": "gzip, deflate, br, zstd",
              "content-type": "text/plain;charset=UTF-8",
            },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                floowId: selling.floowId,
                choiceIds: selling.selections[next++ % selling.selections.length],
              }),
              headers: { ...request.headers, "x-forwarded-for": nextAddress() },
            }),
          };
        },
      },
    };
    const turns: Turn[] = [];
    for (const name of ["ingest", "results"] as Work[]) {
      await drive(servers, 2, work[name].request); // warm-up: JIT, caches, the results index
      const cpuBefore = servers.map((server) => processCpuMs(server.child.pid!)!);
      const machineBefore = machineCpu();
      const { ok, errors } = await drive(servers, SECONDS, work[name].request);
      const machineAfter = machineCpu();
      const cpuMs = servers.reduce(
        (sum, server, i) => sum + processCpuMs(server.child.pid!)! - cpuBefore[i]!,
        0,
      );
      const units = Math.max(1, ok * work[name].unit);
      const figures: Turn = {
        processes,
        round,
        work: name,
        perSecond: (ok * work[name].unit) / SECONDS,
        cpuMicros: (cpuMs * 1000) / units,
        errors,
        load: loadAverage(),
        busy:
          100 *
          (1 -
            (machineAfter.idle - machineBefore.idle) / (machineAfter.total - machineBefore.total)),
      };
      console.log(JSON.stringify(figures));
      turns.push(figures);
    }
    return turns;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function render(turns: Turn[], loadBefore: string): string {
  const n = (value: number) => Math.round(value).toLocaleString("en");
  const of = (processes: 1 | 2, work: Work) =>
    turns.filter((t) => t.processes === processes && t.work === work);
  const lines = (["ingest", "results"] as Work[]).map((work) => {
    const one = median(of(1, work).map((t) => t.perSecond));
    const two = median(of(2, work).map((t) => t.perSecond));
    const cpuOne = median(of(1, work).map((t) => t.cpuMicros));
    const cpuTwo = median(of(2, work).map((t) => t.cpuMicros));
    const ratio = two / one;
    const busyOne = median(of(1, work).map((t) => t.busy));
    const unit = work === "ingest" ? "events" : "answers";
    return `- **${work === "ingest" ? "Events ingest" : "Cached results"}:** one process ${n(one)} ${unit}/s, two ${n(two)}: **${ratio.toFixed(2)}×** (goal ≥ 1.0×: **${ratio >= 1 ? "met" : "NOT met"}**). The servers' CPU per ${unit === "events" ? "event" : "answer"}: ${cpuOne.toFixed(1)} µs with one, ${cpuTwo.toFixed(1)} µs with two. With one process the machine's CPUs were ${busyOne.toFixed(0)}% busy, so a second could add at most ${Math.max(0, 100 / busyOne - 1).toLocaleString("en", { style: "percent", maximumFractionDigits: 0 })} before its own costs.`;
  });
  return `## Two API processes

Measured by \`apps/api/bench/scale.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
\`cd apps/api && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench scale\`
(${ROUNDS} rounds, ${SECONDS} s per work, ${CONNECTIONS} connections split between the processes).

One PostgreSQL database and one Redis; one or two production servers started as \`pnpm start\`
starts them (REDIS_URL set either way, so the rate limits are counted in Redis in both cases),
each request from one of 5,000 client addresses. One and two alternate, the order flipping each
round; medians.

${lines.join("\n")}

What the second process costs shows in the CPU per unit: each process has its own JIT warm-up,
garbage collector, caches (the feed's index and the answers are built once per process) and job
worker, and here both share two cores with the load generator, PostgreSQL and Redis. A second
process helps where one leaves CPU idle while it waits (the ingest waits on PostgreSQL) and costs
where one already keeps its core busy (kept answers). On machines of their own, processes add
up; docs/deployment.md ("Sizing") says how many a shop needs.

| round | processes | work | per second | servers' CPU per unit | machine CPU busy | errors | load average after |
|---:|---:|---|---:|---:|---:|---:|---|
${turns.map((t) => `| ${t.round} | ${t.processes} | ${t.work} | ${n(t.perSecond)} | ${t.cpuMicros.toFixed(1)} µs | ${t.busy.toFixed(0)}% | ${t.errors} | ${t.load} |`).join("\n")}

Machine: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${sh("uname -sr")}:
the load generator, the servers, PostgreSQL and Redis share these CPUs, so a second process can
only win what one process leaves idle. Load average (1, 5, 15 min) before: ${loadBefore}.
`;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL && !process.env.BENCH_DATABASE_URL) {
    console.log(
      "scale.bench: needs DATABASE_URL (two processes share a PostgreSQL server); skipped",
    );
    return;
  }
  prepareBuild();
  const loadBefore = loadAverage();
  const database = await createBenchDatabase("postgres", "scale");
  try {
    const events = await seedIngestFloow(database);
    const selling = await seedSellingFloow(() => database.open(), 10_000);
    const env = {
      ...database.env,
      REDIS_URL,
      REDIS_KEY_PREFIX: `floow-bench-${randomBytes(4).toString("hex")}:`,
      TRUST_PROXY: "true",
    };
    const turns: Turn[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order: (1 | 2)[] = round % 2 ? [1, 2] : [2, 1];
      for (const processes of order)
        turns.push(...(await turn(processes, round, env, events, selling)));
    }
    const report = render(turns, loadBefore);
    if (SECONDS >= 10) writeBenchmarkSection("## Two API processes", report);
    else console.log(report);
  } finally {
    await database.drop();
  }
}

await main();
