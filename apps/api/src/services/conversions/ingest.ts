import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { rawDatabase } from "../../db/raw";
import type { ConversionToInsert } from "../../db/queries/conversion";
import {
  conversionKey,
  insertConversions,
  insertUnattributed,
} from "../../db/queries/conversion-batch";
import type { NewConversion } from "../../db/queries/conversion-batch";
import { recordOneConversion, splitAttribution } from "./one-order";
import type { RecordConversionInput } from "./one-order";

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

/** A deadlock should not happen (rows go in sorted), but a statement picked as its victim was rolled back whole: once more. */
function retryDeadlock<T>(statement: () => Promise<T>): Promise<T> {
  return statement().catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
    return statement();
  });
}

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
 * - in one statement (`insertUnattributed`) finds every order's floow session and experiment
 *   arm and inserts, `ON CONFLICT DO NOTHING`, the orders without a floow session (most of
 *   them: nothing to split). The insert is atomic on its own: an order is either inserted by
 *   it (`duplicate: false`) or was there already, so each answer stays true without a
 *   transaction;
 * - splits the revenue of the orders with a floow session by the products it showed or had
 *   clicked (one query per such order) and inserts those in one more statement;
 * - hands each order that was known (and a second report of one order in the same group) to
 *   `recordOneConversion`, which merges it in a transaction as before.
 * A report is answered only once its order is stored (never only in memory). A new order thus
 * costs a share of one statement instead of four to five round trips of its own
 * (docs/benchmarks.md, "Conversions API"). If a group's statement fails (a deadlock is tried
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
    const orders = group.map(({ input }): NewConversion => ({
      id: randomUUID(),
      organizationId: input.organizationId,
      orderId: input.orderId,
      source: input.source,
      value: input.value,
      currency: input.currency,
      items: input.items,
      visitorId: input.visitorId ?? null,
      sessionId: input.sessionId ?? null,
      occurredAt: input.occurredAt ? new Date(input.occurredAt) : new Date(),
    }));
    /** Known orders, and any the group could not write: each on its own. */
    const alone: Pending[] = [...later];
    try {
      const passes = await retryDeadlock(() => insertUnattributed(db, orders));
      const attributed: { pending: Pending; row: ConversionToInsert }[] = [];
      await Promise.all(
        group.map(async (pending, i) => {
          const pass = passes[i]!;
          const order = orders[i]!;
          if (pass.session) {
            const attribution = await splitAttribution(
              db,
              order.organizationId,
              order,
              pass.session,
              pass.variantId,
            );
            attributed.push({ pending, row: { ...order, attribution } });
          } else if (pass.inserted) pending.resolve({ id: order.id, duplicate: false });
          else alone.push(pending);
        }),
      );
      if (attributed.length > 0) {
        try {
          const rows = attributed.map(({ row }) => row);
          const inserted = await retryDeadlock(() => insertConversions(db, rows));
          for (const { pending, row } of attributed) {
            if (inserted.has(row.id)) pending.resolve({ id: row.id, duplicate: false });
            else alone.push(pending);
          }
        } catch {
          alone.push(...attributed.map(({ pending }) => pending));
        }
      }
    } catch {
      // The group's statement failed (an order the database refuses, say): each on its own,
      // with its own answer or its own error.
      alone.push(...group);
    }
    await Promise.all(
      alone.map((pending) =>
        recordOneConversion(db, pending.input).then(pending.resolve, pending.reject),
      ),
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
