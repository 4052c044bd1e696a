/**
 * Results endpoint benchmark (issues 4 and 22): a generated feed of RESULTS_PRODUCTS products
 * (default 500,000) and a selling floow of five questions.
 *
 * 1. The computation alone, in this process: the results service as the endpoint calls it
 *    (the feed's index built once, then per call its answer and the first 100 products
 *    sanitized), timed per call: p50/p95/p99 wall and CPU.
 * 2. Through the production server (bench/lib/production-server.ts: the build run as `pnpm
 *    start` runs it, every plugin on, TRUST_PROXY=true, each request from one of 5,000 client
 *    addresses), on PGlite with the feed stored as an import stores it:
 *    - cached: the five selections in rotation (their answers kept), CONNECTIONS connections as
 *      fast as answered, beside the floor, a bare node:http process answering the same bytes
 *      (bench/lib/bytes-floor.ts), alternating, ROUNDS rounds: requests/s, the server's CPU per
 *      request, ratio. Goal (issue 22): ≥ 0.7× the floor.
 *    - uncached: every distinct selection of the floow (one choice or none per question) once,
 *      one at a time, so each answer is computed: p50/p95/max. Goal: p95 ≤ 20 ms.
 *
 * Writes the "Results endpoint" section of docs/benchmarks.md when at full size; a check:
 * `RESULTS_PRODUCTS=20000 SECONDS=3 ROUNDS=1 pnpm bench results`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { computeResults, createResultsIndex } from "@floow/domain/results";
import autocannon from "autocannon";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createDb } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { createResultsService, RESULTS_LIMIT } from "../src/services/results";
import { seedDomain, seedFeed, seedFloow, seedOrganization } from "../test/floows";
import { makeFloow, makeProducts } from "./lib/catalog";
import { answersInput, captureAnswer } from "./lib/floor-answers";
import type { Answer } from "./lib/floor-answers";
import { startFloorProcess } from "./lib/floor-process";
import { processCpuMs } from "./lib/process-meters";
import { prepareBuild, startProductionServer } from "./lib/production-server";
import { seedSellingFloow } from "./lib/selling-data";
import type { SellingData } from "./lib/selling-data";

const PRODUCTS = Number(process.env.RESULTS_PRODUCTS ?? 500_000);
const FULL_SIZE = PRODUCTS >= 500_000;
const ITERATIONS = 300;
const WARMUP = 30;
const PLAIN_ITERATIONS = 5;
const TARGET_P95_MS = 20;
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const ADDRESSES = 5_000;
const GOAL_RATIO = 0.7;
const BROWSER = {
  "accept-encoding": "gzip, deflate, br, zstd",
  "content-type": "text/plain;charset=UTF-8",
};

interface ComputeFigures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpu: { p50: number; p95: number; p99: number; max: number };
  matches: readonly [number, number];
  returned: number;
  buildMs: number;
  firstCallMs: number;
  plainMedian: number;
}

let filteredChoices = 0;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function measureCompute(): Promise<ComputeFigures> {
  const products = makeProducts(PRODUCTS);
  const { floow, selections } = makeFloow();
  filteredChoices = floow.filterGroups.length;

  const database = await createDb({});
  await migrateToLatest(database.db);
  const orgId = await seedOrganization(database.db, "Bench");
  const domainId = (await seedDomain(database.db, orgId)).id;
  const feedId = await seedFeed(database.db, orgId);
  const live = await seedFloow(database.db, orgId, domainId, "selling", {
    status: "live",
    feedId,
    ...floow,
  });

  // 1. The computation alone, as the server does it: the results service (the live floow,
  // the feed's index built once when the feed is loaded, its answer, the first RESULTS_LIMIT
  // sanitized for display), without HTTP.
  let started = performance.now();
  createResultsIndex(products);
  const buildMs = performance.now() - started;
  const results = createResultsService(database.db, { loadProducts: async () => products });
  const timings: number[] = [];
  const cpuTimings: number[] = [];
  const counts: number[] = [];
  const firstCalls: number[] = [];
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const choiceIds = selections[i % selections.length] as string[];
    const cpuStart = process.cpuUsage();
    started = performance.now();
    const outcome = await results.compute(live.id, choiceIds);
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStart);
    if (i < selections.length) firstCalls.push(ms);
    if (i >= WARMUP) {
      timings.push(ms);
      cpuTimings.push((cpu.user + cpu.system) / 1000);
      counts.push(outcome?.products.length ?? 0);
    }
  }
  timings.sort((a, b) => a - b);
  cpuTimings.sort((a, b) => a - b);
  const matches = selections.map(
    (choiceIds) => computeResults(products, floow, choiceIds).products.length,
  );
  // The plain computeResults (every filter on every product), for comparison.
  const plain: number[] = [];
  for (let i = 0; i < PLAIN_ITERATIONS; i++) {
    started = performance.now();
    computeResults(products, floow, selections[i % selections.length] as string[]);
    plain.push(performance.now() - started);
  }
  plain.sort((a, b) => a - b);
  const compute = {
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    p99: percentile(timings, 99),
    max: timings.at(-1) as number,
    cpu: {
      p50: percentile(cpuTimings, 50),
      p95: percentile(cpuTimings, 95),
      p99: percentile(cpuTimings, 99),
      max: cpuTimings.at(-1) as number,
    },
    matches: [Math.min(...matches), Math.max(...matches)] as const,
    returned: Math.max(...counts),
    buildMs,
    firstCallMs: Math.max(...firstCalls),
    plainMedian: percentile(plain, 50),
  };
  console.log("compute", compute);

  await database.close();
  return compute;
}

let address = 0;
const nextAddress = () => {
  address = (address + 1) % ADDRESSES;
  return `198.18.${address >> 8}.${address & 255}`;
};

interface CachedTurn {
  side: "API" | "floor";
  round: number;
  requestsPerSecond: number;
  cpuMsPerRequest: number;
  p50: number;
  p99: number;
  errors: number;
  load: string;
}

/** The floor: a bare node:http process answering each selection with the API's own bytes. */
function startBytesFloor(answers: Answer[]) {
  return startFloorProcess("bytes-floor.ts", {}, answersInput(answers));
}

async function loadCached(
  side: CachedTurn["side"],
  round: number,
  server: { base: string; pid: number },
  bodies: string[],
): Promise<CachedTurn> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: `${server.base}/api/public/results`,
      connections: CONNECTIONS,
      duration,
      timeout: 10,
      requests: [
        {
          method: "POST",
          headers: BROWSER,
          setupRequest: (request) => ({
            ...request,
            body: bodies[next++ % bodies.length],
            headers: { ...request.headers, "x-forwarded-for": nextAddress() },
          }),
        },
      ],
    });
  await run(2);
  const cpuBefore = processCpuMs(server.pid)!;
  const result = await run(SECONDS);
  const cpuMs = processCpuMs(server.pid)! - cpuBefore;
  const ok = (result as unknown as { "2xx": number })["2xx"];
  const turn: CachedTurn = {
    side,
    round,
    requestsPerSecond: ok / SECONDS,
    cpuMsPerRequest: cpuMs / Math.max(1, ok),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    load: loadAverage(),
  };
  console.log(JSON.stringify(turn));
  return turn;
}

/** Every selection of one choice or none per question (the empty one left out). */
function everySelection(steps: string[][]): string[][] {
  let all: string[][] = [[]];
  for (const choices of steps)
    all = all.flatMap((selection) => [selection, ...choices.map((id) => [...selection, id])]);
  return all.filter((selection) => selection.length > 0);
}

async function measureServer(data: SellingData, dataDir: string) {
  const bodies = data.selections.map((choiceIds) =>
    JSON.stringify({ floowId: data.floowId, choiceIds }),
  );
  // The uncached answers first (a fresh server: nothing kept but the feed's index, built by a
  // first call that is not counted), then the cached ones.
  const uncached: number[] = [];
  const distinct = everySelection(data.steps);
  const answers: Answer[] = [];
  const server = await startProductionServer(dataDir, { TRUST_PROXY: "true" });
  let indexMs: number;
  try {
    const post = (body: string) =>
      fetch(`${server.base}/api/public/results`, {
        method: "POST",
        headers: { ...BROWSER, "x-forwarded-for": nextAddress() },
        body,
      });
    let started = performance.now();
    const first = await post(JSON.stringify({ floowId: data.floowId, choiceIds: [] }));
    if (!first.ok) throw new Error(`results: ${first.status} ${await first.text()}`);
    await first.arrayBuffer();
    indexMs = performance.now() - started;
    for (const choiceIds of distinct) {
      started = performance.now();
      const response = await post(JSON.stringify({ floowId: data.floowId, choiceIds }));
      await response.arrayBuffer();
      uncached.push(performance.now() - started);
      if (!response.ok) throw new Error(`results: ${response.status}`);
    }
    // The bytes the floor answers with: the API's own, brotli as a browser gets them (read
    // raw: fetch would decode them).
    for (const choiceIds of data.selections)
      answers.push(
        await captureAnswer(choiceIds.join(","), `${server.base}/api/public/results`, {
          method: "POST",
          headers: BROWSER,
          body: JSON.stringify({ floowId: data.floowId, choiceIds }),
        }),
      );
  } finally {
    await server.stop();
  }
  uncached.sort((a, b) => a - b);

  const turns: CachedTurn[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const order: CachedTurn["side"][] = round % 2 ? ["API", "floor"] : ["floor", "API"];
    for (const side of order) {
      if (side === "API") {
        const api = await startProductionServer(dataDir, { TRUST_PROXY: "true" });
        try {
          // The feed's index and the five answers, as on a server that has been answering.
          for (const body of bodies)
            await fetch(`${api.base}/api/public/results`, {
              method: "POST",
              headers: BROWSER,
              body,
            }).then((response) => response.arrayBuffer());
          turns.push(
            await loadCached(side, round, { base: api.base, pid: api.child.pid! }, bodies),
          );
        } finally {
          await api.stop();
        }
      } else {
        const floor = await startBytesFloor(answers);
        try {
          turns.push(await loadCached(side, round, floor, bodies));
        } finally {
          await floor.stop();
        }
      }
    }
  }
  return {
    indexMs,
    uncached: {
      count: uncached.length,
      p50: percentile(uncached, 50),
      p95: percentile(uncached, 95),
      max: uncached.at(-1)!,
    },
    answerBytes: answers.map((answer) => answer.body.length),
    turns,
  };
}

type ServerFigures = Awaited<ReturnType<typeof measureServer>>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function render(compute: ComputeFigures, http: ServerFigures, load: [string, string]): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const side = (s: CachedTurn["side"]) => http.turns.filter((turn) => turn.side === s);
  const apiRate = median(side("API").map((t) => t.requestsPerSecond));
  const floorRate = median(side("floor").map((t) => t.requestsPerSecond));
  const apiCpu = median(side("API").map((t) => t.cpuMsPerRequest));
  const floorCpu = median(side("floor").map((t) => t.cpuMsPerRequest));
  const ratio = apiRate / floorRate;
  return `## Results endpoint

Measured by \`apps/api/bench/results.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC
(\`pnpm bench results\` in apps/api; ${ROUNDS} rounds of ${SECONDS} s per side, ${CONNECTIONS} connections).

What is measured: a generated feed of ${PRODUCTS.toLocaleString("en")} products (13 attributes each, prices as
text such as \`"129.95 EUR"\`) and a selling floow of five questions with ${filteredChoices} filtered choices (equals,
ranges, OR groups of up to four values). Between ${compute.matches[0].toLocaleString("en")} and ${compute.matches[1].toLocaleString("en")} products match the five rotated
selections; the call returns the first ${compute.returned}.

### Through the production server

The API built and run as \`pnpm start\` runs it (every plugin on: rate limiter, CORS, helmet,
logging, compression), TRUST_PROXY=true, each request from one of ${ADDRESSES.toLocaleString("en")} client
addresses, on PGlite with the feed stored as an import stores it.

- **Cached answers** (the five selections in rotation, their answers kept): API **${Math.round(apiRate).toLocaleString("en")} req/s**
  (${apiCpu.toFixed(3)} ms of the server's CPU per request), floor ${Math.round(floorRate).toLocaleString("en")} req/s (${floorCpu.toFixed(3)} ms), a bare
  node:http process answering the same brotli bytes (\`bench/lib/bytes-floor.ts\`):
  **${ratio.toFixed(2)}×** the floor, goal ≥ ${GOAL_RATIO}×: **${ratio >= GOAL_RATIO ? "met" : "NOT met"}**.
- **Uncached answers** (every selection of one choice or none per question, ${http.uncached.count} of them, each once,
  one at a time, so each is computed; the index's filter bitmaps fill as they go): p50 ${ms(http.uncached.p50)},
  **p95 ${ms(http.uncached.p95)}**, max ${ms(http.uncached.max)}; goal p95 ≤ ${TARGET_P95_MS} ms: **${http.uncached.p95 <= TARGET_P95_MS ? "met" : "NOT met"}**.
  The feed's first call (its index loaded from the database and built): ${(http.indexMs / 1000).toFixed(1)} s.

| round | side | req/s | server CPU / request | p50 / p99 | errors | load average after |
|---:|---|---:|---:|---|---:|---|
${http.turns.map((t) => `| ${t.round} | ${t.side} | ${Math.round(t.requestsPerSecond).toLocaleString("en")} | ${t.cpuMsPerRequest.toFixed(3)} ms | ${t.p50} / ${t.p99} ms | ${t.errors} | ${t.load} |`).join("\n")}

Answer sizes (brotli): ${http.answerBytes.map((bytes) => bytes.toLocaleString("en")).join(", ")} B.

### The computation alone

The results service as the endpoint calls it, in this process (the live floow looked up at most
every 5 s; the feed's \`createResultsIndex\`, built once per feed load, keeping each distinct
filter's matches as a bitmap; the first ${RESULTS_LIMIT} products sanitized once each).
${ITERATIONS} calls after ${WARMUP} warm-up calls:

| Time per call | p50 | p95 | p99 | max |
|---|---:|---:|---:|---:|
| wall clock | ${ms(compute.p50)} | ${ms(compute.p95)} | ${ms(compute.p99)} | ${ms(compute.max)} |
| CPU (this process) | ${ms(compute.cpu.p50)} | ${ms(compute.cpu.p95)} | ${ms(compute.cpu.p99)} | ${ms(compute.cpu.max)} |

Building the index: ${ms(compute.buildMs)}. The slowest first call of a selection: ${ms(compute.firstCallMs)}. The plain
\`computeResults\` (every filter on every product each time): median ${ms(compute.plainMedian)} over ${PLAIN_ITERATIONS} calls.

Machine: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${sh("uname -sr")}; the load
generator and the server share its CPUs. Load average (1, 5, 15 min) before: ${load[0]}; at the end: ${load[1]}.
`;
}

async function main(): Promise<void> {
  prepareBuild();
  const loadBefore = loadAverage();
  const compute = await measureCompute();
  const dataDir = mkdtempSync(join(tmpdir(), "floow-results-bench-"));
  try {
    const data = await seedSellingFloow(async () => {
      const handle = await createDb({ dataDir });
      await migrateToLatest(handle.db);
      return handle;
    }, PRODUCTS);
    const http = await measureServer(data, dataDir);
    const report = render(compute, http, [loadBefore, loadAverage()]);
    if (FULL_SIZE) writeBenchmarkSection("## Results endpoint", report);
    else console.log(report);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
