import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { rawDatabase } from "../../db/raw";
import type { ConversionToInsert } from "../../db/queries/conversion";
import {
  conversionKey,
  findAttributions,
  insertConversions,
} from "../../db/queries/conversion-batch";
import { recordOneConversion, splitAttribution } from "./record";
import type { RecordConversionInput } from "./record";

export interface ConversionWriterOptions {
  /** Most orders one write takes (one multi-row insert of this many rows). */
  maxBatch?: number;
  /** Writes that may run at once (default: 2 on the PostgreSQL server, 1 on PGlite). */
  writers?: number;
}

export interface ConversionWriter {
  /** Resolves once the order is stored (or found known and merged), saying which. */
  record(input: RecordConversionInput): Promise<{ id: string; duplicate: boolean }>;
  /** Resolves when everything queued so far is written. */
  flush(): Promise<void>;
}

interface Pending {
  input: RecordConversionInput;
  resolve: (result: { id: string; duplicate: boolean }) => void;
  reject: (error: unknown) => void;
}

/** PostgreSQL's SQLSTATE for a transaction rolled back to break a deadlock. */
const DEADLOCK_DETECTED = "40P01";

const writers = new WeakMap<Kysely<DB>, ConversionWriter>();

/**
 * The database's conversions writer (one per Kysely instance, made at its first order), so
 * every receiver's reports (runtime, data layer, /api/v1, Shopify) of one process share it.
 */
export function conversionWriter(db: Kysely<DB>): ConversionWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = createConversionWriter(db);
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Group commit for orders, as the events ingest does for events (services/events/ingest.ts):
 * a report waits in a queue; a write takes what is queued (up to `maxBatch` orders) and
 * - attributes all of them in one query (`findAttributions`; the products of the attributed
 *   sessions, for the influenced split, one query per attributed order);
 * - inserts them in one `INSERT … ON CONFLICT DO NOTHING RETURNING id`, which is atomic on
 *   its own: each order is either inserted by this statement (`duplicate: false`) or was
 *   there already, so the answer stays true per order without a transaction;
 * - hands each order that was known (and a second report of one order in the same group) to
 *   `recordOneConversion`, which merges it in a transaction as before.
 * A report is answered only once its order is stored (never only in memory). A new order thus
 * costs a share of two statements instead of four to five round trips of its own
 * (docs/benchmarks.md, "Conversions API"). If the group's insert fails (a deadlock is tried
 * once more), each of its orders is recorded on its own, so one bad order fails only its report.
 */
export function createConversionWriter(
  db: Kysely<DB>,
  options: ConversionWriterOptions = {},
): ConversionWriter {
  const { maxBatch = 500, writers = rawDatabase(db)?.kind === "postgres" ? 2 : 1 } = options;
  const queue: Pending[] = [];
  let active = 0;
  let scheduled = false;
  let waiters: (() => void)[] = [];

  async function write(batch: Pending[]): Promise<void> {
    // One report per order in the group; a second report of the same order waits for the first.
    const first = new Map<string, Pending>();
    const later: Pending[] = [];
    for (const pending of batch) {
      const key = conversionKey(pending.input);
      if (first.has(key)) later.push(pending);
      else first.set(key, pending);
    }
    const group = [...first.values()];
    let rows: ConversionToInsert[];
    let inserted: Set<string>;
    try {
      rows = await prepare(group);
      inserted = await insertConversions(db, rows).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
        return insertConversions(db, rows);
      });
    } catch {
      // Each on its own: its own answer, its own error.
      await Promise.all(batch.map((pending) => one(pending)));
      return;
    }
    const known: Pending[] = [];
    group.forEach((pending, i) => {
      const id = rows[i]!.id;
      if (inserted.has(id)) pending.resolve({ id, duplicate: false });
      else known.push(pending);
    });
    await Promise.all([...known, ...later].map((pending) => one(pending)));
  }

  function one(pending: Pending): Promise<void> {
    return recordOneConversion(db, pending.input).then(pending.resolve, pending.reject);
  }

  /** The rows to insert, attributed, in the group's order. */
  async function prepare(group: Pending[]): Promise<ConversionToInsert[]> {
    const orders = group.map(({ input }) => ({
      ...input,
      visitorId: input.visitorId ?? null,
      sessionId: input.sessionId ?? null,
      occurredAt: input.occurredAt ? new Date(input.occurredAt) : new Date(),
    }));
    const found = await findAttributions(
      db,
      orders.map((order) => ({ ...order, at: order.occurredAt })),
    );
    return Promise.all(
      orders.map(async (order, i) => ({
        id: randomUUID(),
        organizationId: order.organizationId,
        orderId: order.orderId,
        source: order.source,
        value: order.value,
        currency: order.currency,
        items: order.items,
        visitorId: order.visitorId,
        sessionId: order.sessionId,
        occurredAt: order.occurredAt,
        attribution: await splitAttribution(
          db,
          order.organizationId,
          order,
          found[i]!.session,
          found[i]!.variantId,
        ),
      })),
    );
  }

  function pump(): void {
    while (active < writers && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      active++;
      void write(batch).finally(() => {
        active--;
        const told = waiters;
        waiters = [];
        for (const tell of told) tell();
        schedule();
      });
    }
  }

  /** The next write starts after this turn of the event loop, so the requests of the turn join it. */
  function schedule(): void {
    if (scheduled || queue.length === 0 || active >= writers) return;
    scheduled = true;
    const start = () => {
      scheduled = false;
      pump();
    };
    // As the events ingest: on PGlite (one connection, run on this thread) one more turn lets
    // the requests read meanwhile join the write.
    setImmediate(writers === 1 ? () => setImmediate(start) : start);
  }

  return {
    record(input) {
      const done = new Promise<{ id: string; duplicate: boolean }>((resolve, reject) =>
        queue.push({ input, resolve, reject }),
      );
      schedule();
      return done;
    },
    async flush() {
      while (active > 0 || queue.length > 0) {
        const ended = new Promise<void>((resolve) => waiters.push(resolve));
        schedule();
        await ended;
      }
    },
  };
}
