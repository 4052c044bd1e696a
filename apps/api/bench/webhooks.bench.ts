/**
 * Webhook outbox and delivery through the production server (issues 11 and 22): `pnpm bench
 * webhooks` in apps/api, on PGlite and, with DATABASE_URL, on the PostgreSQL server too.
 *
 * The server is the production build started as `pnpm start` starts it
 * (bench/lib/production-server.ts: every plugin on), TRUST_PROXY=true, FETCH_ALLOW_LOOPBACK=true
 * (the receiver is on 127.0.0.1; production refuses such addresses). The receiver is a process
 * of its own (bench/lib/webhook-receiver.ts) that verifies every request with
 * `standardwebhooks` and answers 204.
 *
 * 1. What the outbox costs the ingest: the events ingest's load (bench/lib/ingest-traffic.ts:
 *    `POST /api/public/events`, batches of 50, CONNECTIONS connections, each request from one
 *    of 5,000 client addresses), each batch one shopper's session ending in a `finish` event,
 *    with 0, 1 and 3 active webhooks on the domain subscribed to `finish` (so each batch queues
 *    one delivery per webhook, in the statement that stores its events, and the server's job
 *    worker delivers them meanwhile), against the ingest floor (bench/lib/ingest-floor.ts: a
 *    plain node:http process, one multi-row INSERT per batch). SECONDS s a turn, the floor and
 *    the three API turns in an order that turns round each round, ROUNDS rounds; medians.
 * 2. Delivery: DELIVERIES deliveries queued (finish events stored with one active webhook,
 *    before the server starts), drained by the server's job worker (`webhook.deliver`, at most
 *    4 at once for one organization) → deliveries/s from the first verified request to the
 *    last; floor: bench/lib/webhook-sender-floor.ts, a plain process POSTing as many requests
 *    of the same body, signed the same way, 4 at once, to the same receiver.
 *
 * Writes "## Webhook outbox and delivery" in docs/benchmarks.md unless SECONDS < 10.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createEventMessage } from "@floow/domain/events";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import type { DbKind } from "../src/db/client";
import { insertWebhook } from "../src/db/queries/webhook";
import { storeEvents } from "../src/services/events/store-events";
import { generateWebhookSecret } from "../src/services/webhooks";
import { benchKinds, createBenchDatabase } from "./lib/bench-data";
import type { BenchDatabase } from "./lib/bench-data";
import { startFloorProcess } from "./lib/floor-process";
import type { FloorProcess } from "./lib/floor-process";
import {
  BATCH,
  batchBody,
  postEventBatches,
  seedIngestFloow,
  startDatabaseMeter,
} from "./lib/ingest-traffic";
import type { Seeded } from "./lib/ingest-traffic";
import { processCpuMs } from "./lib/process-meters";
import { prepareBuild, startProductionServer } from "./lib/production-server";

const here = dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const DELIVERIES = Number(process.env.DELIVERIES ?? 1_000);
/** The job worker's limit of one organization's deliveries at once (services/webhooks/jobs.ts). */
const PER_ORGANIZATION = 4;
const HOOK_COUNTS = [0, 1, 3] as const;

type Side = "floor" | `API, ${(typeof HOOK_COUNTS)[number]}`;

interface IngestTurn {
  side: Side;
  round: number;
  eventsPerSecond: number;
  cpuMicros: number;
  backendMicros?: number;
  /** Deliveries the receiver verified during the turn, per delivery queued in it. */
  delivered: number;
  queued: number;
  load: string;
}

interface DeliveryTurn {
  side: "API" | "floor";
  round: number;
  perSecond: number;
  /** CPU of the sending process per delivery, µs (the server's from the first delivery on). */
  cpuMicros: number;
  load: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Receiver {
  base: string;
  stats(): Promise<{
    verified: number;
    refused: number;
    first: number;
    last: number;
    body: string;
  }>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

async function startReceiver(secrets: readonly string[]): Promise<Receiver> {
  const floor: FloorProcess = await startFloorProcess("webhook-receiver.ts", {
    SECRETS: secrets.join(","),
  });
  return {
    base: floor.base,
    stats: async () => (await fetch(`${floor.base}/stats`)).json() as ReturnType<Receiver["stats"]>,
    reset: async () => void (await fetch(`${floor.base}/reset`, { method: "POST" })),
    stop: () => floor.stop(),
  };
}

/** A batch as one shopper's session sends it: a mount, choices, and a finish at the end. */
function sessionBody(seeded: Seeded): string {
  const body = JSON.parse(batchBody(seeded)) as { events: { sessionId: string }[] };
  const sessionId = body.events[0]!.sessionId;
  body.events[BATCH - 1] = createEventMessage(
    { organizationId: "", domainId: "", floowId: seeded.floowId, sessionId },
    "finish",
  );
  return JSON.stringify(body);
}

/** Sets how many of the domain's webhooks are active, and empties the outbox and the job queue. */
async function prepareOutbox(database: BenchDatabase, hookIds: readonly string[], active: number) {
  const handle = await database.open();
  try {
    await handle.db.deleteFrom("job").execute();
    await handle.db.deleteFrom("webhook_delivery").execute();
    for (const [index, id] of hookIds.entries())
      await handle.db
        .updateTable("webhook")
        .set({ status: index < active ? "active" : "inactive" })
        .where("id", "=", id)
        .execute();
  } finally {
    await handle.close();
  }
}

async function ingestTurn(
  side: Side,
  round: number,
  server: { base: string; pid: number },
  seeded: Seeded,
  database: BenchDatabase,
  receiver: Receiver,
  hooks: number,
): Promise<IngestTurn> {
  const run = (duration: number) =>
    postEventBatches(server.base, {
      connections: CONNECTIONS,
      seconds: duration,
      body: () => sessionBody(seeded),
    });
  await run(2); // warm-up: JIT, the floow's cache, the pool's connections
  await receiver.reset();
  const backends = await startDatabaseMeter(database);
  const cpuBefore = processCpuMs(server.pid)!;
  const result = await run(SECONDS);
  const cpuMs = processCpuMs(server.pid)! - cpuBefore;
  const backendMs = await backends?.stop();
  const { verified } = await receiver.stats();
  const ok = (result as unknown as { "2xx": number })["2xx"];
  const events = Math.max(1, ok * BATCH);
  const turn: IngestTurn = {
    side,
    round,
    eventsPerSecond: events / SECONDS,
    cpuMicros: (cpuMs * 1000) / events,
    ...(backendMs !== undefined && { backendMicros: (backendMs * 1000) / events }),
    delivered: verified,
    queued: ok * hooks,
    load: loadAverage(),
  };
  if (result.non2xx + result.errors + result.timeouts > 0)
    throw new Error(`${side}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  console.log(JSON.stringify(turn));
  return turn;
}

/** Queues DELIVERIES deliveries for the first webhook (the only active one): finish events of as many sessions. */
async function queueDeliveries(database: BenchDatabase, seeded: Seeded): Promise<void> {
  const handle = await database.open();
  try {
    for (let stored = 0; stored < DELIVERIES; stored += BATCH)
      await storeEvents(
        handle.db,
        Array.from({ length: Math.min(BATCH, DELIVERIES - stored) }, () => ({
          organizationId: seeded.organizationId,
          domainId: seeded.domainId,
          message: createEventMessage(
            {
              organizationId: seeded.organizationId,
              domainId: seeded.domainId,
              floowId: seeded.floowId,
              sessionId: randomUUID(),
            },
            "finish",
          ),
        })),
      );
  } finally {
    await handle.close();
  }
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 180_000) {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function apiDelivery(
  round: number,
  database: BenchDatabase,
  seeded: Seeded,
  hookIds: readonly string[],
  receiver: Receiver,
): Promise<{ turn: DeliveryTurn; body: string }> {
  await prepareOutbox(database, hookIds, 1);
  await queueDeliveries(database, seeded);
  await receiver.reset();
  const server = await startProductionServer(database.dataDir, {
    ...database.env,
    FETCH_ALLOW_LOOPBACK: "true",
  });
  try {
    const pid = server.child.pid!;
    // From the first delivery on: the server's start (migrations, warm-up) is not the delivery's.
    await waitFor("the first delivery", async () =>
      (await receiver.stats()).verified > 0 ? true : undefined,
    );
    const cpuBefore = processCpuMs(pid)!;
    const done = await waitFor("every delivery", async () => {
      const stats = await receiver.stats();
      return stats.verified >= DELIVERIES ? stats : undefined;
    });
    const cpuMs = processCpuMs(pid)! - cpuBefore;
    if (done.refused > 0) throw new Error(`${done.refused} deliveries failed verification`);
    const turn: DeliveryTurn = {
      side: "API",
      round,
      perSecond: ((DELIVERIES - 1) * 1000) / Math.max(1, done.last - done.first),
      cpuMicros: (cpuMs * 1000) / DELIVERIES,
      load: loadAverage(),
    };
    console.log(JSON.stringify(turn));
    return { turn, body: done.body };
  } finally {
    await server.stop();
  }
}

function floorDelivery(
  round: number,
  receiver: Receiver,
  secret: string,
  body: string,
): Promise<DeliveryTurn> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(here, "lib/webhook-sender-floor.ts")],
      {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          URL: `${receiver.base}/hook/0`,
          SECRET: secret,
          BODY: body,
          COUNT: String(DELIVERIES),
          CONCURRENCY: String(PER_ORGANIZATION),
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`the sender floor exited with ${code}`));
      const { ms, cpuMs } = JSON.parse(out.trim().split("\n").at(-1)!) as {
        ms: number;
        cpuMs: number;
      };
      const turn: DeliveryTurn = {
        side: "floor",
        round,
        perSecond: (DELIVERIES * 1000) / ms,
        cpuMicros: (cpuMs * 1000) / DELIVERIES,
        load: loadAverage(),
      };
      console.log(JSON.stringify(turn));
      resolve(turn);
    });
  });
}

async function measure(kind: DbKind) {
  const database = await createBenchDatabase(kind, "webhooks");
  const secrets = Array.from({ length: Math.max(...HOOK_COUNTS) }, () => generateWebhookSecret());
  const receiver = await startReceiver(secrets);
  try {
    const seeded = await seedIngestFloow(database);
    const hookIds: string[] = [];
    {
      const handle = await database.open();
      try {
        for (const [index, secret] of secrets.entries()) {
          const id = randomUUID();
          await insertWebhook(
            handle.db,
            seeded.organizationId,
            {
              id,
              domainId: seeded.domainId,
              floowId: null,
              name: `Hook ${index}`,
              url: `${receiver.base}/hook/${index}`,
              headers: {},
              method: "POST",
              status: "inactive",
              events: ["finish"],
            },
            secret,
          );
          hookIds.push(id);
        }
      } finally {
        await handle.close();
      }
    }
    const ingest: IngestTurn[] = [];
    const delivery: DeliveryTurn[] = [];
    let body = "";
    for (let round = 1; round <= ROUNDS; round++) {
      const sides: Side[] = ["floor", ...HOOK_COUNTS.map((n) => `API, ${n}` as const)];
      if (round % 2 === 0) sides.reverse();
      for (const side of sides) {
        if (side === "floor") {
          const floor = await startFloorProcess("ingest-floor.ts", {
            ...(database.databaseUrl
              ? { DATABASE_URL: database.databaseUrl }
              : { DATA_DIR: database.dataDir }),
            ORGANIZATION_ID: seeded.organizationId,
            DOMAIN_ID: seeded.domainId,
            FLOOW_ID: seeded.floowId,
          });
          try {
            ingest.push(await ingestTurn(side, round, floor, seeded, database, receiver, 0));
          } finally {
            await floor.stop();
          }
          continue;
        }
        const hooks = Number(side.split(", ")[1]);
        await prepareOutbox(database, hookIds, hooks);
        const server = await startProductionServer(database.dataDir, {
          ...database.env,
          TRUST_PROXY: "true",
          FETCH_ALLOW_LOOPBACK: "true",
        });
        try {
          ingest.push(
            await ingestTurn(
              side,
              round,
              { base: server.base, pid: server.child.pid! },
              seeded,
              database,
              receiver,
              hooks,
            ),
          );
        } finally {
          await server.stop();
        }
      }
      // Delivery: the API first in odd rounds; the floor sends the body the API sent.
      const api = () => apiDelivery(round, database, seeded, hookIds, receiver);
      if (round % 2 === 1 || !body) {
        const result = await api();
        body = result.body;
        delivery.push(result.turn);
        await receiver.reset();
        delivery.push(await floorDelivery(round, receiver, secrets[0]!, body));
      } else {
        await receiver.reset();
        delivery.push(await floorDelivery(round, receiver, secrets[0]!, body));
        delivery.push((await api()).turn);
      }
    }
    return { kind, ingest, delivery };
  } finally {
    await receiver.stop();
    await database.drop();
  }
}

function render(
  runs: Awaited<ReturnType<typeof measure>>[],
  before: string,
  after: string,
): string {
  const n = (value: number) => Math.round(value).toLocaleString("en");
  const name = (kind: DbKind) => (kind === "pglite" ? "PGlite (on disk)" : "PostgreSQL server");
  const ingestRows: string[] = [];
  const deliveryRows: string[] = [];
  const summary: string[] = [];
  for (const run of runs) {
    const of = (side: Side) => run.ingest.filter((turn) => turn.side === side);
    const rate = (side: Side) => median(of(side).map((turn) => turn.eventsPerSecond));
    const floorRate = rate("floor");
    const cpu = (side: Side) => median(of(side).map((turn) => turn.cpuMicros)).toFixed(1);
    const backend = (side: Side) =>
      of(side)[0]?.backendMicros === undefined
        ? "—"
        : `${median(of(side).map((turn) => turn.backendMicros!)).toFixed(1)} µs`;
    for (const side of ["floor", ...HOOK_COUNTS.map((k) => `API, ${k}` as const)] as Side[]) {
      const turns = of(side);
      const queued = turns.reduce((sum, turn) => sum + turn.queued, 0);
      const delivered = turns.reduce((sum, turn) => sum + turn.delivered, 0);
      ingestRows.push(
        `| ${name(run.kind)} | ${side === "floor" ? "floor (plain INSERT)" : `API, ${side.split(", ")[1]} webhook${side.endsWith(" 1") ? "" : "s"}`} | ${n(rate(side))} (${turns.map((t) => n(t.eventsPerSecond)).join(", ")}) | ${(rate(side) / floorRate).toFixed(2)} | ${cpu(side)} µs | ${backend(side)} | ${side === "floor" || side === "API, 0" ? "—" : `${n(delivered)} of ${n(queued)}`} | ${turns.map((t) => t.load.split(", ")[0]).join(", ")} |`,
      );
    }
    const zero = rate("API, 0");
    summary.push(
      `- **${name(run.kind)}:** with 1 webhook the ingest runs at ${(rate("API, 1") / zero).toFixed(2)}× its speed without one, with 3 at ${(rate("API, 3") / zero).toFixed(2)}× (${(rate("API, 3") / floorRate).toFixed(2)}× the plain-INSERT floor).`,
    );
    const side = (s: DeliveryTurn["side"]) => run.delivery.filter((turn) => turn.side === s);
    const api = median(side("API").map((turn) => turn.perSecond));
    const floor = median(side("floor").map((turn) => turn.perSecond));
    deliveryRows.push(
      `| ${name(run.kind)} | ${n(floor)} (${side("floor")
        .map((t) => n(t.perSecond))
        .join(", ")}) | ${n(api)} (${side("API")
        .map((t) => n(t.perSecond))
        .join(
          ", ",
        )}) | ${(api / floor).toFixed(2)} | ${median(side("floor").map((t) => t.cpuMicros)).toFixed(0)} / ${median(side("API").map((t) => t.cpuMicros)).toFixed(0)} µs | ${side(
        "API",
      )
        .map((t) => t.load.split(", ")[0])
        .join(", ")} |`,
    );
    summary.push(
      `- **${name(run.kind)}, delivery:** ${n(api)} deliveries/s, ${(api / floor).toFixed(2)}× the plain signed sender's ${n(floor)}/s.`,
    );
  }
  return `## Webhook outbox and delivery

Measured by \`apps/api/bench/webhooks.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
\`cd apps/api && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench webhooks\`
(${ROUNDS} rounds; the sides' order turns round each round; medians, each round's figure in brackets).

The API is the production build started as \`pnpm start\` starts it, every plugin on,
TRUST_PROXY=true and FETCH_ALLOW_LOOPBACK=true (the receiver is on 127.0.0.1; production refuses
such addresses). The receiver is a process of its own that verifies every request with the
\`standardwebhooks\` library and answers 204.

**What the outbox costs the ingest.** The events ingest's load (${SECONDS} s a turn, ${CONNECTIONS} connections,
batches of ${BATCH} from 5,000 client addresses), each batch one shopper's session ending in a
\`finish\` event, with 0, 1 and 3 active webhooks on the domain subscribed to \`finish\`: each
batch queues one delivery per webhook in the statement that stores its events, and the server's
job worker delivers them during the turn. Floor: the ingest benchmark's plain node:http process
doing one multi-row INSERT per batch (no outbox). CPU per event: the server process's, and on
the PostgreSQL server its backends'.

| database | side | events/s | ratio to the floor | server CPU / event | backends CPU / event | delivered in the turn | load (1 min) per round |
|---|---|---:|---:|---:|---:|---:|---|
${ingestRows.join("\n")}

**Delivery.** ${DELIVERIES.toLocaleString("en")} deliveries queued (finish events stored with one active webhook
before the server starts), drained by the server's job worker (\`webhook.deliver\`, at most
${PER_ORGANIZATION} at once for one organization: claim the job, read the delivery, sign, POST through the
safe fetch, record the attempt), from the first verified request to the last. Floor: a plain
Node process POSTing as many requests of the same body, each signed the same way
(\`standardwebhooks\`), ${PER_ORGANIZATION} at once, with \`fetch\`, to the same receiver; no queue, no database.

| database | floor (deliveries/s) | API (deliveries/s) | ratio | CPU per delivery, floor / API | load (1 min) per API round |
|---|---:|---:|---:|---:|---|
${deliveryRows.join("\n")}

${summary.join("\n")}

No goal in issues 11 or 22 for these figures: they say what webhooks cost a merchant's ingest and
how fast a backlog goes out.

Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown"}, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}, ${sh("uname -sr")};
the load generator, the server, the receiver and PostgreSQL share its CPUs. Load average (1, 5, 15 min)
before: ${before}; after: ${after}.
`;
}

prepareBuild();
const before = loadAverage();
const runs = [];
for (const kind of benchKinds()) runs.push(await measure(kind));
const section = render(runs, before, loadAverage());
console.log(section);
if (SECONDS >= 10) writeBenchmarkSection("## Webhook outbox and delivery", section);
