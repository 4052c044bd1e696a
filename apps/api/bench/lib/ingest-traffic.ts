/**
 * The events ingest benchmarks' data and requests (ingest.bench.ts, scale.bench.ts): a live
 * floow of five steps whose ids the posted messages name (the ingest leaves out ids its floow
 * does not have), a copy of the `event` table for the floors (`createEventFloorTable`, also
 * used by the load test), and a batch of BATCH new events of a new session as the runtime
 * posts it.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import type { Result } from "autocannon";
import { createEventMessage } from "@floow/domain/events";
import { createChoice, createStep } from "@floow/domain/floow";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "../../src/db/database";
import { seedDomain, seedFloow, seedOrganization } from "../../test/floows";
import type { BenchDatabase } from "./bench-data";
import { startBackendMeter } from "./process-meters";

export const BATCH = 50;

export interface Seeded {
  organizationId: string;
  domainId: string;
  floowId: string;
}

/** The browser-like headers of the runtime's event batches. */
export const EVENT_HEADERS = {
  "content-type": "text/plain;charset=UTF-8",
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36",
  "accept-language": "nl-NL,nl;q=0.9",
};

let address = 0;
/** The next of `count` client addresses, in turn (X-Forwarded-For). */
export function nextAddress(count = 5_000): string {
  address = (address + 1) % count;
  return `198.18.${address >> 8}.${address & 255}`;
}

export async function seedIngestFloow(database: BenchDatabase): Promise<Seeded> {
  const handle = await database.open();
  try {
    const organizationId = await seedOrganization(handle.db, "Ingest bench");
    const domainId = (await seedDomain(handle.db, organizationId)).id;
    // The steps and choice the posted messages name (the ingest leaves out ids its floow does not have).
    const steps = Array.from({ length: 5 }, (_, i) =>
      createStep({
        id: `s${i}`,
        text: "Which colour?",
        choices: [createChoice({ id: "c1", text: "Red" })],
      }),
    );
    const floow = await seedFloow(handle.db, organizationId, domainId, "selling", {
      status: "live",
      steps,
    });
    await createEventFloorTable(handle.db);
    return { organizationId, domainId, floowId: floow.id };
  } finally {
    await handle.close();
  }
}

/** The events floors' table (bench/lib/event-floor.ts): a copy of `event` with its indexes. */
export async function createEventFloorTable(db: Kysely<DB>): Promise<void> {
  await sql`create table "event_floor" (like "event" including defaults including indexes)`.execute(
    db,
  );
}

export function batchBody(seeded: Seeded): string {
  const context = {
    organizationId: "",
    domainId: "",
    floowId: seeded.floowId,
    sessionId: randomUUID(),
  };
  const events = Array.from({ length: BATCH }, (_, i) =>
    createEventMessage(
      context,
      i === 0 ? "mount" : "choice",
      i === 0
        ? {}
        : {
            step: { id: `s${i % 5}`, text: "Which colour?" },
            choices: [{ id: "c1", text: "Red", selected: true }],
          },
    ),
  );
  return JSON.stringify({ events });
}

/**
 * The ingest's load on `base` for `seconds`: `connections` connections posting event batches
 * (`body()` makes each) as fast as they are answered, each request from the next of
 * `addresses` client addresses (X-Forwarded-For), so the per-address limit acts as for shoppers.
 */
export function postEventBatches(
  base: string,
  options: { connections: number; seconds: number; body: () => string; addresses?: number },
): Promise<Result> {
  return autocannon({
    url: `${base}/api/public/events`,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        method: "POST",
        headers: EVENT_HEADERS,
        setupRequest: (request) => ({
          ...request,
          body: options.body(),
          headers: {
            ...request.headers,
            "x-forwarded-for": nextAddress(options.addresses ?? 5_000),
          },
        }),
      },
    ],
  });
}

/** The backends' CPU meter of the bench's database on the PostgreSQL server; none on PGlite. */
export function startDatabaseMeter(database: BenchDatabase) {
  return database.databaseUrl
    ? startBackendMeter(
        process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL!,
        new URL(database.databaseUrl).pathname.slice(1),
      )
    : Promise.resolve(undefined);
}
