/**
 * Revenue in analytics (issue 23; goal: p95 ≤ 300 ms at 1,000,000 events and 50,000 orders),
 * through the production server beside its floor, on PGlite (on disk) and, when DATABASE_URL
 * (or BENCH_DATABASE_URL) is set, on the PostgreSQL server too.
 *
 * - Data: bench/lib/bench-data.ts (BENCH_EVENTS events, BENCH_ORDERS orders attributed to
 *   started sessions, an experiment), in an organization a member signed up for through
 *   better-auth's HTTP endpoint (`POST /api/auth/sign-up/email`, then `organization.create`).
 * - API: the production build as `pnpm start` runs it (bench/lib/production-server.ts), every
 *   plugin on (rate limiter, CORS, helmet, request logging at info, compression), TRUST_PROXY=true and
 *   each request from another address (X-Forwarded-For); the dashboard's tRPC GETs with the
 *   session cookie: the overview and one floow (with revenue by answer and orders after a
 *   click), which read the orders. Answers compressed as a browser asks
 *   (`accept-encoding: br, gzip`), timed to the last byte.
 * - The CSV export (issue 22: first byte ≤ 300 ms and flat memory, or the whole file ≤ 300 ms):
 *   `GET /api/analytics/sessions.csv` of the busiest floow, 30 and 90 days, streamed, timed to
 *   the first byte of the body and to the last, and the server's RSS sampled during the
 *   downloads (its peak growth over the RSS before them, garbage not yet collected included:
 *   flat means it does not grow with the file, the same order for 30 and 90 days).
 * - Floor: bench/lib/query-floor.ts, the same query functions in a plain node:http process on
 *   the same database, plain JSON; for the CSV, the same pages streamed by node:http, and the
 *   export as it was before it streamed (one statement, the whole file in one string).
 * - ROUNDS (default 3) rounds alternating API and floor, each call SAMPLES times (default 20)
 *   after WARMUP (3); the median over the rounds of p50 and p95, and the ratio.
 *
 * Writes the "Revenue in analytics" section of docs/benchmarks.md at the goal's size only, or
 * to the file BENCH_REPORT names (checking runs). `REVENUE_CALLS=csv` measures the CSV export
 * alone (`trpc`: the tRPC calls alone). `pnpm bench revenue` in apps/api;
 * `BENCH_EVENTS=20000 BENCH_ORDERS=1000` for a check of the bench itself.
 */
import { cpus, totalmem } from "node:os";
import { loadAverage, writeBenchmarkSection } from "@floow/test-kit/bench";
import type { DbKind } from "../src/db/client";
import { measureBesideFloor, renderTable, signUpMember, summarize } from "./lib/api-beside-floor";
import type { BenchCall } from "./lib/api-beside-floor";
import {
  BENCH_EVENTS,
  BENCH_ORDERS,
  FULL_SIZE,
  benchDays,
  benchKinds,
  createBenchDatabase,
  generateBenchData,
} from "./lib/bench-data";
import { prepareBuild, startProductionServer } from "./lib/production-server";
import { startFloorProcess } from "./lib/floor-process";
import { startRssMeter } from "./lib/process-meters";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SAMPLES = Number(process.env.SAMPLES ?? 20);
const WARMUP = 3;
const GOAL_MS = 300;
const REPORT = process.env.BENCH_REPORT;
const CALLS = process.env.REVENUE_CALLS ?? "all";

/** One CSV download of the busiest floow's period. */
interface CsvCall {
  label: string;
  id: string;
  from: string;
  to: string;
}

interface CsvFigures {
  label: string;
  side: "API" | "floor: pages" | "floor: one statement";
  round: number;
  firstByteP50: number;
  firstByteP95: number;
  totalP50: number;
  totalP95: number;
  /** The file's bytes (as decoded) and what the check read in it. */
  bytes: number;
  checked: string;
  /** The server's peak RSS growth over the downloads (MB; API only). */
  rssGrowthMb?: number;
}

let csvAddress = 0;

/** One download: milliseconds to the first byte of the body and to its end, and the text. */
async function downloadOne(url: string, cookie?: string) {
  csvAddress = (csvAddress + 1) % 50_000;
  const start = performance.now();
  const response = await fetch(url, {
    headers: {
      "accept-encoding": "br, gzip",
      "x-forwarded-for": `198.19.${csvAddress >> 8}.${csvAddress & 255}`,
      ...(cookie ? { cookie } : {}),
    },
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const reader = response.body.getReader();
  let firstByte: number | undefined;
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByte ??= performance.now() - start;
    chunks.push(value);
  }
  const total = performance.now() - start;
  const body = Buffer.concat(chunks).toString("utf8");
  // The one-statement floor answers JSON, as the tRPC procedure did.
  const text = response.headers.get("content-type")?.startsWith("application/json")
    ? (JSON.parse(body) as { result: { data: { csv: string } } }).result.data.csv
    : body;
  return { firstByte: firstByte ?? total, total, text };
}

/** The file holds sessions and their orders (lines whose order columns name a bench order). */
function csvCheck(text: string): string {
  const lines = text.split("\r\n");
  const withOrders = lines.filter((line) => line.includes(",bench-")).length;
  if (withOrders === 0) throw new Error("the CSV shows no orders");
  return `${(lines.length - 2).toLocaleString("en")} sessions, ${withOrders.toLocaleString("en")} with orders`;
}

async function timeDownloads(
  side: CsvFigures["side"],
  round: number,
  call: CsvCall,
  url: string,
  cookie: string | undefined,
  pid: number | undefined,
): Promise<CsvFigures> {
  for (let i = 0; i < WARMUP; i++) await downloadOne(url, cookie);
  const meter = pid !== undefined ? startRssMeter(pid) : undefined;
  const firstBytes: number[] = [];
  const totals: number[] = [];
  let text = "";
  for (let i = 0; i < SAMPLES; i++) {
    const one = await downloadOne(url, cookie);
    firstBytes.push(one.firstByte);
    totals.push(one.total);
    text = one.text;
  }
  const rssGrowthMb = meter?.stop();
  firstBytes.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  const q = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  const figures: CsvFigures = {
    label: call.label,
    side,
    round,
    firstByteP50: q(firstBytes, 0.5),
    firstByteP95: q(firstBytes, 0.95),
    totalP50: q(totals, 0.5),
    totalP95: q(totals, 0.95),
    bytes: Buffer.byteLength(text),
    checked: csvCheck(text),
    ...(rssGrowthMb !== undefined && { rssGrowthMb }),
  };
  console.log(
    `round ${round} ${side.padEnd(20)} ${call.label}: first byte p95 ${figures.firstByteP95.toFixed(1)} ms, total p50 ${figures.totalP50.toFixed(0)} / p95 ${figures.totalP95.toFixed(0)} ms, ${figures.bytes.toLocaleString("en")} B; ${figures.checked}${rssGrowthMb !== undefined ? `; RSS +${rssGrowthMb.toFixed(1)} MB` : ""}`,
  );
  return figures;
}

/**
 * ROUNDS rounds of: the API (the production server, started for its turn) streaming each
 * call's file, then the floor process: the same pages streamed, and the one-statement export.
 */
async function measureCsvExport(
  database: Awaited<ReturnType<typeof createBenchDatabase>>,
  member: { cookie: string; organizationId: string },
  calls: CsvCall[],
): Promise<CsvFigures[]> {
  const figures: CsvFigures[] = [];
  const query = (call: CsvCall) =>
    new URLSearchParams({ id: call.id, from: call.from, to: call.to }).toString();
  for (let round = 1; round <= ROUNDS; round++) {
    const server = await startProductionServer(database.dataDir, {
      ...database.env,
      TRUST_PROXY: "true",
    });
    try {
      for (const call of calls)
        figures.push(
          await timeDownloads(
            "API",
            round,
            call,
            `${server.base}/api/analytics/sessions.csv?${query(call)}`,
            member.cookie,
            server.child.pid,
          ),
        );
    } finally {
      await server.stop();
    }
    const floor = await startFloorProcess("query-floor.ts", {
      ...(database.databaseUrl
        ? { DATABASE_URL: database.databaseUrl }
        : { DATA_DIR: database.dataDir }),
      ORGANIZATION_ID: member.organizationId,
    });
    try {
      for (const call of calls) {
        figures.push(
          await timeDownloads(
            "floor: pages",
            round,
            call,
            `${floor.base}/sessions.csv?${query(call)}`,
            undefined,
            undefined,
          ),
        );
        const input = encodeURIComponent(
          JSON.stringify({ id: call.id, from: call.from, to: call.to }),
        );
        const oneStatement = await timeDownloads(
          "floor: one statement",
          round,
          call,
          `${floor.base}/csvOneStatement?input=${input}`,
          undefined,
          undefined,
        );
        figures.push(oneStatement);
      }
    } finally {
      await floor.stop();
    }
  }
  return figures;
}

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Per call, the median over the rounds of each side's figures. */
function summarizeCsv(figures: CsvFigures[]) {
  return [...new Set(figures.map((f) => f.label))].map((label) => {
    const of = (side: CsvFigures["side"]) =>
      figures.filter((f) => f.label === label && f.side === side);
    const med = (side: CsvFigures["side"], key: "firstByteP95" | "totalP50" | "totalP95") =>
      medianOf(of(side).map((f) => f[key]));
    const api = of("API");
    return {
      label,
      checked: api[0]?.checked ?? "",
      bytes: api[0]?.bytes ?? 0,
      apiFirstByteP95: med("API", "firstByteP95"),
      apiFirstByteRounds: api.map((f) => f.firstByteP95),
      apiTotalP50: med("API", "totalP50"),
      apiTotalP95: med("API", "totalP95"),
      pagesFirstByteP95: med("floor: pages", "firstByteP95"),
      pagesTotalP95: med("floor: pages", "totalP95"),
      oneStatementP95: med("floor: one statement", "totalP95"),
      rssGrowthMb: medianOf(api.map((f) => f.rssGrowthMb ?? 0)),
      rssRounds: api.map((f) => f.rssGrowthMb ?? 0),
    };
  });
}

/** The CSV export's table: the API's first byte (the goal) and whole file, beside the floors. */
function renderCsvTable(rows: ReturnType<typeof summarizeCsv>): string {
  const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
  return [
    `| call | API first byte **p95** (rounds) | API whole file p50 / p95 | floor, the same pages: first byte / whole file p95 | floor, one statement (before): p95 | API / pages floor, whole file | server RSS growth during the downloads (rounds) | goal first byte ≤ ${GOAL_MS} ms |`,
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.label} (${r.checked}, ${(r.bytes / 1e6).toFixed(1)} MB) | **${ms(r.apiFirstByteP95)}** ms (${r.apiFirstByteRounds.map(ms).join(", ")}) | ${ms(r.apiTotalP50)} / ${ms(r.apiTotalP95)} ms | ${ms(r.pagesFirstByteP95)} / ${ms(r.pagesTotalP95)} ms | ${ms(r.oneStatementP95)} ms | ${(r.pagesTotalP95 > 0 ? r.apiTotalP95 / r.pagesTotalP95 : 0).toFixed(2)} | ${r.rssGrowthMb.toFixed(1)} MB (${r.rssRounds.map((v) => v.toFixed(1)).join(", ")}) | ${r.apiFirstByteP95 <= GOAL_MS ? "met" : "NOT met"} |`,
    ),
  ].join("\n");
}

async function measure(kind: DbKind) {
  const database = await createBenchDatabase(kind, "revenue");
  try {
    const first = await startProductionServer(database.dataDir, database.env);
    const member = await signUpMember(first.base, "Bench Member").finally(() => first.stop());
    const handle = await database.open();
    const data = await generateBenchData(handle.db, member.organizationId, { label: kind }).finally(
      () => handle.close(),
    );
    const { today, back } = benchDays(data.now);
    const busiest = data.demo.floowIds[0]!;
    const calls: BenchCall[] = [
      {
        label: "overview, 30 days",
        procedure: "analytics.overview",
        input: { from: back(30), to: today },
      },
      {
        label: "overview, 90 days",
        procedure: "analytics.overview",
        input: { from: back(90), to: today },
      },
      {
        label: "floow (busiest), 30 days",
        procedure: "analytics.floow",
        input: { id: busiest, from: back(30), to: today },
      },
      {
        label: "floow (busiest), 90 days",
        procedure: "analytics.floow",
        input: { id: busiest, from: back(90), to: today },
      },
    ];
    const loadBefore = loadAverage();
    const figures =
      CALLS === "csv"
        ? []
        : await measureBesideFloor({
            database,
            organizationId: member.organizationId,
            cookie: member.cookie,
            calls,
            rounds: ROUNDS,
            samples: SAMPLES,
            warmup: WARMUP,
          });
    const csv =
      CALLS === "trpc"
        ? []
        : await measureCsvExport(database, member, [
            { label: "CSV export (busiest), 30 days", from: back(30), to: today, id: busiest },
            { label: "CSV export (busiest), 90 days", from: back(90), to: today, id: busiest },
          ]);
    return {
      kind,
      data,
      rows: summarize(figures),
      csv: summarizeCsv(csv),
      load: [loadBefore, loadAverage()],
    };
  } finally {
    await database.drop();
  }
}

type Run = Awaited<ReturnType<typeof measure>>;

function render(runs: Run[]): string {
  const command = `cd apps/api && ${runs.some((r) => r.kind === "postgres") ? "DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres " : ""}pnpm bench revenue`;
  return `## Revenue in analytics

Measured by \`apps/api/bench/revenue.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
\`${command}\` (ROUNDS=${ROUNDS}, SAMPLES=${SAMPLES}). Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "CPU"}),
${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.

${runs
  .map(
    (r) => `### ${r.kind === "pglite" ? "PGlite (on disk)" : "PostgreSQL server"}

${r.data.demo.events.toLocaleString("en")} events in ${r.data.demo.sessions.toLocaleString("en")} sessions, ${r.data.orders.toLocaleString("en")} orders.
Load average (1, 5, 15 min) before the rounds: ${r.load[0]}; after: ${r.load[1]}.

${r.rows.length > 0 ? `${renderTable(r.rows, GOAL_MS)}\n` : ""}${r.csv.length > 0 ? `\nThe CSV export, streamed (\`GET /api/analytics/sessions.csv\`):\n\n${renderCsvTable(r.csv)}\n` : ""}`,
  )
  .join("\n")}`;
}

async function main(): Promise<void> {
  prepareBuild();
  const runs: Run[] = [];
  for (const kind of benchKinds()) runs.push(await measure(kind));
  const section = render(runs);
  console.log(section);
  if (REPORT) writeBenchmarkSection("## Revenue in analytics", section, REPORT);
  else if (FULL_SIZE && CALLS === "all") writeBenchmarkSection("## Revenue in analytics", section);
  else
    console.log(
      `(a check: ${BENCH_EVENTS} events, ${BENCH_ORDERS} orders, calls ${CALLS}: docs/benchmarks.md is left as it is)`,
    );
}

await main();
