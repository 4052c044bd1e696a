import { Readable, pipeline } from "node:stream";
import zlib from "node:zlib";
import type { FeedType } from "@floow/domain/feed";
import { ByteLimit } from "../safe-fetch/body";
import { parseCsv } from "./csv";
import { decodeText, rechunk } from "./decode";
import { FeedError } from "./errors";
import { parseJsonObjects } from "./json";
import { parseXml } from "./xml";
import { resolveLimits, type FeedLimits } from "./limits";
import { addJsonValue, RecordBuilder, type FeedRecord } from "./record";
import { flattenShopifyProduct, isShopifyProduct } from "./shopify";
import { detectEncoding, isGzip, sniffFormat, type FeedFormat } from "./sniff";

export interface ParseFeedOptions {
  /** The feed's type. It selects defaults; the content decides the parser. */
  type?: FeedType;
  /** The Content-Type charset, when the feed came over HTTP. */
  charset?: string;
  /** Where the feed came from: Shopify product links are built from it. */
  url?: string;
  limits?: Partial<FeedLimits>;
  /** Products read so far (the import's count): each earns `cpuMsPerProduct` more processing time. */
  productCount?: () => number;
}

export interface OpenedFeed {
  format: FeedFormat | "empty";
  /** The text encoding used (utf-8, windows-1252 or iso-8859-15). */
  encoding: string | undefined;
  /** CSV only: the delimiter found. */
  delimiter: string | undefined;
  /** Whether the file itself was gzipped (apart from any HTTP Content-Encoding). */
  gzipped: boolean;
  records: AsyncGenerator<FeedRecord>;
  /**
   * XML only: the same products in the groups the parser finishes them (see parseXml), for a
   * reader of every product (the import). Read either this or `records`, not both.
   */
  batches: AsyncGenerator<FeedRecord[]> | undefined;
}

/** Bytes looked at to decide the format and the encoding. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Looks at the start of a feed, decides format and encoding, and returns a generator of
 * its products. The input is read as the generator is: memory stays at about one chunk
 * plus one product. The caller owns `input` and should destroy it when stopping early.
 */
export async function openFeed(
  input: AsyncIterable<Uint8Array>,
  options: ParseFeedOptions = {},
): Promise<OpenedFeed> {
  const limits = resolveLimits(options.limits);
  let peeked = await peek(input, SNIFF_BYTES);
  let gzipped = false;
  if (isGzip(peeked.head)) {
    gzipped = true;
    peeked = await peek(gunzip(peeked.stream, limits), SNIFF_BYTES);
  }
  const sniffed = sniffFormat(peeked.head);
  if (sniffed.format === "empty") {
    return {
      format: "empty",
      encoding: undefined,
      delimiter: undefined,
      gzipped,
      records: (async function* () {})(),
      batches: undefined,
    };
  }
  const { encoding } = detectEncoding(peeked.head, sniffed.format, options.charset);
  const budgetMs = () => limits.maxCpuMs + limits.cpuMsPerProduct * (options.productCount?.() ?? 0);
  const texts = rechunk(decodeText(meterCpu(peeked.stream, budgetMs), encoding));
  const batches = sniffed.format === "xml" ? parseXml(texts, limits) : undefined;
  const records =
    batches !== undefined
      ? oneByOne(batches)
      : sniffed.format === "csv"
        ? parseCsv(texts, { delimiter: sniffed.delimiter!, limits })
        : jsonRecords(parseJsonObjects(texts, limits), options, limits);
  return {
    format: sniffed.format,
    encoding,
    delimiter: sniffed.delimiter,
    gzipped,
    records,
    batches,
  };
}

async function* oneByOne(batches: AsyncGenerator<FeedRecord[]>): AsyncGenerator<FeedRecord> {
  // A loop, not `yield*`: delegating to an array from an async generator goes through an
  // async wrapper of the array's iterator (a further promise per product).
  for await (const batch of batches) for (const record of batch) yield record;
}

/** The products of a feed, one record at a time (see openFeed). */
export async function* parseFeed(
  input: AsyncIterable<Uint8Array>,
  options: ParseFeedOptions = {},
): AsyncGenerator<FeedRecord> {
  const opened = await openFeed(input, options);
  yield* opened.records;
}

async function* jsonRecords(
  objects: AsyncIterable<unknown>,
  options: ParseFeedOptions,
  limits: FeedLimits,
): AsyncGenerator<FeedRecord> {
  for await (const object of objects) {
    if (typeof object !== "object" || object === null || Array.isArray(object)) continue;
    const shopifyShaped =
      isShopifyProduct(object) ||
      (options.type === "shopify" && Array.isArray((object as { variants?: unknown }).variants));
    if (shopifyShaped) {
      yield flattenShopifyProduct(
        { handle: "", ...(object as Record<string, unknown>) } as Parameters<
          typeof flattenShopifyProduct
        >[0],
        options.url,
        limits,
      );
      continue;
    }
    const builder = new RecordBuilder(limits, () => "");
    addJsonValue(builder, "", object);
    yield builder.take();
  }
}

interface Peeked {
  head: Buffer;
  /** The whole input again, from its first byte. */
  stream: AsyncGenerator<Uint8Array>;
}

async function peek(input: AsyncIterable<Uint8Array>, size: number): Promise<Peeked> {
  const iterator = input[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  while (total < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    total += next.value.byteLength;
  }
  const head = Buffer.concat(chunks);
  async function* stream(): AsyncGenerator<Uint8Array> {
    let finished = ended;
    try {
      if (head.byteLength > 0) yield head;
      while (!finished) {
        const next = await iterator.next();
        if (next.done) finished = true;
        else yield next.value;
      }
    } finally {
      if (!finished) await iterator.return?.();
    }
  }
  return { head, stream: stream() };
}

function gunzip(input: AsyncIterable<Uint8Array>, limits: FeedLimits): AsyncIterable<Uint8Array> {
  const source = Readable.from(input, { objectMode: false });
  const limit = new ByteLimit(
    limits.maxBytes,
    () =>
      new FeedError(
        "TOO_LARGE",
        `The unpacked feed is larger than the limit of ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`,
      ),
  );
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const output = pipeline(source, zlib.createGunzip(flush), limit, () => undefined);
  return (async function* () {
    try {
      for await (const chunk of output as AsyncIterable<Buffer>) yield chunk;
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError(
        "PARSE_ERROR",
        "The feed is a gzip file that could not be unpacked; it is damaged.",
        {
          cause: error,
        },
      );
    }
  })();
}

/**
 * Chunks per CPU-time reading in meterCpu (network chunks are up to 64 kB: a reading per
 * megabyte or so). Each reading is a `getrusage` system call, which took 15-500 µs in an
 * import process on this machine (not the microsecond of an idle process), so the 530
 * readings of a 100,000-product feed at one in 4 chunks took 8-270 ms of its 1.5-2.7 s
 * (the more, the busier the machine).
 */
const CPU_SAMPLE = 16;

/**
 * Passes the feed's bytes on, and counts the process's CPU time from handing a chunk on
 * until the next one is asked for: the time the import works on that chunk (decoding,
 * parsing, mapping, writing products), not the time it waits for the download. Past
 * `maxCpuMs` the feed is stopped with a message for the merchant.
 */
export async function* meterCpu(
  chunks: AsyncIterable<Uint8Array>,
  budgetMs: number | (() => number),
): AsyncGenerator<Uint8Array> {
  const budget = typeof budgetMs === "function" ? budgetMs : () => budgetMs;
  let used = 0;
  let bytes = 0;
  let index = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    // Reading the CPU time is a system call: one chunk in CPU_SAMPLE is measured, and counts for all.
    if (index++ % CPU_SAMPLE !== 0) {
      yield chunk;
      continue;
    }
    const start = process.cpuUsage();
    yield chunk;
    const spent = process.cpuUsage(start);
    used += (spent.user + spent.system) * CPU_SAMPLE;
    const allowedMs = budget();
    if (used > allowedMs * 1000) {
      throw new FeedError(
        "CPU_BUDGET",
        `Reading the feed took more than ${formatSeconds(allowedMs)} of processing time, so it was stopped after ${formatMegabytes(bytes)} of its data. Is it very large, or does it repeat the same products over and over?`,
      );
    }
  }
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms)} ms`;
}

function formatMegabytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
