/**
 * Load test of the public endpoints through the production server, beside its floor (issues 13
 * and 22): `pnpm bench load` in apps/api (or at the root).
 *
 * The data: an embedded PGlite in a fresh data folder, seeded with a live selling floow of five
 * questions on a 10,000-product feed (and `event_floor`, a copy of the `event` table for the
 * floor). The traffic (bench/lib/public-traffic.ts): three autocannon instances in this process,
 * at fixed rates (LOAD_FACTOR × the stated PEAK, see `render` for why these rates), together for
 * LOAD_DURATION_SECONDS, on 127.0.0.1:
 *
 * - `GET /api/public/domains/:id/floows` (the embed loader on every page view),
 * - `POST /api/public/results` (a selection out of the floow's 120, so answers are computed
 *   and kept as visitors would make them),
 * - `POST /api/public/events` (a batch of three new events each, stored),
 *
 * each request from one of VISITORS addresses (`X-Forwarded-For`), so the per-address rate
 * limits act as they would for real visitors. Each round runs the same traffic (same rates,
 * duration, addresses and requests: seeded by the round) against
 *
 * - API: the production build run as `pnpm start` runs it (bench/lib/production-server.ts, every
 *   plugin on), TRUST_PROXY=true, started fresh on the data folder for its turn;
 * - floor: bench/lib/public-floor.ts, a plain node:http process answering the GET and the
 *   results calls with the bytes the API gave for the same request (captured from a server of
 *   their own before the rounds, compressed as the browser asked) and storing each event batch
 *   with one multi-row INSERT into `event_floor` on the same data folder;
 *
 * API first, then the floor, ROUNDS rounds; each side is stopped after its turn (PGlite opens a
 * data folder in one process at a time). Figures per endpoint and side: served rate, errors,
 * p50/p95/p99 latency; per side the server process's CPU during the load (/proc utime + stime,
 * ms per second of load). The report: the medians of the rounds, per endpoint API p95 / floor
 * p95, and the CPU ratio API / floor. Bounded: fixed rates and duration, every request has a
 * timeout, each server is stopped after its turn.
 *
 * Thresholds, on the API's medians: errors (non-2xx, failed or timed-out requests) < 0.1 % and
 * p95 latency < 150 ms per endpoint; the exit code is 1 when one is missed. Writes the "Load
 * test" section of docs/benchmarks.md when LOAD_DURATION_SECONDS ≥ 30 (default 60; ROUNDS
 * default 3); a shorter check prints it only: `LOAD_DURATION_SECONDS=5 ROUNDS=1 pnpm bench load`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createDb } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { answersInput } from "./lib/floor-answers";
import { startFloorProcess } from "./lib/floor-process";
import { createEventFloorTable } from "./lib/ingest-traffic";
import { processCpuMs } from "./lib/process-meters";
import { prepareBuild, startProductionServer } from "./lib/production-server";
import {
  capturePublicAnswers,
  LOAD_FACTOR,
  PEAK,
  runPublicTraffic,
  VISITORS,
  warmPublicTraffic,
} from "./lib/public-traffic";
import type { Endpoint, Figures } from "./lib/public-traffic";
import { seedSellingFloow } from "./lib/selling-data";
import type { SellingData } from "./lib/selling-data";

const DURATION_SECONDS = Number(process.env.LOAD_DURATION_SECONDS ?? 60);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WRITES_DOCS = DURATION_SECONDS >= 30;
const PRODUCTS = 10_000;
const THRESHOLDS = { errorRate: 0.001, p95Ms: 150 };
const ENDPOINTS = Object.keys(PEAK) as Endpoint[];
/** The command of this run, with the knobs it was given. */
const COMMAND = [
  "cd apps/api &&",
  ...["LOAD_DURATION_SECONDS", "ROUNDS"].flatMap((name) =>
    process.env[name] === undefined ? [] : [`${name}=${process.env[name]}`],
  ),
  "pnpm bench load",
].join(" ");

type Side = "API" | "floor";

interface Turn {
  side: Side;
  round: number;
  figures: Figures[];
  /** The server process's CPU during the load, ms per second (1,000 = one core). */
  cpuMsPerSecond: number;
  load: string;
}

/** One side's turn: the round's traffic, the server process's CPU around it. */
async function load(
  side: Side,
  round: number,
  server: { base: string; pid: number },
  seeded: SellingData,
): Promise<Turn> {
  // The feed's results index is built at the first results call (the floor answers it too).
  await warmPublicTraffic(server.base, seeded);
  const cpuBefore = processCpuMs(server.pid)!;
  const started = performance.now();
  const figures = await runPublicTraffic(server.base, seeded, DURATION_SECONDS, round);
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = processCpuMs(server.pid)! - cpuBefore;
  const turn: Turn = { side, round, figures, cpuMsPerSecond: cpuMs / seconds, load: loadAverage() };
  console.log(
    `round ${round} ${side.padEnd(5)} CPU ${Math.round(turn.cpuMsPerSecond)} ms/s, load ${turn.load}`,
  );
  for (const f of figures)
    console.log(
      `  ${f.endpoint.padEnd(7)} ${served(f).toFixed(0)}/${f.rate} req/s, errors ${f.errors}, p50 ${f.p50} / p95 ${f.p95} / p99 ${f.p99} ms`,
    );
  return turn;
}

const served = (f: Figures) => f.ok / f.seconds;
const errorRate = (f: Figures) => f.errors / Math.max(1, f.requests);

/** The median (of an even count, the mean of the middle two). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length === 0) return 0;
  return Number.isInteger(middle)
    ? (sorted[middle - 1]! + sorted[middle]!) / 2
    : sorted[Math.floor(middle)]!;
};

interface Summary {
  endpoint: Endpoint;
  rate: number;
  /** Per side, the medians of the rounds. */
  api: { served: number; errors: number; errorRate: number; p50: number; p95: number; p99: number };
  floor: Summary["api"];
  apiRoundsP95: number[];
  floorRoundsP95: number[];
  ratio: number;
  met: boolean;
}

function summarize(turns: Turn[]): Summary[] {
  return ENDPOINTS.map((endpoint) => {
    const of = (side: Side) =>
      turns
        .filter((t) => t.side === side)
        .map((t) => t.figures.find((f) => f.endpoint === endpoint)!);
    const sideSummary = (figures: Figures[]) => ({
      served: median(figures.map(served)),
      errors: median(figures.map((f) => f.errors)),
      errorRate: median(figures.map(errorRate)),
      p50: median(figures.map((f) => f.p50)),
      p95: median(figures.map((f) => f.p95)),
      p99: median(figures.map((f) => f.p99)),
    });
    const api = sideSummary(of("API"));
    const floor = sideSummary(of("floor"));
    return {
      endpoint,
      rate: PEAK[endpoint] * LOAD_FACTOR,
      api,
      floor,
      apiRoundsP95: of("API").map((f) => f.p95),
      floorRoundsP95: of("floor").map((f) => f.p95),
      ratio: api.p95 / Math.max(1, floor.p95),
      met: api.errorRate < THRESHOLDS.errorRate && api.p95 < THRESHOLDS.p95Ms,
    };
  });
}

async function main(): Promise<void> {
  prepareBuild();
  const loadBefore = loadAverage();
  const dataDir = mkdtempSync(join(tmpdir(), "floow-load-bench-"));
  try {
    const seeded = await seedSellingFloow(async () => {
      const handle = await createDb({ dataDir });
      await migrateToLatest(handle.db);
      await createEventFloorTable(handle.db);
      return handle;
    }, PRODUCTS);
    const startApi = () => startProductionServer(dataDir, { TRUST_PROXY: "true" });

    // The floor's answers: the API's own bytes, from a server of their own (so no round's API
    // starts with its answers kept).
    const capturing = await startApi();
    let answers: string;
    try {
      await warmPublicTraffic(capturing.base, seeded);
      answers = answersInput(await capturePublicAnswers(capturing.base, seeded));
    } finally {
      await capturing.stop();
    }

    const loadDuring = loadAverage();
    const turns: Turn[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const api = await startApi();
      try {
        turns.push(await load("API", round, { base: api.base, pid: api.child.pid! }, seeded));
      } finally {
        await api.stop();
      }
      const floor = await startFloorProcess(
        "public-floor.ts",
        {
          DATA_DIR: dataDir,
          ORGANIZATION_ID: seeded.orgId,
          DOMAIN_ID: seeded.domainId,
          FLOOW_ID: seeded.floowId,
        },
        answers,
      );
      try {
        turns.push(await load("floor", round, floor, seeded));
      } finally {
        await floor.stop();
      }
    }
    const loadAfter = loadAverage();

    const summary = summarize(turns);
    const report = render(summary, turns, [loadBefore, loadDuring, loadAfter]);
    if (WRITES_DOCS) writeBenchmarkSection("## Load test", report);
    else console.log(report);
    const missed = summary.filter((s) => !s.met);
    if (missed.length > 0) {
      console.error(`thresholds missed: ${missed.map((s) => s.endpoint).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function render(summary: Summary[], turns: Turn[], load: [string, string, string]): string {
  const n = (value: number) => Math.round(value).toLocaleString("en");
  const pct = (rate: number) => `${(100 * rate).toFixed(3)} %`;
  const latencies = (s: Summary["api"]) => `${n(s.p50)} / **${n(s.p95)}** / ${n(s.p99)} ms`;
  const cpu = (side: Side) =>
    median(turns.filter((t) => t.side === side).map((t) => t.cpuMsPerSecond));
  const apiCpu = cpu("API");
  const floorCpu = cpu("floor");
  const rows = summary
    .map(
      (s) =>
        `| ${s.endpoint} | ${s.rate} | ${n(s.api.served)} | ${n(s.api.errors)} (${pct(s.api.errorRate)}) | ${latencies(s.api)} | ${n(s.floor.served)} | ${n(s.floor.errors)} | ${latencies(s.floor)} | **${s.ratio.toFixed(2)}×** (${s.apiRoundsP95.join(", ")} / ${s.floorRoundsP95.join(", ")}) | ${s.met ? "met" : "**NOT met**"} |`,
    )
    .join("\n");
  const roundRows = turns
    .map(
      (t) =>
        `| ${t.round} | ${t.side} | ${t.figures.map((f) => `${n(served(f))} · ${f.errors} · ${f.p95} ms`).join(" | ")} | ${n(t.cpuMsPerSecond)} ms/s | ${t.load} |`,
    )
    .join("\n");
  return `## Load test

Measured by \`apps/api/bench/load.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
\`${COMMAND}\` (${ROUNDS} round${ROUNDS === 1 ? "" : "s"} of ${DURATION_SECONDS} s per side, API then floor each round;
the bench builds the API from the current source first). Each figure is the median of the rounds.

**The stated peak**, for one API process: ${PEAK.floows} page views per second that show a floow (180,000 an
hour, a large merchant's sale day or many merchants together), each asking once for the
domain's floows (\`GET /api/public/domains/:id/floows\`, ${PEAK.floows}/s; browsers then reuse it for a minute),
with about two results calls (\`POST /api/public/results\`, ${PEAK.results}/s) and two event batches
(\`POST /api/public/events\`, ${PEAK.events}/s) per view. **The test runs at ${LOAD_FACTOR}× that peak for ${DURATION_SECONDS} s a turn**: the three
endpoints at the same time, each at a fixed rate (autocannon's \`overallRate\`), on 127.0.0.1.

The data: an embedded PGlite, seeded with a live selling floow of five questions on a
${PRODUCTS.toLocaleString("en")}-product feed. Requests carry a browser's \`Accept-Encoding\`; each comes from one of
${VISITORS.toLocaleString("en")} visitor addresses (\`X-Forwarded-For\`), so the per-address rate limits apply as for
real visitors. A results call asks for one of the floow's 120 selections at random (answers are
computed at first and then kept); an event batch holds three new events (mount, start, choice)
of a new session, all stored. Both sides of a round get the same requests (seeded: the same
addresses, selections and ids in the same order per endpoint).

- **API**: the production build run as \`pnpm start\` runs it (every plugin on: compression,
  security headers, rate limits, logging), TRUST_PROXY=true, started fresh for its turn.
- **Floor**: a plain node:http process (\`bench/lib/public-floor.ts\`) doing the least work for the
  same outcomes: the floows GET and the results calls answered with the bytes the API gave for
  the same request (captured before the rounds from a server of their own, compressed as the
  browser asked), each event batch stored with one multi-row INSERT into a copy of \`event\` with
  its indexes, on the same PGlite data folder.

Latency is measured per response by the load generator, which shares the CPUs with the server.
"Served" (2xx answers per second) below the rate asked means the server (or the load generator
beside it) could not keep up, and the latencies then include the queueing. Thresholds per
endpoint, on the API: errors (non-2xx answers, failed or timed-out requests) < ${THRESHOLDS.errorRate * 100} %, p95 latency < ${THRESHOLDS.p95Ms} ms.

| Endpoint | Rate asked (req/s) | API served (req/s) | API errors | API p50 / p95 / p99 | floor served | floor errors | floor p50 / p95 / p99 | API / floor p95 (rounds' p95) | Thresholds |
|---|---:|---:|---:|---:|---:|---:|---:|---|---|
${rows}

**Server CPU during the load** (the process's user + system time over its turn, ms per second; 1,000 is
one core): API **${n(apiCpu)} ms/s**, floor ${n(floorCpu)} ms/s: **${(apiCpu / Math.max(1, floorCpu)).toFixed(1)}×** the floor's.

Each turn (served req/s · errors · p95 per endpoint):

| round | side | ${ENDPOINTS.join(" | ")} | server CPU | load average after |
|---:|---|${ENDPOINTS.map(() => "---|").join("")}---:|---|
${roundRows}

Machine: ${sh("nproc")} CPUs (${cpus()[0]?.model ?? "unknown"}), ${sh("free -h | awk '/^Mem:/ {print $2}'")} memory, Node ${process.version}. Load average
(1, 5, 15 min) before seeding: ${load[0]}; when the first round started: ${load[1]}; at the end: ${load[2]}.
`;
}

await main();
