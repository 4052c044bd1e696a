import { createHash } from "node:crypto";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql } from "kysely";
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { DB } from "../database";
import { rawDatabase } from "../raw";
import { discardStagedProducts, publishStagedProducts, stageProducts } from "./product";
import type { ProductInput } from "./product";

/**
 * Loads a feed's new products and swaps them in at once: readers see all old or all new
 * products, and a load that is discarded leaves the old ones.
 */
export interface ProductLoader {
  /** How the products are written (for the docs and the benchmark). */
  readonly method: "copy" | "pglite-copy" | "json";
  /** Products written so far. */
  readonly count: number;
  /** Adds products, numbered on from the ones before (feed order). */
  write(products: readonly ProductInput[]): Promise<void>;
  /**
   * Makes the written products the feed's products and runs `then` in the same transaction
   * (the feed's status and count), so both change at once. Returns how many there are.
   */
  publish(then: (trx: Kysely<DB>, count: number) => Promise<void>): Promise<number>;
  /** Drops what was written; the feed keeps its products. Safe to call more than once. */
  discard(): Promise<void>;
}

const COLUMNS = `"feed_id", "organization_id", "external_id", "position", "name", "price", "url", "image", "description", "attributes"`;

/**
 * On the server: the COPY statement lasts as long as the download (the import's own limit is
 * 10 minutes), so it gets a longer statement timeout than other background statements; and
 * the client gives up on a server that stops answering (and drops that connection).
 */
const COPY_STATEMENT_TIMEOUT_MS = 15 * 60_000;
const CLIENT_TIMEOUT_MS = 60_000;

/**
 * PGlite runs in this thread: each statement holds the event loop until it is done, so the
 * import's statements are kept short (a few milliseconds each; `/healthz` answers between
 * them) and the event loop runs after each.
 *
 * Products per `COPY` into the staging table (about 6 ms each; a feed's batch of 1,000 in one
 * statement held the event loop for about 15 ms, and with building its text about 30 ms).
 * Each statement has a fixed cost besides its rows: with 500 instead of 250 (and 80 pages
 * instead of 40 below), the loader's CPU time for 100,000 products went from 3.8-4.0 s to
 * 3.4-3.5 s (PGlite in a Node process, products made beforehand; load 7-9 on 2 cores), the
 * p99 of a 10 ms timer during it about the same (12-28 ms against 21-22 ms in the quieter runs);
 * 1,000 and 160 saved little more and let that p99 reach 67-118 ms.
 */
const PGLITE_COPY_ROWS = 500;
/**
 * Pages of the staging table (about 10 products each) copied into `product` per statement
 * when the staged products are swapped in: about 10 ms each.
 */
const PGLITE_SWAP_PAGES = 80;
/** Old products deleted per statement in the swap (deleting touches no index: a few ms). */
const PGLITE_DELETE_ROWS = 4_000;

/**
 * Opens a loader for a feed's products, the fastest way the database allows:
 *
 * - PostgreSQL server: one transaction on its own connection deletes the feed's products and
 *   streams the new ones straight into `product` with `COPY … FROM STDIN`
 *   (`pg-copy-streams`), written once; the commit is the swap. Other connections read the
 *   old products until then (MVCC).
 * - PGlite: one connection for the whole process, so a transaction held for the whole
 *   download would stop every other query. The products are staged in an unlogged table of
 *   the import's own without indexes or foreign keys (`stagingTable`), with
 *   `COPY … FROM '/dev/blob'` in parts of PGLITE_COPY_ROWS, and swapped into `product` in one transaction of
 *   small statements (ranges of the staging table's pages; the event loop runs between them,
 *   so the process keeps answering), which then drops the staging table: the swap needs the
 *   staging here.
 * - Anything else (a Kysely instance createDb did not open): staged in `product_import` as
 *   JSON, then swapped.
 */
export async function openProductLoader(
  db: Kysely<DB>,
  feed: { id: string; organizationId: string },
): Promise<ProductLoader> {
  const raw = rawDatabase(db);
  if (raw?.kind === "postgres") return openServerCopy(raw.pool, feed);
  if (raw?.kind === "pglite") return openPGliteCopy(db, raw.pglite, feed);
  return openJsonStaging(db, feed);
}

/** Drops what an import of the feed left staged (a failed or abandoned refresh). */
export async function discardProductLoad(db: Kysely<DB>, feedId: string): Promise<void> {
  await discardStagedProducts(db, feedId);
  if (rawDatabase(db)?.kind === "pglite")
    await sql`drop table if exists ${sql.id(stagingTable(feedId))}`.execute(db);
}

/** The staging table of a feed's import on PGlite (one per feed: one refresh of a feed runs at a time). */
function stagingTable(feedId: string): string {
  return `product_stage_${createHash("sha256").update(feedId).digest("hex").slice(0, 24)}`;
}

async function openPGliteCopy(
  db: Kysely<DB>,
  pglite: PGlite,
  feed: { id: string; organizationId: string },
): Promise<ProductLoader> {
  const name = stagingTable(feed.id);
  const table = sql.id(name);
  await sql`drop table if exists ${table}`.execute(db);
  // Unlogged, without indexes or foreign keys: written once, read once, dropped.
  await sql`create unlogged table ${table} (like "product" including defaults)`.execute(db);
  const copy = `copy "${name}" (${COLUMNS}) from '/dev/blob'`;
  const prefix = copyPrefix(feed);
  // One buffer for every part (see CopyRows). The rows wait there, as bytes, until a part is
  // full: the import can hand over small batches, whose products then die young (a batch of
  // 1,000 products lived through the parser's young-generation collections and was promoted
  // with the feed text its values are slices of, to wait for a full collection).
  const rows = new CopyRows();
  // Products written (copied, or waiting in `rows`).
  let count = 0;
  const copyPart = async (data: Blob) => {
    // Holding Kysely's connection: no Kysely transaction is open on PGlite meanwhile.
    await db.connection().execute(() => pglite.query(copy, [], { blob: data }));
    // Let timers and requests run between statements (PGlite works in this thread).
    await yieldToEventLoop();
  };
  const flush = async () => {
    if (rows.count === 0) return;
    await copyPart(rows);
    rows.clear();
  };
  return {
    method: "pglite-copy",
    get count() {
      return count;
    },
    async write(products) {
      for (const product of products) {
        const row = copyRow(prefix, product, count);
        if (!rows.add(row)) {
          await flush();
          // A row larger than the whole buffer (a product of megabytes of escaped text) goes alone.
          if (!rows.add(row)) await copyPart(new Blob([row]));
        }
        count++;
        if (rows.count >= PGLITE_COPY_ROWS) await flush();
      }
    },
    async publish(then) {
      await flush();
      return db.transaction().execute(async (trx) => {
        // No foreign-key triggers for the copied rows (they were 2 of every 3 seconds of the
        // swap): every row carries this feed and its organization, and the feed is checked
        // here, inside the transaction, which nothing else runs beside on PGlite's one
        // connection. (PGlite's user is a superuser; SET LOCAL ends with the transaction.)
        const owner = await trx
          .selectFrom("feed")
          .select("id")
          .where("id", "=", feed.id)
          .where("organization_id", "=", feed.organizationId)
          .executeTakeFirst();
        if (!owner) throw new Error("The feed was deleted.");
        await sql`set local session_replication_role = replica`.execute(trx);
        // The old products go in steps too (a refresh replaces as many as it brings).
        for (;;) {
          const deleted = await sql`
            delete from "product" where "ctid" in (select "ctid" from "product" where "feed_id" = ${feed.id} limit ${PGLITE_DELETE_ROWS})
          `.execute(trx);
          if (Number(deleted.numAffectedRows ?? 0n) === 0) break;
          await yieldToEventLoop();
        }
        const { rows } = await sql<{
          pages: string;
        }>`select pg_relation_size(${name}) / 8192 as "pages"`.execute(trx);
        const pages = Number(rows[0]?.pages ?? 0);
        let copied = 0;
        for (let first = 0; first < pages; first += PGLITE_SWAP_PAGES) {
          const result = await sql`
            insert into "product" (${sql.raw(COLUMNS)})
            select ${sql.raw(COLUMNS)} from ${table}
            where "ctid" >= ${`(${first},0)`}::tid and "ctid" < ${`(${first + PGLITE_SWAP_PAGES},0)`}::tid
          `.execute(trx);
          copied += Number(result.numAffectedRows ?? 0n);
          await yieldToEventLoop();
        }
        if (copied !== count)
          throw new Error(`The swap copied ${copied} of ${count} staged products.`);
        await sql`set local session_replication_role = origin`.execute(trx);
        await sql`drop table ${table}`.execute(trx);
        await yieldToEventLoop();
        await then(trx, copied);
        return copied;
      });
    },
    async discard() {
      await sql`drop table if exists ${table}`.execute(db);
    },
  };
}

async function openJsonStaging(
  db: Kysely<DB>,
  feed: { id: string; organizationId: string },
): Promise<ProductLoader> {
  await discardStagedProducts(db, feed.id);
  let count = 0;
  return {
    method: "json",
    get count() {
      return count;
    },
    async write(products) {
      if (products.length === 0) return;
      await stageProducts(db, feed, products, count);
      count += products.length;
    },
    async publish(then) {
      return db.transaction().execute(async (trx) => {
        const published = await publishStagedProducts(trx, feed.id);
        await then(trx, published);
        return published;
      });
    },
    async discard() {
      await discardStagedProducts(db, feed.id);
    },
  };
}

async function openServerCopy(
  pool: pg.Pool,
  feed: { id: string; organizationId: string },
): Promise<ProductLoader> {
  const client = (await pool.connect()) as pg.PoolClient & {
    connection?: { stream?: { destroy(): void } };
  };
  /** A query that gives up (and breaks the connection) when the server does not answer. */
  const query = async (text: string, values?: unknown[]) => {
    try {
      return await client.query({
        text,
        values,
        query_timeout: CLIENT_TIMEOUT_MS,
      } as pg.QueryConfig);
    } catch (error) {
      broken = error as Error;
      throw error;
    }
  };
  let done = false;
  let broken: Error | undefined;
  const finish = async (commit: boolean) => {
    if (done) return;
    done = true;
    try {
      if (!broken) await query(commit ? "commit" : "rollback");
    } catch (error) {
      broken = error as Error;
      if (commit) throw error;
    } finally {
      // A connection that failed mid-COPY is not given back to the pool.
      client.release(broken);
    }
  };
  try {
    await query("begin");
    // The COPY lasts as long as the download (the import has its own time limit).
    await query(`set local statement_timeout = '${COPY_STATEMENT_TIMEOUT_MS}ms'`);
    await query(`delete from "product" where "feed_id" = $1`, [feed.id]);
  } catch (error) {
    broken = error as Error;
    await finish(false);
    throw error;
  }
  const stream = client.query(copyFrom(`copy "product" (${COLUMNS}) from stdin`));
  let streamError: Error | undefined;
  stream.on("error", (error: Error) => {
    streamError ??= error;
  });
  /** The COPY's end, or the connection cut when the server does not answer within the client timeout. */
  const streamDone = () =>
    withTimeout(finished(stream), CLIENT_TIMEOUT_MS, () => client.connection?.stream?.destroy());
  let count = 0;
  const discard = async () => {
    if (done) return;
    // A COPY that already failed (its connection died, the server refused it) is over. Destroying
    // it then would wait forever when it failed before the server's CopyInResponse: the stream
    // sends its CopyFail only after that answer, which a dead connection never gives.
    if (!streamError && !stream.writableFinished && !stream.destroyed) {
      // Ends the COPY with an error (CopyFail); the transaction is then rolled back.
      stream.destroy(new Error("The import was stopped."));
      await streamDone().catch(() => undefined);
    }
    await finish(false).catch(() => undefined);
  };
  return {
    method: "copy",
    get count() {
      return count;
    },
    async write(products) {
      if (streamError) throw streamError;
      if (products.length === 0) return;
      const ok = stream.write(copyBytes(feed, products, count));
      count += products.length;
      if (!ok) {
        // `once` rejects when the stream errs while waiting (and removes its listeners either
        // way; a separate `once(stream, "error")` left one listener behind per wait).
        await once(stream, "drain").catch((error: unknown) => {
          throw streamError ?? error;
        });
        if (streamError) throw streamError;
      }
    },
    async publish(then) {
      try {
        // Ending a failed COPY would wait for the same answer (CopyInResponse) as above.
        if (streamError) throw streamError;
        stream.end();
        await streamDone();
        const trx = singleClientKysely(client);
        await then(trx, count);
        await finish(true);
        return count;
      } catch (error) {
        await discard();
        throw error;
      }
    },
    discard,
  };
}

/** Kysely on one checked-out client (the COPY's transaction), for the queries run inside it. */
function singleClientKysely(client: pg.PoolClient): Kysely<DB> {
  const pool: PostgresPool = {
    connect: async () =>
      ({
        query: client.query.bind(client),
        release: () => undefined,
      }) as unknown as PostgresPoolClient,
    end: async () => undefined,
  };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Products as rows of PostgreSQL's COPY text format (tab-separated, `\\N` for null), UTF-8
 * encoded row by row into one buffer. Not the batch's rows joined into one string and then
 * encoded: that string is flattened (copied) first, and a feed's text with any character
 * beyond Latin-1 (a dash in a title) makes it a two-byte string, which `Buffer.from` encodes
 * in two slow passes. Measured on the feed benchmark's products, 500 a batch: 1,083-1,334 ms
 * → 994-1,153 ms per 100,000 products (6 alternating runs). The buffer is sized for the worst
 * case, 3 bytes per UTF-16 unit; only the pages written are touched. Lone surrogates become
 * U+FFFD, as they did when the text was encoded as a string.
 */
function copyBytes(
  feed: { id: string; organizationId: string },
  products: readonly ProductInput[],
  firstPosition: number,
): Buffer {
  const prefix = copyPrefix(feed);
  const rows: string[] = [];
  let bound = 0;
  for (let index = 0; index < products.length; index++) {
    const row = copyRow(prefix, products[index]!, firstPosition + index);
    rows.push(row);
    bound += row.length * 3;
  }
  const bytes = Buffer.allocUnsafe(bound);
  let used = 0;
  for (const row of rows) used += encoder.encodeInto(row, bytes.subarray(used)).written;
  return bytes.subarray(0, used);
}

/** The columns every row of the feed starts with. */
function copyPrefix(feed: { id: string; organizationId: string }): string {
  return `${copyValue(feed.id)}\t${copyValue(feed.organizationId)}\t`;
}

/** One product as a row of COPY's text format, with its line end. */
function copyRow(prefix: string, p: ProductInput, position: number): string {
  const price = p.price !== null && Number.isFinite(p.price) ? String(p.price) : "\\N";
  let attributes = JSON.stringify(p.attributes);
  // JSON.stringify writes a lone UTF-16 surrogate as an escape, which PostgreSQL's jsonb
  // rejects: such text becomes U+FFFD instead (rare, so checked cheaply first).
  if (attributes.includes("\\ud"))
    attributes = JSON.stringify(p.attributes, (_key, value: unknown) =>
      typeof value === "string" ? wellFormed(value) : value,
    );
  // JSON text holds no raw line break or tab (JSON.stringify escapes them): only its
  // backslashes need doubling, without copyValue's regular expression over the whole text.
  if (attributes.includes("\\")) attributes = attributes.replaceAll("\\", "\\\\");
  return (
    `${prefix}${copyValue(p.id)}\t${position}\t${copyValue(p.name)}\t${price}\t${copyValue(p.url)}\t` +
    `${copyValue(p.image)}\t${copyValue(p.description)}\t${attributes}\n`
  );
}

/** An ArrayBuffer that can grow and shrink in place (ES2024; typed here, the project's lib is ES2023). */
interface ResizableArrayBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
}
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => ResizableArrayBuffer;

/**
 * Most bytes of COPY text per part on PGlite. Address space only: the buffer's memory is
 * committed as far as it grows (a part of 500 products is about 0.6 MB).
 */
const COPY_ROWS_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The rows of one `COPY … FROM '/dev/blob'` on PGlite, UTF-8 encoded row by row into one buffer
 * that every part of the import reuses. PGlite reads its `blob` option with `arrayBuffer()`
 * only; a real Blob of the part's text would cost a large string (flattened from the part's
 * rows), the Blob's copy of its bytes and PGlite's copy of those, all of them garbage after
 * the statement. Over a 500,000-product import they came to gigabytes of short-lived large
 * objects, which the JS heap and its external memory only gave back at their next full
 * collection.
 */
class CopyRows extends Blob {
  private readonly buffer = new ResizableArrayBuffer(0, { maxByteLength: COPY_ROWS_MAX_BYTES });
  // Tracks the buffer's length as it is resized.
  private readonly view = new Uint8Array(this.buffer);
  private used = 0;
  /** Rows added since the last clear(). */
  count = 0;

  constructor() {
    super([]);
  }

  /** Adds a row; false when it does not fit (send the rows so far, then add it again). */
  add(row: string): boolean {
    // At most 3 bytes per UTF-16 unit; the exact length only when that bound does not fit.
    let needed = row.length * 3;
    if (this.used + needed > COPY_ROWS_MAX_BYTES) {
      needed = Buffer.byteLength(row);
      if (this.used + needed > COPY_ROWS_MAX_BYTES) return false;
    }
    if (this.used + needed > this.buffer.byteLength)
      this.buffer.resize(
        Math.min(COPY_ROWS_MAX_BYTES, Math.max(this.used + needed, this.buffer.byteLength * 2)),
      );
    const { written } = encoder.encodeInto(row, this.view.subarray(this.used));
    this.used += written;
    this.count++;
    return true;
  }

  /** The rows as PGlite reads them: the buffer itself, cut to the rows' length (no copy). */
  override arrayBuffer(): Promise<ArrayBuffer> {
    this.buffer.resize(this.used);
    return Promise.resolve(this.buffer);
  }

  clear(): void {
    this.used = 0;
    this.count = 0;
  }
}

const encoder = new TextEncoder();

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIAL_ALL = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

function copyValue(text: string): string {
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIAL_ALL, (c) => COPY_ESCAPES[c]!) : text;
}

/** The text with each lone surrogate replaced by U+FFFD (String#toWellFormed, ES2024). */
function wellFormed(text: string): string {
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\ufffd",
  );
}

/** `promise`, or a rejection after `ms` (then `onTimeout` runs, e.g. to break a connection). */
async function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          onTimeout();
          reject(new Error(`The database did not answer within ${ms / 1000} s.`));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
