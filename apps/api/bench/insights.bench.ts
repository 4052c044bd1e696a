/**
 * Editor insights benchmark (issues 12 and 22), through the production server beside its floor,
 * on PGlite (on disk) and, when DATABASE_URL (or BENCH_DATABASE_URL) is set, on the PostgreSQL
 * server too. A generated feed of INSIGHTS_PRODUCTS products (default 100,000: the results
 * benchmark's catalog, its `in_stock` given as `availability`, so the in-stock figures are
 * computed too), stored as an import stores it, in an organization a member signed up for
 * through better-auth's HTTP endpoint.
 *
 * 1. Live match counts: `POST /trpc/insight.matchCounts` with the editor's input (the floow's
 *    steps, filter groups and filters) for the results benchmark's floow of five questions,
 *    CALLS calls each: with the filters as saved (the merchant looks), and with one new price
 *    value per call (the merchant types: that filter is evaluated over the whole feed).
 *    Goal: p95 ≤ 50 ms.
 * 2. The dead-end check as the merchant meets it: a save (`POST /trpc/floow.update` of a floow
 *    of 6 steps × 5 single choices, 15,625 paths, every choice one filter), then
 *    `GET /trpc/insight.deadEnds` every POLL_MS until it says the report is current: the time
 *    from the save to that answer. The check runs in the server's job worker. CHECKS saves per
 *    round; the first after the server started, so the feed's index is loaded and built first
 *    (as after a feed refresh), the others on the kept index. Goal: ≤ 2 s.
 *
 * The API: the production build as `pnpm start` runs it (bench/lib/production-server.ts), every
 * plugin on, TRUST_PROXY=true and each request from another address (X-Forwarded-For), the
 * member's session cookie. The floor (bench/lib/insights-floor.ts): the insights service's own
 * functions in a plain node:http process on the same database, the save and the check in one
 * request. ROUNDS rounds (default 3), the API then the floor, each started for its turn (PGlite:
 * one process per data folder); each figure the median over the rounds, beside the floor's.
 *
 * Writes the "Editor insights" section of docs/benchmarks.md at full size only (100,000
 * products, at least 3 rounds and 100 calls); a check:
 * `INSIGHTS_PRODUCTS=20000 ROUNDS=1 CALLS=20 pnpm bench insights`.
 */
import { cpus, totalmem } from "node:os";
import { createChoice, createFilter, createFilterGroup, createStep } from "@floow/domain/floow";
import type { Filter, FilterGroup } from "@floow/domain/filter";
import type { Floow, Step } from "@floow/domain/floow";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import type { DbKind } from "../src/db/client";
import { findFloow } from "../src/db/queries/floow";
import { seedFloow } from "../test/floows";
import { nextClientAddress, signUpMember } from "./lib/api-beside-floor";
import { benchKinds, createBenchDatabase } from "./lib/bench-data";
import type { BenchDatabase } from "./lib/bench-data";
import { makeFloow } from "./lib/catalog";
import { startFloorProcess } from "./lib/floor-process";
import { processCpuMs, startHealthProber } from "./lib/process-meters";
import { prepareBuild, startProductionServer } from "./lib/production-server";
import { seedSellingFloow } from "./lib/selling-data";

const PRODUCTS = Number(process.env.INSIGHTS_PRODUCTS ?? 100_000);
/** A run at the goals' size, whose figures go into docs/benchmarks.md (a check's do not). */
const FULL_SIZE = PRODUCTS >= 100_000;
const CALLS = Number(process.env.CALLS ?? 100);
const WARMUP = 10;
const CHECKS = Number(process.env.CHECKS ?? 6);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const POLL_MS = Number(process.env.POLL_MS ?? 50);
const GOAL_COUNTS_MS = 50;
const GOAL_DEAD_ENDS_MS = 2_000;

/** Six questions of five choices, each choice one filter on the catalog's attributes. */
function sixByFive() {
  const filterGroups: FilterGroup[] = [];
  const filters: Filter[] = [];
  const question = (rules: [string, Filter["operator"], string][]): Step => {
    const step = createStep();
    step.choices = rules.map(([field, operator, value]) => {
      const choice = createChoice({ stepId: step.id, text: `<p>${field} ${value}</p>` });
      const group = createFilterGroup({ choiceId: choice.id });
      filterGroups.push(group);
      filters.push(createFilter({ filterGroupId: group.id, field, operator, value }));
      return choice;
    });
    return step;
  };
  const steps = [
    question(
      ["shirts", "trousers", "jackets", "shoes", "accessories"].map((v) => [
        "category",
        "equals",
        v,
      ]),
    ),
    question(["red", "blue", "green", "black", "white"].map((v) => ["color", "equals", v])),
    question(["XS", "S", "M", "L", "XL"].map((v) => ["size", "equals", v])),
    question(
      ["cotton", "wool", "linen", "polyester", "leather"].map((v) => ["material", "equals", v]),
    ),
    question(["40", "80", "120", "200", "300"].map((v) => ["price", "lessThan", v])),
    question(["1", "2", "3", "4", "5"].map((v) => ["rating", "greaterThanOrEquals", v])),
  ];
  return { steps, filterGroups, filters };
}

/** One side of a round: the API through HTTP as the dashboard calls it, or the floor. */
interface Side {
  name: "API" | "floor";
  pid: number;
  /** The API's /healthz, asked every 10 ms while the checks run: how long the server stalls. */
  healthUrl?: string;
  /** Match counts for the floow as the editor has it. */
  matchCounts(floow: Floow): Promise<unknown>;
  /** Saves the floow and waits until its dead-end report is current: the report's dead ends. */
  saveAndCheck(floow: Floow & { version: number }): Promise<{ version: number; deadEnds: number }>;
}

async function json(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

function apiSide(base: string, cookie: string, pid: number): Side {
  const headers = () => ({
    "content-type": "application/json",
    "accept-encoding": "br, gzip",
    origin: base,
    cookie,
    "x-forwarded-for": nextClientAddress(),
  });
  const data = async (response: Promise<Response>, procedure: string) =>
    ((await json(await response, procedure)) as { result: { data: unknown } }).result.data;
  const mutation = (procedure: string, input: unknown) =>
    data(
      fetch(`${base}/trpc/${procedure}`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify(input),
      }),
      procedure,
    );
  const query = (procedure: string, input: unknown) =>
    data(
      fetch(`${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        headers: headers(),
      }),
      procedure,
    );
  return {
    name: "API",
    pid,
    healthUrl: `${base}/healthz`,
    matchCounts: (floow) =>
      mutation("insight.matchCounts", {
        id: floow.id,
        feedId: floow.feedId,
        steps: floow.steps.map((step) => ({
          id: step.id,
          choices: step.choices.map((choice) => ({ id: choice.id })),
        })),
        filterGroups: floow.filterGroups,
        filters: floow.filters,
      }),
    async saveAndCheck(floow) {
      const saved = (await mutation("floow.update", floow)) as { version: number };
      for (;;) {
        const answer = (await query("insight.deadEnds", { id: floow.id })) as {
          report: { count: number };
          current: boolean;
        } | null;
        if (answer?.current) return { version: saved.version, deadEnds: answer.report.count };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}

function floorSide(base: string, pid: number): Side {
  const post = async (path: string, body: unknown) =>
    json(
      await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      path,
    );
  return {
    name: "floor",
    pid,
    matchCounts: (floow) => post("/match-counts", floow),
    async saveAndCheck(floow) {
      const answer = (await post("/save-check", floow)) as { report: { count: number } };
      return { version: floow.version + 1, deadEnds: answer.report.count };
    },
  };
}

interface RoundFigures {
  side: Side["name"];
  round: number;
  /** Save to a current report: the first after start (the index built), then the others. */
  firstCheckMs: number;
  laterChecksMs: number[];
  deadEnds: number;
  /** Match counts, per call: wall times, and the server's CPU per call. */
  known: number[];
  typing: number[];
  knownCpuMs: number;
  typingCpuMs: number;
  /** The slowest /healthz answer during the first check, and during the others (API only). */
  firstCheckHealthMaxMs?: number;
  laterChecksHealthMaxMs?: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};
const median = (values: number[]) => quantile(values, 0.5);

async function timeSide(
  side: Side,
  round: number,
  counted: Floow,
  checked: Floow & { version: number },
): Promise<RoundFigures> {
  const checks: number[] = [];
  let deadEnds = 0;
  let version = checked.version;
  const healthMax: number[] = [];
  const check = async () => {
    const start = performance.now();
    const result = await side.saveAndCheck({ ...checked, version });
    checks.push(performance.now() - start);
    version = result.version;
    deadEnds = result.deadEnds;
  };
  // The first check, then the others, each group under its own /healthz prober.
  for (const count of [1, CHECKS - 1]) {
    const prober = side.healthUrl ? await startHealthProber(side.healthUrl) : undefined;
    for (let i = 0; i < count; i++) await check();
    if (prober) healthMax.push((await prober.stop()).max);
  }
  for (let i = 0; i < WARMUP; i++) await side.matchCounts(counted);
  const timeCalls = async (floowOf: (i: number) => Floow) => {
    const walls: number[] = [];
    const cpuBefore = processCpuMs(side.pid) ?? 0;
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await side.matchCounts(floowOf(i));
      walls.push(performance.now() - start);
    }
    return { walls, cpuMs: ((processCpuMs(side.pid) ?? 0) - cpuBefore) / CALLS };
  };
  const known = await timeCalls(() => counted);
  const priceFilter = counted.filters.find((f) => f.field === "price" && f.operator === "lessThan");
  // A new value each call, as while typing it: one filter nobody asked for before.
  const typing = await timeCalls((i) => ({
    ...counted,
    filters: counted.filters.map((f) =>
      f === priceFilter ? { ...f, value: String(20 + round * 0.11 + i * 0.37) } : f,
    ),
  }));
  console.log(
    `round ${round} ${side.name.padEnd(5)}: checks ${checks.map((ms) => ms.toFixed(0)).join(", ")} ms (${deadEnds} dead ends${healthMax.length ? `; /healthz max ${healthMax.map((ms) => ms.toFixed(0)).join(", ")} ms` : ""}); counts p95 ${quantile(known.walls, 0.95).toFixed(1)} ms (${known.cpuMs.toFixed(2)} ms CPU), typing p95 ${quantile(typing.walls, 0.95).toFixed(1)} ms (${typing.cpuMs.toFixed(2)} ms CPU)`,
  );
  return {
    side: side.name,
    round,
    firstCheckMs: checks[0] ?? 0,
    laterChecksMs: checks.slice(1),
    deadEnds,
    known: known.walls,
    typing: typing.walls,
    knownCpuMs: known.cpuMs,
    typingCpuMs: typing.cpuMs,
    firstCheckHealthMaxMs: healthMax[0],
    laterChecksHealthMaxMs: healthMax[1],
  };
}

interface KindResult {
  kind: DbKind;
  figures: RoundFigures[];
  paths: number;
}

async function measureKind(kind: DbKind): Promise<KindResult> {
  const database: BenchDatabase = await createBenchDatabase(kind, "insights");
  try {
    const first = await startProductionServer(database.dataDir, database.env);
    const member = await signUpMember(first.base, "Bench Member").finally(() => first.stop());
    const seeded = await seedSellingFloow(database.open, PRODUCTS, {
      organizationId: member.organizationId,
      // The catalog's `in_stock` as a feed's `availability`, so the in-stock figures are measured too.
      mapProducts: (products) =>
        products.map((p) => ({
          ...p,
          availability: p.in_stock === "yes" ? "in stock" : "out of stock",
        })),
    });
    const handle = await database.open();
    let counted: Floow;
    let checked: Floow & { version: number };
    try {
      counted = (await findFloow(handle.db, seeded.orgId, seeded.floowId))!;
      checked = await seedFloow(handle.db, seeded.orgId, seeded.domainId, "selling", {
        name: "Six by five",
        feedId: seeded.feedId,
        ...sixByFive(),
      });
    } finally {
      await handle.close();
    }
    const figures: RoundFigures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await startProductionServer(database.dataDir, {
        ...database.env,
        TRUST_PROXY: "true",
      });
      try {
        figures.push(
          await timeSide(
            apiSide(server.base, member.cookie, server.child.pid!),
            round,
            counted,
            checked,
          ),
        );
        checked = { ...checked, version: checked.version + CHECKS };
      } finally {
        await server.stop();
      }
      const floor = await startFloorProcess("insights-floor.ts", {
        ...(database.databaseUrl
          ? { DATABASE_URL: database.databaseUrl }
          : { DATA_DIR: database.dataDir }),
        ORGANIZATION_ID: seeded.orgId,
      });
      try {
        figures.push(await timeSide(floorSide(floor.base, floor.pid), round, counted, checked));
        checked = { ...checked, version: checked.version + CHECKS };
      } finally {
        await floor.stop();
      }
    }
    return { kind, figures, paths: 5 ** 6 };
  } finally {
    await database.drop();
  }
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

function renderKind(result: KindResult): string {
  const of = (side: Side["name"]) => result.figures.filter((f) => f.side === side);
  const api = of("API");
  const floor = of("floor");
  const rounds = (side: RoundFigures[], pick: (f: RoundFigures) => number) =>
    side.map(pick).map(ms).join(", ");
  const row = (label: string, pick: (f: RoundFigures) => number, goal: number) => {
    const a = median(api.map(pick));
    const f = median(floor.map(pick));
    return `| ${label} | **${ms(a)}** ms (${rounds(api, pick)}) | ${ms(f)} ms (${rounds(floor, pick)}) | ${(a / f).toFixed(2)} | ${a <= goal ? "met" : "NOT met"} |`;
  };
  const cpuRow = (label: string, pick: (f: RoundFigures) => number) => {
    const a = median(api.map(pick));
    const f = median(floor.map(pick));
    return `| ${label} | ${a.toFixed(1)} ms | ${f.toFixed(1)} ms | ${(a / f).toFixed(2)} |`;
  };
  return `### ${result.kind === "pglite" ? "PGlite (on disk)" : "PostgreSQL server"}

| per call (median of the rounds; each round's in brackets) | API | floor | API / floor | goal |
|---|---|---|---|---|
${row("match counts, filters as saved: p95", (f) => quantile(f.known, 0.95), GOAL_COUNTS_MS)}
${row("match counts, one new filter value per call: p95", (f) => quantile(f.typing, 0.95), GOAL_COUNTS_MS)}
${row("save → dead-end report current, first after start (index loaded and built)", (f) => f.firstCheckMs, GOAL_DEAD_ENDS_MS)}
${row("save → dead-end report current, index kept: median", (f) => median(f.laterChecksMs), GOAL_DEAD_ENDS_MS)}
${row("save → dead-end report current, index kept: max", (f) => Math.max(...f.laterChecksMs), GOAL_DEAD_ENDS_MS)}

| the server's CPU per match-count call (a mean; the clock ticks every 10 ms) | API | floor | API / floor |
|---|---|---|---|
${cpuRow("filters as saved", (f) => f.knownCpuMs)}
${cpuRow("one new filter value per call", (f) => f.typingCpuMs)}

The API's \`/healthz\` (asked every 10 ms meanwhile), slowest answer: during the first check ${ms(median(api.map((f) => f.firstCheckHealthMaxMs ?? 0)))} ms (${rounds(api, (f) => f.firstCheckHealthMaxMs ?? 0)}), during the others ${ms(median(api.map((f) => f.laterChecksHealthMaxMs ?? 0)))} ms (${rounds(api, (f) => f.laterChecksHealthMaxMs ?? 0)}).

Dead ends found: ${[...new Set(result.figures.map((f) => f.deadEnds))].join(", ")} (API and floor alike) of ${result.paths.toLocaleString("en")} paths.
`;
}

async function main(): Promise<void> {
  prepareBuild();
  const loadBefore = loadAverage();
  const results: KindResult[] = [];
  for (const kind of benchKinds()) results.push(await measureKind(kind));
  const loadAfter = loadAverage();
  const { floow } = makeFloow();
  const section = `## Editor insights (match counts, dead ends)

Measured by \`apps/api/bench/insights.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: \`pnpm bench insights\` in apps/api
(with \`DATABASE_URL\` set for the PostgreSQL server too). A generated feed of ${PRODUCTS.toLocaleString("en")} products (the
results benchmark's catalog, its \`in_stock\` given as \`availability\`, so the in-stock figures are
computed too), stored as an import stores it, in an organization a member signed up for.

- **API:** the production build as \`pnpm start\` runs it, every plugin on, each request from
  another client address, the member's session cookie: \`POST /trpc/insight.matchCounts\` with the
  editor's input for the results benchmark's floow (five questions, ${floow.steps.reduce((n, s) => n + s.choices.length, 0)} choices), ${CALLS} calls
  after ${WARMUP} to warm up, with the filters as saved and with one new price value per call (as
  while the merchant types it: that filter is evaluated over the whole feed); and a save of a
  floow of 6 steps × 5 single choices, every choice one filter (\`POST /trpc/floow.update\`), then
  \`GET /trpc/insight.deadEnds\` every ${POLL_MS} ms until it says its report is current: the time
  from the save to that answer, the check running in the server's job worker. ${CHECKS} saves a
  round, the first right after the server started.
- **Floor:** the insights service's own functions (the floow and feed read as the procedure reads
  them, the feed's index loaded and kept the same way) in a plain node:http process on the same
  database, no framework, session, validation, job queue, rate limiter, logging or compression;
  the save and the check in one request.
- ${ROUNDS} rounds, the API then the floor, each started for its turn; each figure is the median
  over the rounds. Goals: match counts p95 ≤ ${GOAL_COUNTS_MS} ms, the report ≤ ${GOAL_DEAD_ENDS_MS.toLocaleString("en")} ms after a save.

${results.map(renderKind).join("\n")}
Machine: ${sh("nproc")} CPUs (${cpus()[0]?.model ?? "unknown"}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}.
Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}.
`;
  console.log(section);
  if (FULL_SIZE && ROUNDS >= 3 && CALLS >= 100)
    writeBenchmarkSection("## Editor insights", section);
  else
    console.log(
      "(a check: docs/benchmarks.md is written at 100,000 products, 3 rounds, 100 calls)",
    );
}

await main();
