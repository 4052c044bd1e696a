import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { DEFAULT_FEED_TYPE, type FeedType } from "@floow/domain/feed";
import { isSafeFetchError, safeFetch, type SafeFetchOptions } from "../safe-fetch";
import { FeedError } from "./errors";
import {
  FEED_FETCH_LIMITS,
  MAX_PRODUCTS,
  SHOPIFY_MAX_PAGES,
  shopifyLimits,
  type FeedLimits,
} from "./limits";
import { feedProductMapper, type FeedProduct, type FeedVariablesInput } from "./map-product";
import { openFeed } from "./parse-feed";
import type { FeedRecord } from "./record";
import { isShopifyCatalogUrl, nextLink, shopifyPageUrl } from "./shopify";
import type { FeedFormat } from "./sniff";

/** safeFetch options a caller may set (tests set allowLoopback/lookup; callers set limits or a signal). */
export type FeedFetchOptions = Pick<
  SafeFetchOptions,
  "allowLoopback" | "lookup" | "connector" | "signal" | "timeoutMs" | "maxBytes" | "maxRedirects"
> & {
  limits?: Partial<FeedLimits>;
  /** A Shopify catalog: time and decompressed bytes of all pages together (defaults: SHOPIFY_TOTAL_LIMITS). */
  total?: { timeoutMs?: number; maxBytes?: number };
};

export interface FeedSource {
  format: FeedFormat | "empty";
  /** Shopify `products.json` pages read so far (0 when not a Shopify catalog). */
  pages: () => number;
  /** Decompressed bytes downloaded so far. */
  bytes: () => number;
  records: AsyncGenerator<FeedRecord>;
  /** An XML document: the same products in the parser's groups (OpenedFeed.batches); read one of the two. */
  batches: AsyncGenerator<FeedRecord[]> | undefined;
  /**
   * Stops downloading (also when `records` was never started or did not finish): call it
   * when done with the source.
   */
  close: () => void;
}

/**
 * Fetches a feed through the safe fetch and streams its products. A feed of type
 * shopify whose address has no file extension or ends in `.json` is read as Shopify
 * `products.json` pages (250 products a page, following a Link `rel="next"` header when
 * the store sends one, else `page=N`, until a short, empty or repeated page).
 * Everything else is one document whose format the content decides.
 */
export async function openFeedUrl(
  url: string,
  type: FeedType = DEFAULT_FEED_TYPE,
  options: FeedFetchOptions & { purpose?: "import" | "preview"; productCount?: () => number } = {},
): Promise<FeedSource> {
  const { limits, purpose = "import", total, productCount, ...fetchOptions } = options;
  if (type === "shopify" && isShopifyCatalogUrl(url)) {
    const shopify = shopifyLimits(purpose);
    return openShopify(
      url,
      fetchOptions,
      limits,
      shopify.page,
      { ...shopify.total, ...total },
      productCount,
    );
  }
  const response = await safeFetch(url, { ...FEED_FETCH_LIMITS[purpose], ...fetchOptions });
  try {
    const opened = await openFeed(response.body, {
      type,
      charset: response.charset,
      url: response.url,
      limits,
      productCount,
    });
    // The parser's own generator, not one wrapped around it to destroy the body at its end
    // (each product would pass one more async generator: 15-20 ms per 100,000): a finished
    // or failed parse has returned the body's iterator, which destroys it, and `close` does
    // it in every case.
    return {
      format: opened.format,
      pages: () => 0,
      bytes: response.bytesRead,
      close: () => response.body.destroy(),
      records: opened.records,
      batches: opened.batches,
    };
  } catch (error) {
    response.body.destroy();
    throw error;
  }
}

async function openShopify(
  url: string,
  fetchOptions: FeedFetchOptions,
  limits: Partial<FeedLimits> | undefined,
  pageLimits: ReturnType<typeof shopifyLimits>["page"],
  total: { timeoutMs: number; maxBytes: number },
  productCount?: () => number,
): Promise<FeedSource> {
  let pages = 0;
  let bytes = 0;
  let current: Awaited<ReturnType<typeof safeFetch>> | undefined;
  const deadline = Date.now() + total.timeoutMs;
  const tookTooLong = (cause?: unknown) =>
    new FeedError(
      "TIMEOUT",
      `Reading the Shopify catalog took longer than ${formatDuration(total.timeoutMs)} in total (${pages} page${pages === 1 ? "" : "s"}); the store is too slow or the catalog too large.`,
      { cause },
    );
  const tooLarge = () =>
    new FeedError(
      "TOO_LARGE",
      `The Shopify catalog is larger than the limit of ${Math.round(total.maxBytes / 1024 / 1024)} MB in total (${pages} page${pages === 1 ? "" : "s"}).`,
    );
  const totalBytes = () => bytes + (current?.bytesRead() ?? 0);
  /** A page's timeout that ran into the overall deadline is the overall deadline's error. */
  let bytesClamped = false;
  const overall = (error: unknown) => {
    if (!isSafeFetchError(error)) return error;
    if (error.code === "TIMEOUT" && Date.now() >= deadline - 50) return tookTooLong(error);
    if (error.code === "TOO_LARGE" && bytesClamped) return tooLarge();
    return error;
  };
  const fetchPage = async (pageUrl: string) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw tookTooLong();
    if (totalBytes() >= total.maxBytes) throw tooLarge();
    const timeoutMs = Math.min(fetchOptions.timeoutMs ?? pageLimits.timeoutMs, remaining);
    const pageMaxBytes = fetchOptions.maxBytes ?? pageLimits.maxBytes;
    const bytesLeft = total.maxBytes - totalBytes();
    bytesClamped = bytesLeft < pageMaxBytes;
    let response: Awaited<ReturnType<typeof safeFetch>>;
    try {
      response = await safeFetch(pageUrl, {
        ...pageLimits,
        ...fetchOptions,
        timeoutMs,
        maxBytes: Math.min(pageMaxBytes, bytesLeft),
      });
    } catch (error) {
      throw overall(error);
    }
    if (current) bytes += current.bytesRead();
    current = response;
    pages++;
    try {
      return {
        response,
        opened: await openFeed(response.body, {
          type: "shopify",
          charset: response.charset,
          url: response.url,
          limits,
          productCount,
        }),
      };
    } catch (error) {
      response.body.destroy();
      throw overall(error);
    }
  };

  const first = await fetchPage(shopifyPageUrl(url, 1));
  async function* records(): AsyncGenerator<FeedRecord> {
    let page = first;
    const seen = new Set<string>();
    for (let number = 1; ; number++) {
      let count = 0;
      let fresh = 0;
      try {
        for await (const record of page.opened.records) {
          count++;
          const id = typeof record.id === "string" ? record.id : JSON.stringify(record.id ?? count);
          // Some stores ignore `page` and answer page 1 again: stop at a page with nothing new.
          if (seen.has(id)) continue;
          seen.add(id);
          fresh++;
          yield record;
        }
      } catch (error) {
        throw overall(error);
      } finally {
        page.response.body.destroy();
      }
      // Not a Shopify catalog after all (an XML or CSV file): it was one document.
      if (page.opened.format !== "json") return;
      if (count === 0 || fresh === 0 || number >= SHOPIFY_MAX_PAGES) return;
      const link = nextLink(page.response.headers.link);
      let nextUrl: string;
      if (link) {
        const next = new URL(link, page.response.url);
        if (next.origin !== new URL(page.response.url).origin) return;
        nextUrl = next.href;
      } else {
        const limit = Number(new URL(page.response.url).searchParams.get("limit")) || 250;
        if (count < limit) return;
        nextUrl = shopifyPageUrl(url, number + 1);
      }
      page = await fetchPage(nextUrl);
    }
  }
  return {
    format: first.opened.format,
    pages: () => pages,
    bytes: () => bytes + (current?.bytesRead() ?? 0),
    close: () => current?.body.destroy(),
    records: records(),
    batches: undefined,
  };
}

function formatDuration(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0
    ? `${ms / 60_000} minute${ms === 60_000 ? "" : "s"}`
    : `${Math.round(ms / 100) / 10} s`;
}

export interface FeedPreview {
  format: FeedFormat | "empty";
  products: FeedProduct[];
  /** The attribute names of the previewed products, in first-seen order (for the variables form). */
  attributes: string[];
}

/**
 * The first products of a feed, for the "add feed" dialog (the spec's `POST /api/feed
 * {url, type}`). Only as much of the feed is downloaded as those products need.
 */
export async function previewFeed(
  url: string,
  type: FeedType = DEFAULT_FEED_TYPE,
  options: FeedFetchOptions & { limit?: number; variables?: FeedVariablesInput } = {},
): Promise<FeedPreview> {
  const { limit = 10, variables, ...fetchOptions } = options;
  const source = await openFeedUrl(url, type, { ...fetchOptions, purpose: "preview" });
  const products: FeedProduct[] = [];
  const attributes = new Set<string>();
  const mapProduct = feedProductMapper(variables);
  try {
    if (limit > 0) {
      for await (const record of source.records) {
        products.push(mapProduct(record));
        for (const key of Object.keys(record)) attributes.add(key);
        if (products.length >= limit) break;
      }
    }
    await source.records.return(undefined);
  } finally {
    source.close();
  }
  return { format: source.format, products, attributes: [...attributes] };
}

/**
 * A copy of `text` that shares no memory with the text it was cut from. V8 makes a substring of
 * 13 characters or more a view into its parent string, and a feed's values are substrings of the
 * decoded slice of the feed (DECODE_SLICE, 30,000 bytes) they were read from: a set of such ids would keep every slice,
 * the whole feed, in memory (100,000 products with 26-character ids: 155 MB of JS heap in use
 * during the import instead of 23 MB). Shorter ones are always copies. Prepending a character
 * makes a new string that V8 flattens into fresh memory when it is sliced; the slice then points
 * into that copy only (2.5x faster than a JSON round trip, which this replaced, and measured to
 * free the feed the same way: 14 MB of heap for 100,000 ids cut from the 16 kB texts of the
 * time, 89 MB kept without a copy).
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : (" " + text).slice(1);
}

export type FeedSink = (batch: FeedProduct[]) => void | Promise<void>;

/**
 * The longest the import works without letting the event loop run. A download faster than
 * the parser keeps data buffered, and reading buffered data never returns to the event loop
 * (each chunk is a resolved promise), so without a pause the process would not answer a
 * request until a whole batch was parsed, mapped and written (about 50 ms on PGlite).
 */
const IMPORT_SLICE_MS = 8;

export interface ImportSummary {
  format: FeedFormat | "empty";
  /** Products handed to the sink. */
  count: number;
  /** Products skipped because an earlier one had the same id. */
  duplicates: number;
  /** Products without an id in the feed (they get their url, else their position, as id). */
  withoutId: number;
  bytes: number;
  pages: number;
  durationMs: number;
}

/**
 * Streams a feed's products into `sink` in batches (awaiting each, so a slow sink slows
 * the download instead of filling memory). Ids are made unique: a product whose id was
 * seen before is skipped; a product without id gets its url, else `#<position>`. At most
 * `maxProducts` items are read, repeated ones included (`TOO_MANY_PRODUCTS`).
 */
export async function importFeed(
  url: string,
  type: FeedType,
  sink: FeedSink,
  options: FeedFetchOptions & {
    variables?: FeedVariablesInput;
    batchSize?: number;
    maxProducts?: number;
  } = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const { variables, batchSize = 500, maxProducts = MAX_PRODUCTS, ...fetchOptions } = options;
  let count = 0;
  // Each product read earns the import more processing time (FeedLimits.cpuMsPerProduct).
  const source = await openFeedUrl(url, type, {
    ...fetchOptions,
    purpose: "import",
    productCount: () => count,
  });
  const seen = new Set<string>();
  const mapProduct = feedProductMapper(variables);
  let batch: FeedProduct[] = [];
  let duplicates = 0;
  let withoutId = 0;
  let position = 0;
  let sliceStart = performance.now();
  /** Maps a product into `batch`, unless its id was seen before. */
  const accept = (record: FeedRecord): void => {
    // Every item read counts, repeated ones too: a small gzip of one item repeated millions
    // of times stops here, not only at the unpacked-size limit or the CPU-time budget.
    if (++position > maxProducts) {
      throw new FeedError(
        "TOO_MANY_PRODUCTS",
        `The feed has more than ${maxProducts.toLocaleString("en")} products` +
          (duplicates > 0 ? ` (${duplicates.toLocaleString("en")} of them repeated ids).` : "."),
      );
    }
    const product = mapProduct(record);
    if (!product.id) {
      withoutId++;
      product.id = product.url || `#${position}`;
    }
    // One lookup in the set instead of two (has, then add): it holds every id of the feed.
    const distinct = seen.size;
    seen.add(ownCopy(product.id));
    if (seen.size === distinct) {
      duplicates++;
      return;
    }
    count++;
    batch.push(product);
  };
  /** After each product: the event loop's turn when due, the sink's when a batch is full. */
  const pause = async (): Promise<void> => {
    if (performance.now() - sliceStart > IMPORT_SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
    if (batch.length >= batchSize) {
      await sink(batch);
      batch = [];
    }
  };
  const due = () => batch.length >= batchSize || performance.now() - sliceStart > IMPORT_SLICE_MS;
  try {
    // An XML document's products in the parser's groups (no promise per product), else one by one.
    if (source.batches !== undefined) {
      for await (const records of source.batches)
        for (const record of records) {
          accept(record);
          if (due()) await pause();
        }
    } else {
      for await (const record of source.records) {
        accept(record);
        if (due()) await pause();
      }
    }
    if (batch.length > 0) await sink(batch);
  } finally {
    await (source.batches ?? source.records).return(undefined);
    source.close();
  }
  return {
    format: source.format,
    count,
    duplicates,
    withoutId,
    bytes: source.bytes(),
    pages: source.pages(),
    durationMs: Math.round(performance.now() - started),
  };
}
