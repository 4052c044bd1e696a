/**
 * The data set of the analytics, revenue and experiment benchmarks, written once here:
 * BENCH_EVENTS events (default 1,000,000) of the demo generator (scripts/demo-data.ts: 20 live
 * floows over 90 days, through `storeEvents`), an experiment on the busiest floow (two variants
 * and a 10 % holdout; each of the floow's sessions gets an arm, 45/45/10 by a hash of its
 * visitor, as the runtime's events would have carried it; 80 % of those sessions have a visitor id,
 * a quarter of them a returning visitor's), and BENCH_ORDERS orders (default 50,000) written
 * straight into `conversion` for random started sessions of the organization, each with its
 * session's visitor, floow, version and arm (`variant_id`), as recordConversion attributes them
 * (placed 10 minutes after the session's last event; € 20–500, 60 % influenced).
 *
 * Small for a check of a bench's correctness: `BENCH_EVENTS=20000 BENCH_ORDERS=1000`.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createDb } from "../../src/db/client";
import type { DbHandle, DbKind } from "../../src/db/client";
import type { DB } from "../../src/db/database";
import { migrateToLatest } from "../../src/db/migrate";
import { generateDemoData } from "../../scripts/demo-data";
import type { DemoResult } from "../../scripts/demo-data";

/** The data set's size: the goals are at 1,000,000 events and 50,000 orders. */
export const BENCH_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
export const BENCH_ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
/** Whether this run is at the goals' size (a smaller one writes no section of docs/benchmarks.md). */
export const FULL_SIZE = BENCH_EVENTS >= 1_000_000 && BENCH_ORDERS >= 50_000;

export interface BenchData {
  demo: DemoResult;
  /** Rows in `conversion`. */
  orders: number;
  /** Seconds to write the events, then the orders. */
  eventsSeconds: number;
  ordersSeconds: number;
  /** The generation's clock (the data's days are counted back from it). */
  now: number;
  experiment: { id: string; floowId: string; arms: { a: string; b: string; holdout: string } };
}

/** Writes the data set into the organization (events, the experiment, the orders). */
export async function generateBenchData(
  db: Kysely<DB>,
  organizationId: string,
  options: { label: string; events?: number; orders?: number; now?: number },
): Promise<BenchData> {
  const events = options.events ?? BENCH_EVENTS;
  const ordersWanted = options.orders ?? BENCH_ORDERS;
  const now = options.now ?? Date.now();
  const eventsStart = performance.now();
  const demo = await generateDemoData(db, {
    organizationId,
    events,
    now: new Date(now),
    onProgress: (written) =>
      written % 100_000 < 2_000 &&
      process.stdout.write(`\r${options.label}: ${written.toLocaleString("en")} events`),
  });
  const eventsSeconds = (performance.now() - eventsStart) / 1000;

  const busiest = demo.floowIds[0]!;
  const experimentId = randomUUID();
  const arms = { a: randomUUID(), b: randomUUID(), holdout: randomUUID() };
  await db
    .insertInto("experiment")
    .values({
      id: experimentId,
      organization_id: organizationId,
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
  // Visitors as the runtime keeps them: 80 % of the floow's sessions with the page's consent carry
  // a visitor id, a quarter of them a returning visitor's; the arm is sticky per visitor (a hash of
  // the visitor id, or of the session id without one).
  const { count } = await db
    .selectFrom("event_session")
    .where("floow_id", "=", busiest)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  const visitors = Math.max(1, Math.round(Number(count) * 0.8 * 0.75));
  await sql`
    update "event_session" set "visitor_id" = case
        when abs(hashtext("session_id" || '/consent')) % 10 < 8
        then 'visitor-' || abs(hashtext("session_id" || '/visitor')) % ${visitors} end
    where "organization_id" = ${organizationId} and "floow_id" = ${busiest}`.execute(db);
  await sql`
    update "event_session" set "variant_id" = case
      when abs(hashtext(coalesce("visitor_id", "session_id"))) % 100 < 45 then ${arms.a}
      when abs(hashtext(coalesce("visitor_id", "session_id"))) % 100 < 90 then ${arms.b}
      else ${arms.holdout} end
    where "organization_id" = ${organizationId} and "floow_id" = ${busiest}`.execute(db);

  const ordersStart = performance.now();
  await sql`
    insert into "conversion" ("id", "organization_id", "order_id", "source", "value", "currency", "items",
      "visitor_id", "session_id", "floow_id", "floow_version", "variant_id", "influenced_value", "assisted_value", "occurred_at")
    select md5(s."session_id" || s."floow_id"), s."organization_id", 'bench-' || row_number() over (), 'api', s.v, 'EUR', '[]',
      s."visitor_id", s."session_id", s."floow_id", s."floow_version", s."variant_id", round(s.v * 0.6, 2), s.v - round(s.v * 0.6, 2),
      s."last_at" + interval '10 minutes'
    from (
      select *, round((20 + random() * 480)::numeric, 2) as v from "event_session"
      where "organization_id" = ${organizationId} and "starts" > 0
      order by random() limit ${ordersWanted}
    ) s`.execute(db);
  const { n } = await db
    .selectFrom("conversion")
    .where("organization_id", "=", organizationId)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  const ordersSeconds = (performance.now() - ordersStart) / 1000;
  await sql`analyze`.execute(db);
  console.log(
    `\n${options.label}: ${demo.events.toLocaleString("en")} events, ${demo.sessions.toLocaleString("en")} sessions in ${eventsSeconds.toFixed(1)} s; ${Number(n).toLocaleString("en")} orders in ${ordersSeconds.toFixed(1)} s`,
  );
  return {
    demo,
    orders: Number(n),
    eventsSeconds,
    ordersSeconds,
    now,
    experiment: { id: experimentId, floowId: busiest, arms },
  };
}

/** The days `YYYY-MM-DD` of the data set: today and `days` back (today included). */
export function benchDays(now: number) {
  return {
    today: new Date(now).toISOString().slice(0, 10),
    back: (days: number) => new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10),
  };
}

/**
 * A database of a bench's own, as the production server opens it: PGlite on disk in a fresh
 * DATA_DIR, or a fresh database on the DATABASE_URL server (dropped by `drop()`). `env` is what
 * the server (and a floor) need to open it; `open()` opens it here (one process at a time on
 * PGlite: close it before a server starts).
 */
export interface BenchDatabase {
  kind: DbKind;
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string>;
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

export async function createBenchDatabase(kind: DbKind, label: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `floow-bench-${label}-`));
  if (kind === "pglite") {
    const open = async () => {
      const handle = await createDb({ dataDir });
      await migrateToLatest(handle.db);
      return handle;
    };
    return {
      kind,
      dataDir,
      env: {},
      open,
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set");
  const name = `floow_bench_${label}_${randomBytes(4).toString("hex")}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serverUrl, max: 1 }) }),
  });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind,
    dataDir,
    databaseUrl,
    env: { DATABASE_URL: databaseUrl },
    async open() {
      const handle = await createDb({ databaseUrl });
      await migrateToLatest(handle.db);
      return handle;
    },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await sql`drop database if exists ${sql.id(name)} with (force)`
        .execute(admin)
        .catch(() => undefined);
      await admin.destroy();
    },
  };
}

/** The database kinds a bench runs on: PGlite, and the server when DATABASE_URL is set (BENCH_KINDS picks). */
export function benchKinds(): DbKind[] {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const all: DbKind[] = serverUrl ? ["pglite", "postgres"] : ["pglite"];
  return all.filter(
    (kind) => !process.env.BENCH_KINDS || process.env.BENCH_KINDS.split(",").includes(kind),
  );
}
