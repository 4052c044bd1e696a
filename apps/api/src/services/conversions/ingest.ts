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
import { createGroupCommit, QueueFullError } from "../group-commit";
import type { Pending as GroupCommitPending } from "../group-commit";
import { recordOneConversion, splitAttribution } from "./one-order";
import type { RecordConversionInput } from "./one-order";

export interface ConversionWriterOptions {
  /** Most orders one write takes (one multi-row insert of this many rows). */
  maxBatch?: number;
  /**
   * Orders waiting beyond this many make `record` refuse with `QueueFullError` (the routes
   * answer 503 with Retry-After; the sender reports again later, and an order counts once).
   */
  maxQueued?: number;
  /** Writes that may run at once (default: 2 on the PostgreSQL server, 1 on PGlite). */
  writers?: number;
}

export interface ConversionWriter {
  /**
   * Resolves once the order is stored (or found known and merged), saying which. Rejects with
   * `QueueFullError` at once when too many orders are waiting.
   */
  record(input: RecordConversionInput): Promise<{ id: string; duplicate: boolean }>;
  /** Resolves when everything queued so far is written. */
  flush(): Promise<void>;
}

type Pending = GroupCommitPending<RecordConversionInput, { id: string; duplicate: boolean }>;

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
 * The database's conversions writer (one per Kysely instance, made at its first order, with
 * `options` if that first call gives them), so every receiver's reports (runtime, data layer,
 * /api/v1, Shopify) of one process share it.
 */
export function conversionWriter(
  db: Kysely<DB>,
  options?: ConversionWriterOptions,
): ConversionWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = createConversionWriter(db, options);
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Group commit for orders (services/group-commit.ts, as the events ingest's):
 * a report waits in a queue (at most `maxQueued`); a write takes what is queued (up to `maxBatch` orders) and
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
  const {
    maxBatch = 500,
    maxQueued = 10_000,
    writers = rawDatabase(db)?.kind === "postgres" ? 2 : 1,
  } = options;

  async function write(batch: Pending[]): Promise<void> {
    // One report per order in the group; a second report of the same order waits for the first.
    const first = new Map<string, Pending>();
    const later: Pending[] = [];
    for (const pending of batch) {
      const key = conversionKey(pending.item);
      if (first.has(key)) later.push(pending);
      else first.set(key, pending);
    }
    const group = [...first.values()];
    const orders = group.map(({ item: input }): NewConversion => ({
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
        recordOneConversion(db, pending.item).then(pending.resolve, pending.reject),
      ),
    );
  }

  const queue = createGroupCommit<RecordConversionInput, { id: string; duplicate: boolean }>(
    { maxBatch, maxQueued, writers },
    write,
  );
  return {
    record(input) {
      return (
        queue.add(input) ||
        Promise.reject(new QueueFullError("Too many orders are waiting to be stored."))
      );
    },
    flush: () => queue.flush(),
  };
}
