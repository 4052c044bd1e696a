/**
 * Conversions ingested per second through `POST /api/v1/conversions` on the PostgreSQL server
 * (issue 23; goal ≥ 5,000/s): `DATABASE_URL=postgres://… pnpm bench conversions` in apps/api.
 *
 * As docs/benchmarks.md's rules ask:
 * - the server is the production build run as `pnpm start` runs it (bench/lib/production-server.ts),
 *   on a fresh database of its own on the DATABASE_URL server;
 * - two forms: one order a request, and batches of 100 (`{ orders: [...] }`, docs/api.md); the
 *   goal is read against the batched figure, the single-order one is reported beside it;
 * - requests come from many client addresses (`X-Forwarded-For`, TRUST_PROXY on) and many API
 *   keys (KEYS, each with its own per-key rate limit, so the limiter is exercised but no request
 *   is refused), each order new with two items and a visitor id (so attribution runs its
 *   look-up and finds nothing, as for orders without a floow session);
 * - a floor for the same work in the same run: a plain node:http server doing one INSERT per
 *   single-order request, one multi-row INSERT per batch, into a table shaped like `conversion`
 *   (bench/lib/insert-floor.ts), in a process of its own started beside the API, measured with
 *   the same load generator settings, ROUNDS rounds (default 3) alternating which goes first
 *   (API then floor, floor then API, …);
 * - the median of the rounds for each, their ratio, the load average of each round and the
 *   command go into the section written to docs/benchmarks.md ("Conversions API"), or to the
 *   file BENCH_REPORT names (short checking runs, so they do not overwrite the published one).
 *
 * BENCH_SECONDS (default 10) per measurement; CONNECTIONS (default 32) at once for single orders,
 * BATCH_CONNECTIONS (default 16) for batches, as fast as they go; MODES=single|batch to run one form.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createDb } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { insertApiKey } from "../src/db/queries/api-key";
import { generateApiKey } from "../src/services/api-keys/secret";
import { seedOrganization } from "../test/floows";
import { startFloorProcess } from "./lib/floor-process";
import { prepareBuild, startProductionServer } from "./lib/production-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const REPORT = process.env.BENCH_REPORT;
const WARM_UP_SECONDS = 3;
/** Orders per request of the batch form (the API's most). */
const BATCH = 100;
/** Connections at once for batches (each carries BATCH orders). */
const BATCH_CONNECTIONS = Number(process.env.BATCH_CONNECTIONS ?? 16);
/** Which forms to measure: `single,batch` (default), or one of them. */
const MODES = (process.env.MODES ?? "single,batch").split(",") as Mode[];
const KEYS = 256;
const ADDRESSES = 5_000;
const GOAL = 5_000;

type Mode = "single" | "batch";

interface Figures {
  what: "API" | "floor";
  /** One order per request, or batches of BATCH. */
  mode: Mode;
  round: number;
  /** The load average (1, 5, 15 min) when this measurement started. */
  load: string;
  /** Orders answered as new: 201 answers (single), or BATCH per 200 answer (batch). */
  ok: number;
  other: number;
  /** Orders answered as new per second. */
  perSecond: number;
  p50: number;
  p99: number;
  /** Orders sent (each a new order), answered or not when the time was up. */
  sent: number;
  /** CPU time (user + system) of the server's process per order answered, µs; null off Linux. */
  cpuPerRequest: number | null;
}

/** A process's CPU time so far (user + system, from /proc), ms; null where there is no /proc. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** One new order (two items, a visitor id). */
const newOrder = (orderId: string, visitor: number) => ({
  orderId,
  value: 129.95,
  currency: "EUR",
  items: [
    { id: "gravel-1", name: "Gravel 1", price: 99.95, quantity: 1 },
    { id: "bottle", price: 30, quantity: 1 },
  ],
  visitorId: `visitor-${visitor % 10_000}`,
});

/**
 * As fast as CONNECTIONS (single) or BATCH_CONNECTIONS (batch) connections go for SECONDS,
 * each request new orders: one, or a batch of BATCH.
 */
function measure(
  what: Figures["what"],
  mode: Mode,
  round: number,
  server: { base: string; pid: number | undefined },
  keys: string[],
  seconds = SECONDS,
): Promise<Figures> {
  const { base, pid } = server;
  const load = loadAverage();
  const cpuBefore = cpuMs(pid);
  const perRequest = mode === "batch" ? BATCH : 1;
  let request = 0;
  let order = 0;
  let address = 0;
  const run = randomBytes(3).toString("hex");
  return new Promise((resolve, reject) => {
    let ok = 0;
    let other = 0;
    const instance = autocannon(
      {
        url: base,
        connections: mode === "batch" ? BATCH_CONNECTIONS : CONNECTIONS,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: "POST",
            path: "/api/v1/conversions",
            headers: { "content-type": "application/json" },
            setupRequest: (next) => {
              request++;
              address = (address + 1) % ADDRESSES;
              let body: unknown;
              if (mode === "single") body = newOrder(`${run}-${++order}`, order);
              else
                body = {
                  orders: Array.from({ length: BATCH }, () => newOrder(`${run}-${++order}`, order)),
                };
              return {
                ...next,
                headers: {
                  ...next.headers,
                  authorization: `Bearer ${keys[request % keys.length]}`,
                  "x-forwarded-for": `198.18.${address >> 8}.${address & 255}`,
                },
                body: JSON.stringify(body),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const cpuAfter = cpuMs(pid);
        resolve({
          what,
          mode,
          round,
          load,
          ok,
          other: other + result.errors + result.timeouts,
          sent: order,
          perSecond: Math.round(ok / seconds),
          p50: result.latency.p50,
          p99: result.latency.p99,
          cpuPerRequest:
            cpuBefore !== null && cpuAfter !== null && ok > 0
              ? Math.round(((cpuAfter - cpuBefore) * 1000) / ok)
              : null,
        });
      },
    );
    const created = mode === "batch" ? 200 : 201;
    instance.on("response", (_client, statusCode) => {
      if (statusCode === created) ok += perRequest;
      else other++;
    });
  });
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log(
      "conversions bench: DATABASE_URL is not set (it measures the PostgreSQL server); skipped",
    );
    return;
  }
  prepareBuild();
  const loadBefore = loadAverage();
  const name = `floow_bench_conversions_${randomBytes(4).toString("hex")}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serverUrl, max: 1 }) }),
  });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), "floow-conversions-bench-"));
  try {
    const database = await createDb({ databaseUrl });
    const keys: string[] = [];
    try {
      await migrateToLatest(database.db);
      const organizationId = await seedOrganization(database.db, "Conversions bench");
      for (let i = 0; i < KEYS; i++) {
        const { key, prefix, secretHash } = generateApiKey();
        await insertApiKey(database.db, organizationId, {
          id: randomUUID(),
          name: `bench ${i}`,
          prefix,
          secretHash,
          scopes: ["conversions:write"],
          createdBy: null,
        });
        keys.push(key);
      }
      await sql`create table "conversion_floor" (like "conversion" including defaults including constraints including indexes)`.execute(
        database.db,
      );
    } finally {
      await database.close();
    }

    const server = await startProductionServer(dataDir, {
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "true",
    });
    const figures: Figures[] = [];
    const warmUps: Figures[] = [];
    try {
      const floor = await startFloorProcess("insert-floor.ts", { DATABASE_URL: databaseUrl });
      try {
        const api = { base: server.base, pid: server.child.pid };
        // Warm-up of both in each form, as measured but not counted: connections, plans, JIT,
        // every key looked up once (as in the field, where a busy key is kept).
        for (const mode of MODES) {
          warmUps.push(await measure("API", mode, 0, api, keys, WARM_UP_SECONDS));
          await measure("floor", mode, 0, floor, keys, WARM_UP_SECONDS);
        }
        for (let round = 1; round <= ROUNDS; round++) {
          const order =
            round % 2 === 1
              ? ([
                  ["API", api],
                  ["floor", floor],
                ] as const)
              : ([
                  ["floor", floor],
                  ["API", api],
                ] as const);
          for (const mode of MODES)
            for (const [what, target] of order) {
              figures.push(await measure(what, mode, round, target, keys));
              console.log(figures.at(-1));
            }
        }
      } finally {
        await floor.stop();
      }
    } finally {
      await server.stop();
    }
    const check = await createDb({ databaseUrl });
    const stored = await sql<{ count: string }>`select count(*) as count from "conversion"`.execute(
      check.db,
    );
    await check.close();
    const storedCount = Number(stored.rows[0]?.count ?? 0);
    const api = figures.filter((f) => f.what === "API");
    const loadAfter = loadAverage();
    // Every order sent is new: every order answered new must have its row, and no row may be
    // there without being sent (those still in flight when the time was up were stored unanswered).
    const measured = [...warmUps, ...api];
    const created = measured.reduce((sum, f) => sum + f.ok, 0);
    const sent = measured.reduce((sum, f) => sum + f.sent, 0);
    const truthful = created <= storedCount && storedCount <= sent;
    const section = render(figures, { stored: storedCount, created, sent, truthful }, [
      loadBefore,
      loadAfter,
    ]);
    if (REPORT) writeBenchmarkSection("## Conversions API", section, REPORT);
    else writeBenchmarkSection("## Conversions API", section);
    console.log(
      section
        .split("\n")
        .filter(
          (line) =>
            line.startsWith("**Batches") ||
            line.startsWith("**Single") ||
            line.startsWith("Goal") ||
            line.startsWith("Rows stored"),
        )
        .join("\n"),
    );
    if (api.some((f) => f.other > 0) || !truthful) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await sql`drop database if exists ${sql.id(name)} with (force)`
      .execute(admin)
      .catch(() => undefined);
    await admin.destroy();
  }
}

function render(
  figures: Figures[],
  rows: { stored: number; created: number; sent: number; truthful: boolean },
  load: [string, string],
): string {
  const median = (what: Figures["what"], mode: Mode, of: (f: Figures) => number | null) => {
    const sorted = figures
      .filter((f) => f.what === what && f.mode === mode)
      .map(of)
      .filter((value) => value !== null)
      .sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const summary = (mode: Mode) => {
    const apiRate = median("API", mode, (f) => f.perSecond);
    const floorRate = median("floor", mode, (f) => f.perSecond);
    const apiCpu = median("API", mode, (f) => f.cpuPerRequest);
    const floorCpu = median("floor", mode, (f) => f.cpuPerRequest);
    return {
      apiRate,
      text: `API ${apiRate.toLocaleString("en")}/s, floor ${floorRate.toLocaleString("en")}/s: the API does ${floorRate > 0 ? (apiRate / floorRate).toFixed(2) : "n/a"}× the floor's rate**;
its process spends ${apiCpu} µs of CPU per order, the floor's ${floorCpu} µs (${floorCpu > 0 ? (apiCpu / floorCpu).toFixed(1) : "n/a"}×).`,
    };
  };
  const table = figures
    .map(
      (f) =>
        `| ${f.round} | ${f.mode === "batch" ? `batches of ${BATCH}` : "one order"} | ${f.what} | ${f.ok.toLocaleString("en")} | ${f.other} | **${f.perSecond.toLocaleString("en")}/s** | ${f.p50} ms | ${f.p99} ms | ${f.cpuPerRequest ?? "n/a"} µs | ${f.load} |`,
    )
    .join("\n");
  const batch = MODES.includes("batch") ? summary("batch") : undefined;
  const single = MODES.includes("single") ? summary("single") : undefined;
  const busiest = Math.max(...figures.map((f) => Number(f.load.split(",")[0])));
  return `## Conversions API

\`POST /api/v1/conversions\` on the PostgreSQL server (issue 23; goal ≥ ${GOAL.toLocaleString("en")} conversions/s),
one order a request and in batches of ${BATCH} (the API's batch form, docs/api.md),
measured by \`apps/api/bench/conversions.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
\`cd apps/api && DATABASE_URL=${sh("printenv DATABASE_URL").replace(/\/\/[^@]*@/, "//…@")} BENCH_SECONDS=${SECONDS} ROUNDS=${ROUNDS} CONNECTIONS=${CONNECTIONS} BATCH_CONNECTIONS=${BATCH_CONNECTIONS} pnpm bench conversions\`.

${method(CONNECTIONS, SECONDS, ROUNDS)}

| round | requests | server | orders answered new | other answers / errors | orders per second | p50 | p99 | server CPU per order | load average (1, 5, 15 min) at its start |
|---:|---|---|---:|---:|---:|---:|---:|---:|---|
${table}

${batch ? `**Batches of ${BATCH}, medians of ${ROUNDS} rounds: ${batch.text}\n` : ""}${single ? `**Single orders, medians of ${ROUNDS} rounds: ${single.text}\n` : ""}Goal ≥ ${GOAL.toLocaleString("en")} conversions/s, read against the batched figure: **${batch ? (batch.apiRate >= GOAL ? "met" : "NOT met") : "not measured (no batch run)"}**${single ? `; one order a request: ${single.apiRate >= GOAL ? "met" : "NOT met"} (${single.apiRate.toLocaleString("en")}/s)` : ""}.
Rows stored in \`conversion\` at the end: ${rows.stored.toLocaleString("en")}; orders the API answered as new, the warm-ups'
included: ${rows.created.toLocaleString("en")}, of ${rows.sent.toLocaleString("en")} orders sent (each a new order; those in flight when a measurement's time was up
are stored unanswered): ${rows.truthful ? "a row for every order answered new and none for an order not sent, as it must be" : "**not between the two: an answer was not true**"}.

Machine: ${sh("nproc")} CPUs (${cpus()[0]?.model ?? "unknown"}), ${sh("free -h | awk '/^Mem:/ {print $2}'")} memory, Node ${process.version}; the load
generator, the API, the floor and PostgreSQL share these CPUs. Load average (1, 5, 15 min) before:
${load[0]}; at the end: ${load[1]}. ${
    busiest > 1.5
      ? "The load average was above 1.5 before the run (other work, or the benchmark before this one, was still in it): the ratio to the floor, measured in the same conditions, is the better guide than the absolute figures."
      : "The machine was quiet before the run."
  }
`;
}

/**
 * What is measured and how, and what the API does per order: the text of docs/benchmarks.md's
 * section, written there with the figures (and by hand, with the defaults, before any).
 */
function method(connections: number, seconds: number, rounds: number): string {
  return `The API is the production build run as \`pnpm start\` runs it (bench/lib/production-server.ts: its
environment and Node options, every plugin on: rate limiter, security headers, compression, logging), on a
fresh database of its own on the server (pool of 10). Two forms are measured, each for ${seconds} s as fast as
answers come: **one order a request** on ${connections} connections, and **batches of ${BATCH} orders**
(\`{ "orders": [ … ] }\`) on ${BATCH_CONNECTIONS}. Every order is new: a new order id with two items and a
visitor id (with no floow session, so attribution looks and finds none, as for most orders); each
request uses one of ${KEYS} API keys (scope \`conversions:write\`; each key has its own rate limit of
1,200 requests/min, a batch counting as one, so none is refused) from one of
${ADDRESSES.toLocaleString("en")} client addresses (\`X-Forwarded-For\`, \`TRUST_PROXY=true\`). **Floor**: a plain node:http
server in its own process (bench/lib/insert-floor.ts): for one order, one \`INSERT … ON CONFLICT DO
NOTHING\` per request; for a batch, ONE multi-row insert of its ${BATCH} orders per request (\`unnest\`,
\`ON CONFLICT DO NOTHING RETURNING\`), answering one result per order as the API does; into a table
shaped like \`conversion\` (same pool size): no framework, key, validation or attribution. Both are
started side by side and warmed up in each form with a measurement of ${WARM_UP_SECONDS} s each that is not
counted (connections, JIT, every key looked up once); then ${rounds} rounds, each form in turn,
alternating which server goes first (API then floor, then floor then API, …). The figure is the
median of the rounds: orders answered as new per second; beside each measurement, the CPU time
(user + system, from \`/proc\`) the measured server's process spent per order. The run fails unless
every answer of the API said its orders were new (201 for one order, 200 for a batch) and the rows
stored lie between the orders answered new and the orders sent (one still in flight when a
measurement's time is up is stored unanswered): each answer must say truly that its order was new.

Per request the API checks the key (kept by hash for 10 s, \`CACHES.apiKeys\`; its last use written
at most once a minute), counts it in the rate limiter, validates the body (\`conversionInput\`
per order) and hands each order to the conversions writer (\`services/conversions/ingest.ts\`): a
group commit, as the events ingest does. The orders that arrive while a write runs go together into
one statement (\`insertUnattributed\`): their floow sessions and experiment arms are looked up
and the orders without a floow session inserted, \`ON CONFLICT (organization_id, order_id) DO
NOTHING RETURNING id\`, so each answer still says truly whether its order was new or known
(\`duplicate: true\`). Orders with a floow session get their influenced split and a second
multi-row insert; known orders are merged one by one in a transaction. Two writes run at once on
the server. Each request is answered only once its orders are stored.`;
}

await main();
