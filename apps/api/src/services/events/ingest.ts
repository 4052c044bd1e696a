import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { rawDatabase } from "../../db/raw";
import type { EventToStore } from "../../db/queries/event";
import { signalEventsStored } from "./stored-signal";
import { storeEvents } from "./store-events";

export interface EventIngestOptions {
  /** Most events one write takes (a multi-row insert of this many rows, 9 parameters each). */
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

interface Pending {
  events: readonly EventToStore[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The events ingest's writers (group commit): requests queue their accepted events and wait; a
 * write takes everything queued (whole requests, up to `maxBatch` events) into a single
 * `storeEvents` transaction, so under load one multi-row insert serves many requests, and a
 * request is answered only once its events are stored (an accepted event is never only in
 * memory). While the writes run, the next requests queue for the next one.
 *
 * On the PostgreSQL server two writes may run at once (`writers`): while one waits for the
 * database, the next batch is built and sent, so the API's work and the database's overlap
 * (measured: docs/benchmarks.md, "Events ingest through the production server"). Two writes lock their rows in
 * the same order (every insert of `storeEvents` writes its rows sorted), as two API
 * processes' writes already had to. PGlite has one connection: one write at a time.
 */
export function createEventIngest(db: Kysely<DB>, options: EventIngestOptions = {}): EventIngest {
  const {
    maxBatch = 2_000,
    maxQueued = 50_000,
    writers = rawDatabase(db)?.kind === "postgres" ? 2 : 1,
    onError = () => undefined,
  } = options;
  const queue: Pending[] = [];
  let queued = 0;
  let active = 0;
  let scheduled = false;
  /** `flush` callers, told each time a write ends. */
  let waiters: (() => void)[] = [];

  /** Whole requests from the front of the queue, up to maxBatch events (one larger request goes alone). */
  function take(): Pending[] {
    const batch: Pending[] = [];
    let count = 0;
    while (
      queue.length > 0 &&
      (batch.length === 0 || count + queue[0]!.events.length <= maxBatch)
    ) {
      const next = queue.shift()!;
      batch.push(next);
      count += next.events.length;
    }
    queued -= count;
    return batch;
  }

  async function write(batch: Pending[]): Promise<void> {
    const events = batch.flatMap((pending) => pending.events);
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
      for (const pending of batch) pending.reject(error);
    }
  }

  function pump(): void {
    while (active < writers && queue.length > 0) {
      const batch = take();
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
    // PGlite runs a write on this thread: requests that arrived meanwhile are read only in the
    // event loop's next poll, which comes after this turn's setImmediate. One more turn lets
    // them join the next write (on PGlite about 0.45 -> 0.39 ms of CPU per single-event
    // request, bigger groups). The server's writes wait on sockets, so requests are read
    // while they run, and the extra turn measured no better there.
    setImmediate(writers === 1 ? () => setImmediate(start) : start);
  }

  return {
    add(events) {
      if (events.length === 0) return Promise.resolve();
      if (queued + events.length > maxQueued) return false;
      const done = new Promise<void>((resolve, reject) => queue.push({ events, resolve, reject }));
      queued += events.length;
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
    get queued() {
      return queued;
    },
  };
}
