/**
 * Revenue in analytics (issue 23; goal: p95 ≤ 300 ms at 1,000,000 events and 50,000 orders),
 * through the production server beside its floor, on PGlite (on disk) and, when DATABASE_URL
 * (or BENCH_DATABASE_URL) is set, on the PostgreSQL server too.
 *
 * - Data: bench/lib/bench-data.ts (BENCH_EVENTS events, BENCH_ORDERS orders attributed to
 *   started sessions, an experiment), in an organization a member signed up for through
 *   better-auth's HTTP endpoint (`POST /api/auth/sign-up/email`, then `organization.create`).
 * - API: the production build as `pnpm start` runs it (bench/lib/production-server.ts), every
 *   plugin on (rate limiter, CORS, helmet, logging at warn, compression), TRUST_PROXY=true and
 *   each request from another address (X-Forwarded-For); the dashboard's tRPC GETs with the
 *   session cookie: the overview, one floow (with revenue by answer and orders after a click)
 *   and the CSV export, which read the orders. Answers compressed as a browser asks
 *   (`accept-encoding: br, gzip`), timed to the last byte.
 * - Floor: bench/lib/query-floor.ts, the same query functions in a plain node:http process on
 *   the same database, plain JSON.
 * - ROUNDS (default 3) rounds alternating API and floor, each call SAMPLES times (default 20)
 *   after WARMUP (3); the median over the rounds of p50 and p95, and the ratio.
 *
 * Writes the "Revenue in analytics" section of docs/benchmarks.md at the goal's size only.
 * `pnpm bench revenue` in apps/api; `BENCH_EVENTS=20000 BENCH_ORDERS=1000` for a check.
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

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SAMPLES = Number(process.env.SAMPLES ?? 20);
const WARMUP = 3;
const GOAL_MS = 300;

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
    // The CSV read the orders: lines whose order columns name a bench order.
    const csvCheck = (body: unknown) => {
      const { csv } = (body as { result: { data: { csv: string } } }).result.data;
      const lines = csv.split("\r\n").length - 2;
      const withOrders = csv.split("\r\n").filter((line) => line.includes(",bench-")).length;
      if (withOrders === 0) throw new Error("the CSV shows no orders");
      return `${lines.toLocaleString("en")} sessions, ${withOrders.toLocaleString("en")} with orders`;
    };
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
      {
        label: "exportCsv (busiest), 30 days",
        procedure: "analytics.exportCsv",
        input: { id: busiest, from: back(30), to: today },
        check: csvCheck,
      },
      {
        label: "exportCsv (busiest), 90 days",
        procedure: "analytics.exportCsv",
        input: { id: busiest, from: back(90), to: today },
        check: csvCheck,
      },
    ];
    const loadBefore = loadAverage();
    const figures = await measureBesideFloor({
      database,
      organizationId: member.organizationId,
      cookie: member.cookie,
      calls,
      rounds: ROUNDS,
      samples: SAMPLES,
      warmup: WARMUP,
    });
    return { kind, data, rows: summarize(figures), load: [loadBefore, loadAverage()] };
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

${renderTable(r.rows, GOAL_MS)}
`,
  )
  .join("\n")}`;
}

async function main(): Promise<void> {
  prepareBuild();
  const runs: Run[] = [];
  for (const kind of benchKinds()) runs.push(await measure(kind));
  const section = render(runs);
  console.log(section);
  if (FULL_SIZE) writeBenchmarkSection("## Revenue in analytics", section);
  else
    console.log(
      `(a check at ${BENCH_EVENTS} events and ${BENCH_ORDERS} orders: docs/benchmarks.md is left as it is)`,
    );
}

await main();
