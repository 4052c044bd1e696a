import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import type { EventToStore } from "../../db/queries/event";
import { signalEventsStored } from "./stored-signal";
import { storeEvents } from "./store-events";

export interface EventIngestOptions {
  /** Most events one write takes (a multi-row insert of this many rows, 9 parameters each). */
  maxBatch?: number;
  /** Events waiting beyond this many make `add` refuse (the route answers 503, the runtime retries). */
  maxQueued?: number;
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

interface Pending {
  events: readonly EventToStore[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The events ingest's one writer (group commit): requests queue their accepted events and
 * wait; one write at a time takes everything queued (up to `maxBatch`) into a single
 * `storeEvents` transaction, so under load one multi-row insert serves many requests, and a
 * request is answered only once its events are stored (an accepted event is never only in
 * memory). While a write runs, the next requests queue for the next one.
 */
export function createEventIngest(db: Kysely<DB>, options: EventIngestOptions = {}): EventIngest {
  const { maxBatch = 2_000, maxQueued = 50_000, onError = () => undefined } = options;
  const queue: Pending[] = [];
  let queued = 0;
  let writing: Promise<void> | null = null;

  async function writeAll(): Promise<void> {
    while (queue.length > 0) {
      // Whole requests, up to maxBatch events (one larger request goes alone).
      const batch: Pending[] = [];
      let count = 0;
      while (queue.length > 0 && (batch.length === 0 || count + queue[0]!.events.length <= maxBatch)) {
        const next = queue.shift()!;
        batch.push(next);
        count += next.events.length;
      }
      queued -= count;
      try {
        const stored = await storeEvents(db, batch.flatMap((pending) => pending.events));
        for (const pending of batch) pending.resolve();
        signalEventsStored(stored.map((event) => event.organizationId));
      } catch (error) {
        onError(error);
        for (const pending of batch) pending.reject(error);
      }
    }
  }

  function kick(): Promise<void> {
    writing ??= (async () => {
      // Let the requests of this turn of the event loop join the first write.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await writeAll();
    })().finally(() => {
      writing = null;
      if (queue.length > 0) void kick();
    });
    return writing;
  }

  return {
    add(events) {
      if (events.length === 0) return Promise.resolve();
      if (queued + events.length > maxQueued) return false;
      const done = new Promise<void>((resolve, reject) => queue.push({ events, resolve, reject }));
      queued += events.length;
      void kick();
      return done;
    },
    async flush() {
      while (writing || queue.length > 0) await (writing ?? kick());
    },
    get queued() {
      return queued;
    },
  };
}
