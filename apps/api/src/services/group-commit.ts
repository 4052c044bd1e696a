/**
 * Group commit, shared by the events ingest (services/events/ingest.ts) and the conversions
 * writer (services/conversions/ingest.ts): requests queue their items and wait; a write takes
 * what is queued (whole requests, up to `maxBatch` items) and stores it in one go, so under
 * load one statement serves many requests, and a request is answered only once its items are
 * stored (an accepted item is never only in memory). While the writes run, the next requests
 * queue for the next one.
 *
 * On the PostgreSQL server two writes may run at once (`writers`): while one waits for the
 * database, the next group is built and sent, so the API's work and the database's overlap.
 * Writes at once must lock their rows in one order (each writer's statements sort their rows).
 * PGlite has one connection: one write at a time.
 */

export interface GroupCommitOptions {
  /** Most items one write takes (a request larger than this goes alone). */
  maxBatch: number;
  /** Items waiting beyond this many make `add` refuse (the route answers 503 with Retry-After). */
  maxQueued: number;
  /** Writes that may run at once. */
  writers: number;
}

/** A request waiting in the queue: its item, and how to answer it. */
export interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit<T, R> {
  /** Queues an item; resolves with what the write answers for it. `false`: the queue is full. */
  add(item: T): Promise<R> | false;
  /** Resolves when everything queued so far is written (graceful shutdown, tests). */
  flush(): Promise<void>;
  /** Items waiting (not yet taken by a write). */
  readonly queued: number;
}

/**
 * Too many items are waiting to be stored: the HTTP routes answer 503 with Retry-After
 * (http/errors.ts), and the client sends again later.
 */
export class QueueFullError extends Error {
  readonly retryAfterSeconds = 2;
}

/**
 * A group-commit queue: `write` gets a group of pending requests and answers each (a throw
 * rejects those it left unanswered). `size` counts an item's share of `maxBatch` and
 * `maxQueued` (the events of a request; 1 by default).
 */
export function createGroupCommit<T, R>(
  options: GroupCommitOptions,
  write: (batch: Pending<T, R>[]) => Promise<void>,
  size: (item: T) => number = () => 1,
): GroupCommit<T, R> {
  const { maxBatch, maxQueued, writers } = options;
  const queue: { pending: Pending<T, R>; size: number }[] = [];
  let queued = 0;
  let active = 0;
  let scheduled = false;
  /** `flush` callers, told each time a write ends. */
  let waiters: (() => void)[] = [];

  /** Whole requests from the front of the queue, up to maxBatch items (one larger request goes alone). */
  function take(): Pending<T, R>[] {
    const batch: Pending<T, R>[] = [];
    let count = 0;
    while (queue.length > 0 && (batch.length === 0 || count + queue[0]!.size <= maxBatch)) {
      const next = queue.shift()!;
      batch.push(next.pending);
      count += next.size;
    }
    queued -= count;
    return batch;
  }

  async function run(batch: Pending<T, R>[]): Promise<void> {
    try {
      await write(batch);
    } catch (error) {
      // Answering an answered promise again does nothing: only those left waiting get the error.
      for (const pending of batch) pending.reject(error);
    }
  }

  function pump(): void {
    while (active < writers && queue.length > 0) {
      const batch = take();
      active++;
      void run(batch).finally(() => {
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
    add(item) {
      const count = size(item);
      if (queued + count > maxQueued) return false;
      const done = new Promise<R>((resolve, reject) =>
        queue.push({ pending: { item, resolve, reject }, size: count }),
      );
      queued += count;
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
