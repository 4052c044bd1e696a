/**
 * Conversions ingested per second through `POST /api/v1/conversions` on the PostgreSQL server
 * (issue 23; goal ≥ 5,000/s): `DATABASE_URL=postgres://… pnpm bench conversions` in apps/api.
 *
 * As docs/benchmarks.md's rules ask:
 * - the server is the production build run as `pnpm start` runs it (bench/lib/production-server.ts),
 *   on a fresh database of its own on the DATABASE_URL server;
 * - requests come from many client addresses (`X-Forwarded-For`, TRUST_PROXY on) and many API
 *   keys (KEYS, each with its own per-key rate limit, so the limiter is exercised but no request
 *   is refused), each a new order with two items and a visitor id (so attribution runs its
 *   look-up and finds nothing, as for orders without a floow session);
 * - a floor for the same work in the same run: a plain node:http server doing one INSERT per
 *   request into a table shaped like `conversion` (bench/lib/insert-floor.ts), in a process of
 *   its own started beside the API, measured with the same load generator settings, ROUNDS
 *   rounds (default 3) alternating which goes first (API then floor, floor then API, …);
 * - the median of the rounds for each, their ratio, the load average of each round and the
 *   command go into the section written to docs/benchmarks.md ("Conversions API"), or to the
 *   file BENCH_REPORT names (short checking runs, so they do not overwrite the published one).
 *
 * BENCH_SECONDS (default 10) per measurement, CONNECTIONS (default 32) at once, as fast as they go.
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
const KEYS = 256;
const ADDRESSES = 5_000;
const GOAL = 5_000;

interface Figures {
  what: "API" | "floor";
  round: number;
  /** The load average (1, 5, 15 min) when this measurement started. */
  load: string;
  ok: number;
  other: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Requests sent (each a new order), answered or not when the time was up. */
  sent: number;
  /** CPU time (user + system) of the server's process per 201 answer, µs; null off Linux. */
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

/** As fast as CONNECTIONS connections go for SECONDS, each request a new order. */
function measure(
  what: Figures["what"],
  round: number,
  server: { base: string; pid: number | undefined },
  keys: string[],
  seconds = SECONDS,
): Promise<Figures> {
  const { base, pid } = server;
  const load = loadAverage();
  const cpuBefore = cpuMs(pid);
  let order = 0;
  let address = 0;
  const run = randomBytes(3).toString("hex");
  return new Promise((resolve, reject) => {
    let ok = 0;
    let other = 0;
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: "POST",
            path: "/api/v1/conversions",
            headers: { "content-type": "application/json" },
            setupRequest: (request) => {
              order++;
              address = (address + 1) % ADDRESSES;
              return {
                ...request,
                headers: {
                  ...request.headers,
                  authorization: `Bearer ${keys[order % keys.length]}`,
                  "x-forwarded-for": `198.18.${address >> 8}.${address & 255}`,
                },
                body: JSON.stringify({
                  orderId: `${run}-${order}`,
                  value: 129.95,
                  currency: "EUR",
                  items: [
                    { id: "gravel-1", name: "Gravel 1", price: 99.95, quantity: 1 },
                    { id: "bottle", price: 30, quantity: 1 },
                  ],
                  visitorId: `visitor-${order % 10_000}`,
                }),
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
    instance.on("response", (_client, statusCode) => {
      if (statusCode === 201) ok++;
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
    let warmUp: Figures | undefined;
    try {
      const floor = await startFloorProcess("insert-floor.ts", { DATABASE_URL: databaseUrl });
      try {
        const api = { base: server.base, pid: server.child.pid };
        // Warm-up of both, as measured but not counted: connections, plans, JIT, every key
        // looked up once (as in the field, where a busy key is kept).
        warmUp = await measure("API", 0, api, keys, WARM_UP_SECONDS);
        await measure("floor", 0, floor, keys, WARM_UP_SECONDS);
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
          for (const [what, target] of order) {
            figures.push(await measure(what, round, target, keys));
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
    // Every request is a new order: every 201 must have its row, and no row may be there
    // without a request (those still in flight when the time was up were stored unanswered).
    const measured = [...(warmUp ? [warmUp] : []), ...api];
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
        .filter((line) => line.startsWith("**Medians") || line.startsWith("Rows stored"))
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
  const median = (what: Figures["what"], of: (f: Figures) => number | null) => {
    const sorted = figures
      .filter((f) => f.what === what)
      .map(of)
      .filter((value) => value !== null)
      .sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const apiRate = median("API", (f) => f.perSecond);
  const floorRate = median("floor", (f) => f.perSecond);
  const apiCpu = median("API", (f) => f.cpuPerRequest);
  const floorCpu = median("floor", (f) => f.cpuPerRequest);
  const table = figures
    .map(
      (f) =>
        `| ${f.round} | ${f.what} | ${f.ok.toLocaleString("en")} | ${f.other} | **${f.perSecond.toLocaleString("en")}/s** | ${f.p50} ms | ${f.p99} ms | ${f.cpuPerRequest ?? "n/a"} µs | ${f.load} |`,
    )
    .join("\n");
  const met = apiRate >= GOAL;
  const busiest = Math.max(...figures.map((f) => Number(f.load.split(",")[0])));
  return `## Conversions API

\`POST /api/v1/conversions\` on the PostgreSQL server (issue 23; goal ≥ ${GOAL.toLocaleString("en")} conversions/s),
measured by \`apps/api/bench/conversions.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
\`cd apps/api && DATABASE_URL=${sh("printenv DATABASE_URL").replace(/\/\/[^@]*@/, "//…@")} BENCH_SECONDS=${SECONDS} ROUNDS=${ROUNDS} CONNECTIONS=${CONNECTIONS} pnpm bench conversions\`.

${method(CONNECTIONS, SECONDS, ROUNDS)}

| round | server | 201 answers | other answers / errors | per second | p50 | p99 | server CPU per answer | load average (1, 5, 15 min) at its start |
|---:|---|---:|---:|---:|---:|---:|---:|---|
${table}

**Medians of ${ROUNDS} rounds: API ${apiRate.toLocaleString("en")}/s, floor ${floorRate.toLocaleString("en")}/s: the API does ${floorRate > 0 ? (apiRate / floorRate).toFixed(2) : "n/a"}× the floor's rate**;
its process spends ${apiCpu} µs of CPU per answer, the floor's ${floorCpu} µs (${floorCpu > 0 ? (apiCpu / floorCpu).toFixed(1) : "n/a"}×).
Goal ≥ ${GOAL.toLocaleString("en")}/s: **${met ? "met" : "NOT met"}**.
Rows stored in \`conversion\` at the end: ${rows.stored.toLocaleString("en")}; the API's 201 answers, the warm-up's
included: ${rows.created.toLocaleString("en")}, of ${rows.sent.toLocaleString("en")} requests sent (each a new order; those in flight when a measurement's time was up
are stored unanswered): ${rows.truthful ? "a row for every 201 and none without a request, as it must be" : "**not between the two: an answer was not true**"}.

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
environment and Node options, every plugin on: rate limiter, helmet, compression, logging), on a fresh
database of its own on the server (pool of 10). ${connections} connections send new orders as fast as they
are answered for ${seconds} s: each a new order id with two items and a visitor id (with no floow session, so
attribution looks and finds none, as for most orders), with one of ${KEYS} API keys (scope
\`conversions:write\`; each key has its own rate limit of 1,200/min, so none is refused) from one of
${ADDRESSES.toLocaleString("en")} client addresses (\`X-Forwarded-For\`, \`TRUST_PROXY=true\`). **Floor**: a plain node:http
server in its own process (bench/lib/insert-floor.ts) doing one \`INSERT … ON CONFLICT DO NOTHING\` per
request into a table shaped like \`conversion\` (same pool size): no framework, key, validation or
attribution. Both are started side by side and warmed up with a measurement of ${WARM_UP_SECONDS} s each that is
not counted (connections, JIT, every key looked up once); then ${rounds} rounds, alternating which goes
first (API then floor, then floor then API, …). The figure is the median of the rounds; beside each
measurement, the CPU time (user + system, from \`/proc\`) the measured server's process spent per answer.
The run fails unless every answer of the API was a 201 and the rows stored lie between its 201
answers and the requests sent (every request is a new order; one still in flight when a
measurement's time is up is stored unanswered): each answer must say truly that its order was new.

Per order the API checks the key (kept by hash for 10 s, \`CACHES.apiKeys\`; its last use written
at most once a minute), counts it in the rate limiter, validates the body with \`conversionInput\`
and hands the order to the conversions writer (\`services/conversions/ingest.ts\`): a group
commit, as the events ingest does. The orders that arrive while a write runs go together into
one statement (\`insertUnattributed\`): their floow sessions and experiment arms are looked up
and the orders without a floow session inserted, \`ON CONFLICT (organization_id, order_id) DO
NOTHING RETURNING id\`, so each answer still says truly whether its order was new (201) or
known (200, \`duplicate: true\`). Orders with a floow session get their influenced split and a
second multi-row insert; known orders are merged one by one in a transaction, as before. Two
writes run at once on the server. Each caller is answered only once its order is stored.`;
}

await main();
