/**
 * Feed import benchmark (issue 22): a generated Google Merchant RSS feed, imported as an operator
 * would see it, each figure beside a floor for the same work measured in the same run,
 * alternately, ROUNDS times (median of the rounds, ratio to the floor's median):
 *
 * - Parse (CPU time): the import's own read of the feed (safe fetch, decoding, the XML parser,
 *   the record builder, mapProduct, the duplicate-id set) into a counting sink, in a process run
 *   as `pnpm start` runs the API (its environment and Node options), against the floor: saxes
 *   alone on the same bytes (node:http, `setEncoding("utf8")`, a parser whose handlers only
 *   count). Also the same parse with the start script's settings until 27 Nov 2026
 *   (MALLOC_MMAP_THRESHOLD_=32768, V8's default worker threads), to show what those cost.
 * - Stored (CPU time): the feed imported by the production server (bench/lib/production-server.ts,
 *   started as `pnpm start` starts it, with FETCH_ALLOW_LOOPBACK=true to reach the feed on
 *   127.0.0.1), set up through the dashboard's own calls (sign-up, organization, `feed.upsert`,
 *   which queues the refresh the server's job worker runs), until `feed.list` shows the products
 *   in: the server process's CPU time (and, on PostgreSQL, its backends'), against the floor:
 *   one COPY of the same rows into `product` (the rows made from the same feed beforehand, not
 *   measured), from a Node process that opens the database the app's way (PGlite in a data
 *   folder; or a client of the PostgreSQL server, whose backend's CPU time counts too).
 * - `/healthz` p99 during each PGlite import (a prober process asking every 10 ms), and the
 *   server's peak RSS growth during each import; once at the end, the same for a BIG_ITEMS feed.
 *
 *   pnpm bench feed                                                   (in apps/api; PGlite only)
 *   DATABASE_URL=postgres://user@127.0.0.1:5432/postgres pnpm bench feed   (also the server)
 *   FEED_ITEMS (default 100000), ROUNDS (default 3), BIG_ITEMS (default 500000; 0 skips it)
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { DashboardClient } from "@floow/test-kit";
import { apiStartScript, loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { prepareBuild, startProductionServer } from "./lib/production-server";
import {
  processCpuMs,
  startBackendMeter,
  startHealthProber,
  startRssMeter,
} from "./lib/process-meters";
import type { HealthzStats } from "./lib/process-meters";

const ITEMS = Number(process.env.FEED_ITEMS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BIG_ITEMS = Number(process.env.BIG_ITEMS ?? 500_000);
const WARM_UP_ITEMS = 1_000;
/**
 * The start script's memory settings until 27 Nov 2026, whose allocator threshold made every
 * 32 kB compiler segment and 64 kB network read a system call (docs/architecture.md).
 */
const SETTINGS_2611 = {
  env: { MALLOC_MMAP_THRESHOLD_: "32768" },
  nodeOptions: ["--enable-source-maps"],
};
const GOALS = {
  parseRatio: 1.3,
  postgresRatio: 1.3,
  pgliteRatio: 1.2,
  healthzP99Ms: 100,
  bigGrowthMb: 300,
};
const serverUrl = process.env.DATABASE_URL;
const feedDir = join(tmpdir(), "floow-feed-bench-22");
/** Ids as shop systems write them (Shopify's Google channel: `shopify_NL_<product>_<variant>`), 25 characters. */
const ID_PREFIX = "shopify_NL_7311244_";

/** One measured piece of work: CPU time of the process(es) doing it, wall time. */
interface Measure {
  /** CPU time (user + system) of the Node process doing the work. */
  cpuMs: number;
  /** CPU time of the PostgreSQL server's backends for it (0 on PGlite). */
  dbCpuMs: number;
  ms: number;
  load: number;
  healthz?: HealthzStats;
  /** Peak RSS growth of the server during the import (MB). */
  growthMb?: number;
}

const total = (m: Measure) => m.cpuMs + m.dbCpuMs;

// ————— the worker processes (floors and the parse) —————

/** `parse`: the import's read of the feed into a counting sink (importFeed, as refreshFeed calls it). */
async function parseWorker(url: string): Promise<Measure> {
  const { importFeed } = await import("../src/services/feeds/index");
  const run = async (feedUrl: string) => {
    let count = 0;
    await importFeed(feedUrl, "channable", (batch) => void (count += batch.length), {
      allowLoopback: true,
    });
    return count;
  };
  await run(url.replace(/items-\d+/, `items-${WARM_UP_ITEMS}`));
  return measureHere(() => run(url));
}

/** `saxes`: the floor of the parse: saxes alone on the same bytes, its handlers counting events. */
async function saxesWorker(url: string): Promise<Measure> {
  const http = await import("node:http");
  const { SaxesParser } = await import("saxes");
  const run = (feedUrl: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(feedUrl, (response) => {
          const parser = new SaxesParser({ xmlns: false, position: true });
          let events = 0;
          const count = () => void events++;
          parser.on("opentag", count);
          parser.on("text", count);
          parser.on("cdata", count);
          parser.on("closetag", count);
          response.setEncoding("utf8");
          response.on("data", (text: string) => parser.write(text));
          response.on("end", () => {
            parser.close();
            resolve(events);
          });
          response.on("error", reject);
        })
        .on("error", reject);
    });
  await run(url.replace(/items-\d+/, `items-${WARM_UP_ITEMS}`));
  return measureHere(() => run(url));
}

/**
 * `copy`: the floor of the stored import: the same rows (the feed read and mapped as the import
 * does, beforehand, not measured) in one COPY into `product` of a fresh migrated database
 * (PGlite opened the app's way, or a throwaway database on the DATABASE_URL server).
 */
async function copyWorker(url: string, target: "pglite" | "postgres"): Promise<Measure> {
  const { importFeed } = await import("../src/services/feeds/index");
  const { sql } = await import("kysely");
  const { DEFAULT_FEED_VARIABLES } = await import("@floow/domain/feed");
  const { createDb } = await import("../src/db/client");
  const { migrateToLatest } = await import("../src/db/migrate");
  const { upsertFeed } = await import("../src/db/queries/feed");
  const { rawDatabase } = await import("../src/db/raw");
  const { seedOrganization } = await import("../test/floows");
  const database = await freshDatabase(target);
  const handle = await createDb({
    databaseUrl: database.url,
    dataDir: database.dataDir,
    onConnectionError: () => undefined,
  });
  try {
    const { db } = handle;
    await migrateToLatest(db);
    const organizationId = await seedOrganization(db, "Bench");
    const feeds = ["warm-up", "bench"];
    for (const id of feeds)
      await upsertFeed(db, organizationId, {
        id,
        domainId: null,
        name: id,
        url,
        type: "channable",
        description: "",
        image: null,
        variables: DEFAULT_FEED_VARIABLES,
      });
    const rows = async (feedUrl: string, feedId: string) => {
      let text = "";
      let position = 0;
      await importFeed(
        feedUrl,
        "channable",
        (batch) =>
          void (text += copyRows(
            feedId,
            organizationId,
            batch,
            (position += batch.length) - batch.length,
          )),
        { allowLoopback: true },
      );
      return text;
    };
    const columns = `"feed_id", "organization_id", "external_id", "position", "name", "price", "url", "image", "description", "attributes"`;
    const raw = rawDatabase(db)!;
    const copy = async (text: string) => {
      if (raw.kind === "pglite") {
        await raw.pglite.query(`copy "product" (${columns}) from '/dev/blob'`, [], {
          blob: new Blob([text]),
        });
        return 0;
      }
      const { from } = await import("pg-copy-streams");
      const { finished } = await import("node:stream/promises");
      const client = await raw.pool.connect();
      try {
        const backend = (await client.query<{ pid: number }>("select pg_backend_pid() as pid"))
          .rows[0]!.pid;
        const before = processCpuMs(backend) ?? 0;
        const stream = client.query(from(`copy "product" (${columns}) from stdin`));
        stream.end(text);
        await finished(stream);
        return (processCpuMs(backend) ?? before) - before;
      } finally {
        client.release();
      }
    };
    await copy(await rows(url.replace(/items-\d+/, `items-${WARM_UP_ITEMS}`), "warm-up"));
    const text = await rows(url, "bench");
    let dbCpuMs = 0;
    const measure = await measureHere(async () => void (dbCpuMs = await copy(text)));
    const stored = await db
      .selectFrom("product")
      .select(sql<string>`count(*)`.as("n"))
      .where("feed_id", "=", "bench")
      .executeTakeFirstOrThrow();
    const rowCount = text.split("\n").length - 1;
    if (Number(stored.n) !== rowCount)
      throw new Error(`the COPY stored ${stored.n} of ${rowCount} rows`);
    return { ...measure, dbCpuMs };
  } finally {
    await handle.close();
    await database.drop();
  }
}

/** Rows of PostgreSQL's COPY text format, as the import's loader writes them (db/queries/product-load.ts). */
function copyRows(
  feedId: string,
  organizationId: string,
  products: {
    id: string;
    name: string;
    price: number | null;
    url: string;
    image: string;
    description: string;
    attributes: unknown;
  }[],
  first: number,
): string {
  const value = (text: string) =>
    text.replace(
      /[\\\n\r\t]/g,
      (c) => ({ "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" })[c]!,
    );
  return products
    .map(
      (p, index) =>
        `${feedId}\t${organizationId}\t${value(p.id)}\t${first + index}\t${value(p.name)}\t${p.price ?? "\\N"}\t${value(p.url)}\t` +
        `${value(p.image)}\t${value(p.description)}\t${value(JSON.stringify(p.attributes))}\n`,
    )
    .join("");
}

async function measureHere(work: () => Promise<unknown>): Promise<Measure> {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const spent = process.cpuUsage(cpu);
  return {
    cpuMs: (spent.user + spent.system) / 1000,
    dbCpuMs: 0,
    ms: performance.now() - started,
    load: loadavg()[0]!,
  };
}

/** A fresh database: a PGlite data folder, or a throwaway database on the DATABASE_URL server. */
async function freshDatabase(
  target: "pglite" | "postgres",
): Promise<{ url?: string; dataDir?: string; name?: string; drop(): Promise<void> }> {
  if (target === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "floow-bench-db-"));
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const pg = (await import("pg")).default;
  const name = `floow_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}

// ————— the stored import through the production server —————

/**
 * Starts the production server on a fresh database, signs a merchant up, imports a warm-up feed,
 * then measures the import of `url` (`feed.upsert` until `feed.list` shows its products).
 */
async function serverImport(
  url: string,
  items: number,
  target: "pglite" | "postgres",
  probeHealthz = target === "pglite",
): Promise<Measure> {
  const database = await freshDatabase(target);
  const dataDir = database.dataDir ?? mkdtempSync(join(tmpdir(), "floow-bench-data-"));
  const server = await startProductionServer(dataDir, {
    FETCH_ALLOW_LOOPBACK: "true",
    ...(database.url && { DATABASE_URL: database.url }),
  });
  const pid = server.child.pid!;
  try {
    const client = new DashboardClient(server.base);
    await client.signUp(
      "Bench Merchant",
      `bench.${randomBytes(4).toString("hex")}@example.com`,
      "correct-horse-battery",
    );
    await client.mutation("organization.create", { name: "Bench", displayName: "Bench" });
    const importOne = async (feedUrl: string, count: number) => {
      const id = crypto.randomUUID();
      await client.mutation("feed.upsert", {
        id,
        domainId: null,
        name: id,
        url: feedUrl,
        type: "channable",
      });
      for (;;) {
        const feed = (
          await client.query<
            {
              id: string;
              productCount: number;
              lastRefreshStatus: string;
              lastRefreshError: string | null;
            }[]
          >("feed.list")
        ).find((f) => f.id === id);
        if (feed?.lastRefreshStatus === "failed")
          throw new Error(`the import failed: ${feed.lastRefreshError}`);
        if (feed?.lastRefreshStatus === "ok") {
          if (feed.productCount !== count)
            throw new Error(`stored ${feed.productCount} of ${count} products`);
          return;
        }
        // Twice a second: each call costs the server a session look-up and a query.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    await importOne(url.replace(/items-\d+/, `items-${WARM_UP_ITEMS}`), WARM_UP_ITEMS);
    // The measured import: nothing else asks the server anything but the polling.
    const backends = database.name ? await startBackendMeter(serverUrl!, database.name) : undefined;
    const rss = startRssMeter(pid);
    const cpuStart = processCpuMs(pid)!;
    const started = performance.now();
    await importOne(url, items);
    const ms = performance.now() - started;
    const cpuMs = processCpuMs(pid)! - cpuStart;
    const load = loadavg()[0]!;
    const growthMb = rss.stop();
    const dbCpuMs = (await backends?.stop()) ?? 0;
    // On PGlite, the same feed once more (a feed of its own) with `/healthz` asked every 10 ms
    // (apart, so the prober's 100 requests a second are not in the import's CPU time).
    let healthz: HealthzStats | undefined;
    if (probeHealthz) {
      const prober = await startHealthProber(`${server.base}/healthz`);
      await importOne(url, items);
      healthz = await prober.stop();
    }
    return { cpuMs, dbCpuMs, ms, load, growthMb, ...(healthz && { healthz }) };
  } finally {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ————— the run —————

/** One worker process (this file with `--worker`): its figures. */
function runWorker(
  kind: "parse" | "saxes" | "copy",
  url: string,
  env: Record<string, string | undefined>,
  target = "",
  /** Node options instead of the start script's (for the comparison with earlier settings). */
  nodeOptions?: string[],
): Measure {
  // The parse runs as `pnpm start` runs the API; a floor as a plain `node` (the least a Node
  // program does), so the start script's settings count against Floow, not against the floor.
  const start = kind === "parse" ? apiStartScript() : { env: {}, nodeOptions: [] };
  if (nodeOptions) start.nodeOptions = nodeOptions;
  const childEnv: Record<string, string | undefined> = { ...process.env, ...start.env, ...env };
  for (const [name, value] of Object.entries(childEnv))
    if (value === undefined) delete childEnv[name];
  const child = spawnSync(
    process.execPath,
    [
      ...start.nodeOptions,
      "--expose-gc",
      "--import",
      "tsx",
      fileURLToPath(import.meta.url),
      "--worker",
      kind,
      url,
      target,
    ],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024, env: childEnv },
  );
  if (child.status !== 0) throw new Error(`${kind} worker failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Measure;
}

async function writeFeed(items: number): Promise<string> {
  const { merchantRss } = await import("../src/services/feeds/fixtures");
  mkdirSync(feedDir, { recursive: true });
  const file = join(feedDir, `items-${items}.xml`);
  if (!existsSync(file))
    await pipeline(
      Readable.from(merchantRss(items, { idPrefix: ID_PREFIX })),
      createWriteStream(file),
    );
  return file;
}

/** The feed server, in a process of its own so its work is nobody's CPU time. */
async function startFeedServer(): Promise<{ url(items: number): string; stop(): void }> {
  const code = `
    const http = require("node:http"), fs = require("node:fs"), path = require("node:path");
    const dir = ${JSON.stringify(feedDir)};
    http.createServer((req, res) => {
      const file = path.join(dir, path.basename(new URL(req.url, "http://x").pathname));
      if (!fs.existsSync(file)) { res.writeHead(404); return res.end(); }
      res.writeHead(200, { "content-type": "application/xml; charset=utf-8", "content-length": fs.statSync(file).size });
      fs.createReadStream(file).pipe(res);
    }).listen(0, "127.0.0.1", function () { console.log(this.address().port); });
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once("data", (data: Buffer) => resolve(Number(String(data).trim()))),
  );
  return {
    url: (items) => `http://127.0.0.1:${port}/items-${items}.xml`,
    stop: () => child.kill(),
  };
}

type Kind =
  "saxes" | "parse" | "parse-2611" | "copy-pglite" | "pglite" | "copy-postgres" | "postgres";

async function main(): Promise<void> {
  for (const items of [WARM_UP_ITEMS, ITEMS]) await writeFeed(items);
  prepareBuild();
  const feeds = await startFeedServer();
  const url = feeds.url(ITEMS);
  const loadStart = loadavg();
  const started = new Date();
  const results = new Map<Kind, Measure[]>();
  const record = (kind: Kind, measure: Measure) => {
    results.set(kind, [...(results.get(kind) ?? []), measure]);
    console.log(
      `${kind}: CPU ${(measure.cpuMs / 1000).toFixed(2)} s${measure.dbCpuMs ? ` + database ${(measure.dbCpuMs / 1000).toFixed(2)} s` : ""}, ` +
        `wall ${(measure.ms / 1000).toFixed(2)} s, load ${measure.load.toFixed(1)}` +
        (measure.growthMb !== undefined ? `, RSS growth ${measure.growthMb.toFixed(0)} MB` : "") +
        (measure.healthz
          ? `, /healthz p99 ${measure.healthz.p99.toFixed(1)} ms (max ${measure.healthz.max.toFixed(0)}, ${measure.healthz.count})`
          : ""),
    );
  };
  let big: Measure | undefined;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`— round ${round} of ${ROUNDS}`);
      // Floor, then Floow, for each kind of work.
      record("saxes", runWorker("saxes", url, {}));
      record("parse", runWorker("parse", url, {}));
      record(
        "parse-2611",
        runWorker("parse", url, SETTINGS_2611.env, "", SETTINGS_2611.nodeOptions),
      );
      record("copy-pglite", runWorker("copy", url, {}, "pglite"));
      record("pglite", await serverImport(url, ITEMS, "pglite"));
      if (serverUrl) {
        record("copy-postgres", runWorker("copy", url, {}, "postgres"));
        record("postgres", await serverImport(url, ITEMS, "postgres"));
      }
    }
    if (BIG_ITEMS > 0) {
      await writeFeed(BIG_ITEMS);
      big = await serverImport(feeds.url(BIG_ITEMS), BIG_ITEMS, "pglite", false);
      console.log(`big feed (${BIG_ITEMS}):`, big);
    }
  } finally {
    feeds.stop();
  }
  writeBenchmarkSection("## Feed import", render(results, big, loadStart, started));
  console.log('\nWrote the "Feed import" section of docs/benchmarks.md');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function render(
  results: Map<Kind, Measure[]>,
  big: Measure | undefined,
  loadStart: number[],
  started: Date,
): string {
  const cpu = (kind: Kind) => median((results.get(kind) ?? []).map(total)) / 1000;
  const list = (kind: Kind) =>
    (results.get(kind) ?? []).map((m) => (total(m) / 1000).toFixed(2)).join(", ");
  const loads = (kind: Kind) => (results.get(kind) ?? []).map((m) => m.load.toFixed(1)).join(", ");
  const verdict = (ok: boolean) => (ok ? "**met**" : "**NOT met**");
  const row = (work: string, floorKind: Kind, kind: Kind, goal: number) => {
    const ratio = cpu(kind) / cpu(floorKind);
    return `| ${work} | ${cpu(floorKind).toFixed(2)} s (${list(floorKind)}) | ${cpu(kind).toFixed(2)} s (${list(kind)}) | ${ratio.toFixed(2)} | ≤ ${goal} ${verdict(ratio <= goal)} | ${loads(kind)} |`;
  };
  const rows = [
    row("parse (counting sink), as `pnpm start` runs", "saxes", "parse", GOALS.parseRatio),
    row(
      "parse with the start script's settings until 27 Nov (`MALLOC_MMAP_THRESHOLD_=32768`, V8's default worker threads)",
      "saxes",
      "parse-2611",
      GOALS.parseRatio,
    ),
    row(
      "stored on PGlite, through the production server",
      "copy-pglite",
      "pglite",
      GOALS.pgliteRatio,
    ),
    ...(results.has("postgres")
      ? [
          row(
            "stored on PostgreSQL, through the production server (with its backends)",
            "copy-postgres",
            "postgres",
            GOALS.postgresRatio,
          ),
        ]
      : []),
  ];
  const pglite = results.get("pglite") ?? [];
  const healthzP99 = Math.max(...pglite.map((m) => m.healthz?.p99 ?? 0));
  const growth = Math.max(...pglite.map((m) => m.growthMb ?? 0));
  const wall = (kind: Kind) =>
    `${(median((results.get(kind) ?? []).map((m) => m.ms)) / 1000).toFixed(2)} s`;
  const quiet = loadStart[0]! <= cpus().length && loadavg()[0]! <= cpus().length;
  // The stored floor is the COPY alone, but an import must also read the feed: its CPU is at
  // least the COPY's plus saxes alone, and with the parse at its own goal, plus 1.3× saxes.
  // What the stored goal leaves the whole read of the feed and the job's own work, as a multiple of saxes alone.
  const roomFor = (copyKind: Kind, goal: number) => ((goal - 1) * cpu(copyKind)) / cpu("saxes");
  const bound = (copyKind: Kind, goal: number, name: string) => {
    const copy = cpu(copyKind);
    const saxes = cpu("saxes");
    const room = roomFor(copyKind, goal);
    return `on ${name}, the COPY plus saxes alone is ${((copy + saxes) / copy).toFixed(2)}× the COPY, and with the parse at its goal ${((copy + GOALS.parseRatio * saxes) / copy).toFixed(2)}×; the stored goal (≤ ${goal}×) leaves the whole read of the feed (fetch, decoding, XML, records, mapping) and the job's own work ${room.toFixed(2)}× saxes alone`;
  };
  const rooms = [
    roomFor("copy-pglite", GOALS.pgliteRatio),
    ...(results.has("copy-postgres") ? [roomFor("copy-postgres", GOALS.postgresRatio)] : []),
  ];
  const roomNote =
    Math.min(...rooms) < GOALS.parseRatio
      ? `So the parse goal (≤ ${GOALS.parseRatio}× saxes) is not enough for the stored goals: those need a parse that costs less than that, with the job's own work on top.`
      : `So in this run a parse at its goal (≤ ${GOALS.parseRatio}× saxes) would leave room for the stored goals.`;
  const bounds = [
    bound("copy-pglite", GOALS.pgliteRatio, "PGlite"),
    ...(results.has("copy-postgres")
      ? [bound("copy-postgres", GOALS.postgresRatio, "PostgreSQL")]
      : []),
  ];
  return `## Feed import

Measured by \`apps/api/bench/feed-import.bench.ts\` on ${started.toISOString().slice(0, 16).replace("T", " ")} UTC: a generated
Google Merchant RSS feed of ${ITEMS.toLocaleString("en")} items (${(statSync(join(feedDir, `items-${ITEMS}.xml`)).size / 1024 / 1024).toFixed(1)} MB; \`g:\` namespace, CDATA titles with a
non-ASCII dash, escaped HTML descriptions, nested \`g:shipping\`, ids of 25 characters), served from 127.0.0.1 by a
plain Node server in a process of its own. ${ROUNDS} rounds; in each, every floor is measured
right before its Floow counterpart. Figures are CPU time (user + system, from \`process.cpuUsage\`
in the worker or \`/proc/<pid>/stat\` of the server and of its PostgreSQL backends): the median
of the rounds, each round's figure in brackets, and the ratio of the medians.

- Parse: the import's own read (\`importFeed\`: safe fetch, decoding, the XML parser and record
  builder, \`mapProduct\`, the duplicate-id set) into a counting sink, in a Node process started
  with the start script's environment and options; floor: saxes alone on the same bytes
  (\`node:http\`, \`setEncoding("utf8")\`, handlers that only count) in a plain \`node\` (the
  floors run without the start script's settings, so what those cost counts against Floow).
- Stored: the production build started as \`pnpm start\` starts it
  (\`bench/lib/production-server.ts\`; \`FETCH_ALLOW_LOOPBACK=true\` to reach the feed), a merchant
  signed up through the dashboard's calls, a 1,000-item feed imported to warm it up, then
  \`feed.upsert\` of the feed until \`feed.list\` (asked every 500 ms) shows its products: the
  server process's CPU time over that span${results.has("postgres") ? " (on PostgreSQL plus its backends' for the database)" : ""}, the polling's
  requests included; \`/healthz\` is probed during a second import of the same feed; floor: one \`COPY\` of the same rows (made from the same feed beforehand)
  into \`product\` of a fresh migrated database opened the app's way.

| Work | Floor (CPU) | Floow (CPU) | Ratio | Goal | Load (1 min) per round |
|---|---:|---:|---:|---|---|
${rows.join("\n")}

What the stored goals leave room for, from this run's own floors (an import reads the feed as
well as copying its rows, and the stored floor is the COPY alone): ${bounds.join("; ")}. ${roomNote}

Wall times (median): parse ${wall("parse")} (floor ${wall("saxes")}), PGlite ${wall("pglite")} (floor ${wall("copy-pglite")})${results.has("postgres") ? `, PostgreSQL ${wall("postgres")} (floor ${wall("copy-postgres")})` : ""}.
\`/healthz\` during a second PGlite import in each round (a prober process, every 10 ms): worst round's p99 ${healthzP99.toFixed(1)} ms,
goal ≤ ${GOALS.healthzP99Ms} ms ${verdict(healthzP99 <= GOALS.healthzP99Ms)}. The server's peak RSS growth during a PGlite import: at most ${growth.toFixed(0)} MB.
${big ? `A ${BIG_ITEMS.toLocaleString("en")}-item feed through the production server on PGlite: RSS growth ${big.growthMb!.toFixed(0)} MB, goal ≤ ${GOALS.bigGrowthMb} MB ${verdict(big.growthMb! <= GOALS.bigGrowthMb)} (CPU ${(big.cpuMs / 1000).toFixed(1)} s, wall ${(big.ms / 1000).toFixed(1)} s, load ${big.load.toFixed(1)}).` : "The 500,000-item feed was not run (BIG_ITEMS=0)."}
${quiet ? "" : `\n**Re-measure on a quiet machine:** the load average was above the ${cpus().length} cores during this run, so the CPU times above include contention (shared caches, frequency) and the ratios are indicative only.\n`}
Machine: ${sh("nproc")} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}${serverUrl ? `, PostgreSQL ${sh(`psql ${JSON.stringify(serverUrl)} -Atc "show server_version"`).split(" ")[0]}` : ""}; load average
(1, 5, 15 min) at the start ${loadAverage(loadStart)}, at the end ${loadAverage()}.
Command: ${serverUrl ? `\`DATABASE_URL=postgres://…/${new URL(serverUrl).pathname.slice(1)} ` : "`"}${ITEMS !== 100_000 ? `FEED_ITEMS=${ITEMS} ` : ""}${ROUNDS !== 3 ? `ROUNDS=${ROUNDS} ` : ""}${BIG_ITEMS !== 500_000 ? `BIG_ITEMS=${BIG_ITEMS} ` : ""}pnpm bench feed\` in \`apps/api\`.
`;
}

// Last, so that every declaration above is initialized.
if (process.argv[2] === "--worker") {
  const [kind, url, target] = process.argv.slice(3) as ["parse" | "saxes" | "copy", string, string];
  const measure =
    kind === "parse"
      ? await parseWorker(url)
      : kind === "saxes"
        ? await saxesWorker(url)
        : await copyWorker(url, target as "pglite" | "postgres");
  process.stdout.write(`${JSON.stringify(measure)}\n`);
  process.exit(0);
} else {
  await main();
}
