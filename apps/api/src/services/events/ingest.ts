import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { rawDatabase } from "../../db/raw";
import type { EventToStore } from "../../db/queries/event";
import { createGroupCommit } from "../group-commit";
import { signalEventsStored } from "./stored-signal";
import { storeEvents } from "./store-events";

export interface EventIngestOptions {
  /** Most events one write takes (one statement of this many rows, services/events/store-events.ts). */
  maxBatch?: number;
  /** Events waiting beyond this many make `add` refuse (the route answers 503, the runtime retries). */
  maxQueued?: number;
  /** Writes that may run at once (default: 2 on the PostgreSQL server, 1 on PGlite). */
  writers?: number;
  onError?: (error: unknown) => void;
}

export interface EventIngest {
  /**
   * Queues events for the writer; resolves once they are stored (in a transaction with other
   * requests' events), rejects when that write failed. `false`: the queue is full.
   */
  add(events: readonly EventToStore[]): Promise<void> | false;
  /** Resolves when everything queued so far is written (graceful shutdown, tests). */
  flush(): Promise<void>;
  readonly queued: number;
}

/** PostgreSQL's SQLSTATE for a transaction rolled back to break a deadlock. */
const DEADLOCK_DETECTED = "40P01";

/**
 * The events ingest's writers: group commit (services/group-commit.ts) of whole requests, up to
 * `maxBatch` events in one `storeEvents` statement; a request is answered once its events are
 * stored. Two writes at once (the server's default; measured: docs/benchmarks.md, "Events
 * ingest through the production server") lock their rows in the same order (every insert of
 * `storeEvents` writes its rows sorted), as two API processes' writes already had to.
 */
export function createEventIngest(db: Kysely<DB>, options: EventIngestOptions = {}): EventIngest {
  const {
    maxBatch = 2_000,
    maxQueued = 50_000,
    writers = rawDatabase(db)?.kind === "postgres" ? 2 : 1,
    onError = () => undefined,
  } = options;
  const group = createGroupCommit<readonly EventToStore[], void>(
    { maxBatch, maxQueued, writers },
    async (batch) => {
      const events = batch.flatMap((pending) => pending.item);
      try {
        // A deadlock should not happen (rows are written in one order), but if the database
        // ever picks this write as a deadlock's victim, it was rolled back whole: try it once more.
        const stored = await storeEvents(db, events).catch((error: unknown) => {
          if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
          return storeEvents(db, events);
        });
        for (const pending of batch) pending.resolve();
        signalEventsStored(stored.map((event) => event.organizationId));
      } catch (error) {
        onError(error);
        throw error;
      }
    },
    (events) => events.length,
  );
  return {
    add: (events) => (events.length === 0 ? Promise.resolve() : group.add(events)),
    flush: () => group.flush(),
    get queued() {
      return group.queued;
    },
  };
}
