/**
 * Experiment results (issue 23; goal: p95 ≤ 300 ms at 1,000,000 events and 50,000 orders), on
 * PGlite (on disk) and, when DATABASE_URL (or BENCH_DATABASE_URL) is set, on the PostgreSQL
 * server too.
 *
 * Data: the demo generator (scripts/demo-data.ts) writes BENCH_EVENTS events (default
 * 1,000,000) of 20 floows over 90 days through `storeEvents`. An experiment (two variants and a
 * 10 % holdout) is put on the busiest floow, and each of its sessions gets an arm (45/45/10 by a
 * hash of the session id, as the runtime's events would have carried it). Then BENCH_ORDERS
 * orders (default 50,000) are written straight into `conversion` for random started sessions of
 * the whole organization, with their session's arm (`variant_id`) as recordConversion finds it.
 * Call: `experiment.results` through tRPC's caller as a member (counts per arm, then the
 * statistics with 20,000 posterior draws), 20 times after 3 warm-up calls: p50 / p95 / max.
 *
 * Writes the "Experiment results" section of docs/benchmarks.md.
 * `pnpm bench experiment` in apps/api; `BENCH_EVENTS=100000 BENCH_ORDERS=5000` for a quick run
 * (which writes no section).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { loadAverage, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createDb } from "../src/db/client";
import type { DbHandle, DbKind } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { createServer } from "../src/server";
import { createTestDb } from "../test/db";
import { callerFor, createOrganization, createUser } from "../test/factories";
import { testEnv } from "../test/server";
import { generateDemoData } from "../scripts/demo-data";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const CALLS = 20;
const WARMUP = 3;
const TARGET_P95_MS = 300;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

async function openDb(kind: DbKind): Promise<{ database: DbHandle; cleanup: () => void }> {
  if (kind === "postgres") {
    process.env.DATABASE_URL = serverUrl;
    return { database: await createTestDb("postgres"), cleanup: () => undefined };
  }
  // On disk, as in production (`DATA_DIR`), not in memory.
  const dir = mkdtempSync(join(tmpdir(), "floow-bench-experiment-"));
  const database = await createDb({ dataDir: dir });
  await migrateToLatest(database.db);
  return { database, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

interface CallFigures {
  label: string;
  p50: number;
  p95: number;
  max: number;
}

async function measure(kind: DbKind) {
  const { database, cleanup } = await openDb(kind);
  const app = await createServer(testEnv(), { database });
  const db = database.db;
  try {
    const user = await createUser(app, "Bench Member");
    const organization = await createOrganization(app, user, "Bench shop");
    const now = Date.now();
    const seedStart = performance.now();
    const demo = await generateDemoData(db, {
      organizationId: organization.id,
      events: EVENTS,
      now: new Date(now),
      onProgress: (written) =>
        written % 100_000 < 2_000 &&
        process.stdout.write(`\r${kind}: ${written.toLocaleString("en")} events`),
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const busiest = demo.floowIds[0]!;
    const experimentId = randomUUID();
    const arms = { a: randomUUID(), b: randomUUID(), holdout: randomUUID() };
    await db
      .insertInto("experiment")
      .values({
        id: experimentId,
        organization_id: organization.id,
        floow_id: busiest,
        name: "Bench",
        state: "running",
        variants: JSON.stringify([
          { id: arms.a, version: 1, share: 45 },
          { id: arms.b, version: 1, share: 45 },
        ]),
        holdout_id: arms.holdout,
        holdout_share: 10,
        started_at: new Date(now - 90 * 86_400_000),
      })
      .execute();
    await sql`
      update "event_session" set "variant_id" = case
        when abs(hashtext("session_id")) % 100 < 45 then ${arms.a}
        when abs(hashtext("session_id")) % 100 < 90 then ${arms.b}
        else ${arms.holdout} end
      where "floow_id" = ${busiest}`.execute(db);
    const ordersStart = performance.now();
    await sql`
      insert into "conversion" ("id", "organization_id", "order_id", "source", "value", "currency", "items",
        "session_id", "floow_id", "floow_version", "variant_id", "influenced_value", "assisted_value", "occurred_at")
      select md5(s."session_id" || s."floow_id"), s."organization_id", 'bench-' || row_number() over (), 'api', s.v, 'EUR', '[]',
        s."session_id", s."floow_id", s."floow_version", s."variant_id", round(s.v * 0.6, 2), s.v - round(s.v * 0.6, 2),
        s."last_at" + interval '10 minutes'
      from (
        select *, round((20 + random() * 480)::numeric, 2) as v from "event_session"
        where "organization_id" = ${organization.id} and "starts" > 0
        order by random() limit ${ORDERS}
      ) s`.execute(db);
    const orders = Number(
      (
        await db
          .selectFrom("conversion")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const ordersSeconds = (performance.now() - ordersStart) / 1000;
    console.log(
      `\n${kind}: ${demo.events} events, ${demo.sessions} sessions in ${seedSeconds.toFixed(1)} s; ${orders} orders in ${ordersSeconds.toFixed(1)} s`,
    );
    if (kind === "postgres") await sql`analyze`.execute(db);

    const caller = callerFor(app, user);
    const calls: [string, () => Promise<unknown>][] = [
      ["experiment.results (busiest floow)", () => caller.experiment.results({ id: experimentId })],
    ];
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
    // What the results hold, to show the call read real sessions and orders.
    const results = await caller.experiment.results({ id: experimentId });
    const visitors = results.stats.arms.reduce((sum, arm) => sum + arm.visitors, 0);
    const experimentOrders = results.stats.arms.reduce((sum, arm) => sum + arm.orders, 0);
    return {
      kind,
      events: demo.events,
      sessions: demo.sessions,
      orders,
      visitors,
      experimentOrders,
      seedSeconds,
      figures,
      load: loadAverage(),
    };
  } finally {
    await app.close();
    await database.close();
    cleanup();
  }
}

type Run = Awaited<ReturnType<typeof measure>>;

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

function render(runs: Run[], loadBefore: string): string {
  const met = runs.every((run) => run.figures.every((f) => f.p95 <= TARGET_P95_MS));
  const head = `| call | ${runs.map((r) => (r.kind === "pglite" ? "PGlite (on disk)" : "PostgreSQL server")).join(" | ")} |`;
  const rule = `| --- | ${runs.map(() => "---").join(" | ")} |`;
  const rows = runs[0]!.figures.map(
    (figure, index) =>
      `| ${figure.label} | ${runs
        .map((run) => {
          const f = run.figures[index]!;
          return `${ms(f.p50)} / **${ms(f.p95)}** / ${ms(f.max)} ms`;
        })
        .join(" | ")} |`,
  );
  return `## Experiment results

Measured by \`apps/api/bench/experiment.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC
(\`pnpm bench experiment\` in apps/api${serverUrl ? " with DATABASE_URL set" : ""}).

Machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. **Shared machine**:
other engineers' tests and builds ran at the same time. Load average (1, 5, 15 min) before: ${loadBefore};
after each database: ${runs.map((r) => `${r.kind} ${r.load}`).join("; ")}.

### The results call (target p95 ≤ ${TARGET_P95_MS} ms): ${met ? "met" : "NOT met"}

Data: ${runs
    .map(
      (r) =>
        `${r.kind}: ${r.events.toLocaleString("en")} events in ${r.sessions.toLocaleString("en")} sessions (written in ${r.seedSeconds.toFixed(0)} s), ${r.orders.toLocaleString("en")} orders attributed to random started sessions (the experiment's arms: ${r.visitors.toLocaleString("en")} visitors, ${r.experimentOrders.toLocaleString("en")} orders)`,
    )
    .join(
      "; ",
    )}. Each call through tRPC's caller as a member, ${CALLS} times after ${WARMUP} warm-up
calls: p50 / **p95** / max: the counts per arm (\`countExperimentArms\`,
\`db/queries/experiment.ts\`) and the statistics (\`experimentStats\`, 20,000 posterior draws).

${head}
${rule}
${rows.join("\n")}
`;
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const all: DbKind[] = serverUrl ? ["pglite", "postgres"] : ["pglite"];
  const kinds = all.filter(
    (kind) => !process.env.BENCH_KINDS || process.env.BENCH_KINDS.split(",").includes(kind),
  );
  const runs: Run[] = [];
  for (const kind of kinds) runs.push(await measure(kind));
  const section = render(runs, loadBefore);
  console.log(section);
  // A quick run (fewer events or orders than the goal's) writes nothing.
  if (EVENTS >= 1_000_000 && ORDERS >= 50_000)
    writeBenchmarkSection("## Experiment results", section);
}

await main();
