/**
 * Experiment results (issue 23; goal: p95 ≤ 300 ms at 1,000,000 events and 50,000 orders),
 * through the production server beside its floor, on PGlite (on disk) and, when DATABASE_URL
 * (or BENCH_DATABASE_URL) is set, on the PostgreSQL server too.
 *
 * - Data: bench/lib/bench-data.ts (BENCH_EVENTS events; an experiment with two variants and a
 *   10 % holdout on the busiest floow, its sessions split 45/45/10; BENCH_ORDERS orders with
 *   their session's arm), in an organization a member signed up for through better-auth's HTTP
 *   endpoint.
 * - API: the production build as `pnpm start` runs it (bench/lib/production-server.ts), every
 *   plugin on, TRUST_PROXY=true and each request from another address (X-Forwarded-For);
 *   `GET /trpc/experiment.results` with the session cookie: the counts per arm
 *   (`countExperimentArms`, db/queries/experiment.ts) and the statistics (`experimentStats`,
 *   20,000 posterior draws).
 * - Floor: bench/lib/query-floor.ts, the same query and statistics in a plain node:http process
 *   on the same database.
 * - ROUNDS (default 3) rounds alternating API and floor, SAMPLES calls (default 20) after WARMUP
 *   (3); the median over the rounds of p50 and p95, and the ratio.
 *
 * Writes the "Experiment results" section of docs/benchmarks.md at the goal's size only.
 * `pnpm bench experiment` in apps/api; `BENCH_EVENTS=20000 BENCH_ORDERS=1000` for a check.
 */
import { cpus, totalmem } from "node:os";
import { loadAverage, writeBenchmarkSection } from "@floow/test-kit/bench";
import type { DbKind } from "../src/db/client";
import { measureBesideFloor, renderTable, signUpMember, summarize } from "./lib/api-beside-floor";
import {
  BENCH_EVENTS,
  BENCH_ORDERS,
  FULL_SIZE,
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
  const database = await createBenchDatabase(kind, "experiment");
  try {
    const first = await startProductionServer(database.dataDir, database.env);
    const member = await signUpMember(first.base, "Bench Member").finally(() => first.stop());
    const handle = await database.open();
    const data = await generateBenchData(handle.db, member.organizationId, { label: kind }).finally(
      () => handle.close(),
    );
    const loadBefore = loadAverage();
    const figures = await measureBesideFloor({
      database,
      organizationId: member.organizationId,
      cookie: member.cookie,
      calls: [
        {
          label: "experiment.results (busiest floow)",
          procedure: "experiment.results",
          input: { id: data.experiment.id },
        },
      ],
      rounds: ROUNDS,
      samples: SAMPLES,
      warmup: WARMUP,
      // What the answer holds, to show the call read the arms' sessions and orders.
      check: (body) => {
        const arms = (
          body as { result: { data: { stats: { arms: { visitors: number; orders: number }[] } } } }
        ).result.data.stats.arms;
        const visitors = arms.reduce((sum, arm) => sum + arm.visitors, 0);
        const orders = arms.reduce((sum, arm) => sum + arm.orders, 0);
        if (visitors === 0 || orders === 0)
          throw new Error("the results count no visitors or orders");
        return `${visitors.toLocaleString("en")} visitors, ${orders.toLocaleString("en")} orders in the arms`;
      },
    });
    return { kind, data, figures, rows: summarize(figures), load: [loadBefore, loadAverage()] };
  } finally {
    await database.drop();
  }
}

type Run = Awaited<ReturnType<typeof measure>>;

function render(runs: Run[]): string {
  const command = `cd apps/api && ${runs.some((r) => r.kind === "postgres") ? "DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres " : ""}pnpm bench experiment`;
  return `## Experiment results

Measured by \`apps/api/bench/experiment.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
\`${command}\` (ROUNDS=${ROUNDS}, SAMPLES=${SAMPLES}). Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "CPU"}),
${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.

${runs
  .map(
    (r) => `### ${r.kind === "pglite" ? "PGlite (on disk)" : "PostgreSQL server"}

${r.data.demo.events.toLocaleString("en")} events in ${r.data.demo.sessions.toLocaleString("en")} sessions, ${r.data.orders.toLocaleString("en")} orders;
the answer: ${r.figures[0]?.checked ?? ""}. Load average (1, 5, 15 min) before the rounds: ${r.load[0]}; after: ${r.load[1]}.

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
  if (FULL_SIZE) writeBenchmarkSection("## Experiment results", section);
  else
    console.log(
      `(a check at ${BENCH_EVENTS} events and ${BENCH_ORDERS} orders: docs/benchmarks.md is left as it is)`,
    );
}

await main();
