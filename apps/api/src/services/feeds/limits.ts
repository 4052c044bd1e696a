/**
 * Limits that keep parsing bounded whatever a feed contains (docs/feeds.md lists them).
 * Memory use is about one chunk plus one product, never the whole feed.
 */
export interface FeedLimits {
  /** Characters in one product (all its values together), and in one CSV line. */
  maxRecordChars: number;
  /** Characters the XML parser may hold for one unfinished token (text, tag, comment). */
  maxTokenChars: number;
  /** Attributes (keys) in one product. */
  maxFields: number;
  /** Element / object nesting. */
  maxDepth: number;
  /** Decompressed bytes of a feed file that is itself gzipped (served as `feed.xml.gz`). */
  maxBytes: number;
  /**
   * CPU time one read of a feed may use while it works on the feed's data (unpacked text,
   * parsing, mapping, writing the products; not while it waits for the download): a feed
   * that costs more is stopped (a small gzip of endlessly repeated items, say).
   */
  maxCpuMs: number;
  /** More processing time per product read (a large feed earns its time; a feed of one product repeated does not). */
  cpuMsPerProduct: number;
}

export const FEED_LIMITS: FeedLimits = {
  maxRecordChars: 2 * 1024 * 1024,
  maxTokenChars: 4 * 1024 * 1024,
  maxFields: 5_000,
  maxDepth: 64,
  maxBytes: 1024 * 1024 * 1024,
  // A 100,000-product feed costs about 7 s stored on PGlite (docs/benchmarks.md): it gets
  // 30 + 10 s, the largest allowed (MAX_PRODUCTS) 130 s; a small gzip that unpacks to 1 GB
  // of one repeated product, 30 s.
  maxCpuMs: 30_000,
  cpuMsPerProduct: 0.1,
};

/** Fetch limits per use (passed to safeFetch). */
export const FEED_FETCH_LIMITS = {
  import: { timeoutMs: 10 * 60_000, maxBytes: 1024 * 1024 * 1024, maxRedirects: 5 },
  preview: { timeoutMs: 20_000, maxBytes: 1024 * 1024 * 1024, maxRedirects: 5 },
  /** One page of a Shopify `products.json` (250 products) when importing. */
  shopifyPage: { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024, maxRedirects: 5 },
} as const;

/**
 * A Shopify catalog is many requests: besides each page's limits, all its pages together
 * get the time and size of one feed file (a preview: the preview's time).
 */
export const SHOPIFY_TOTAL_LIMITS = {
  import: {
    timeoutMs: FEED_FETCH_LIMITS.import.timeoutMs,
    maxBytes: FEED_FETCH_LIMITS.import.maxBytes,
  },
  preview: {
    timeoutMs: FEED_FETCH_LIMITS.preview.timeoutMs,
    maxBytes: FEED_FETCH_LIMITS.shopifyPage.maxBytes,
  },
} as const;

/** A Shopify catalog's limits: per page, and for all pages together. Previews get the preview's time. */
export function shopifyLimits(purpose: "import" | "preview") {
  const page =
    purpose === "preview"
      ? { ...FEED_FETCH_LIMITS.shopifyPage, timeoutMs: FEED_FETCH_LIMITS.preview.timeoutMs }
      : FEED_FETCH_LIMITS.shopifyPage;
  return { page, total: SHOPIFY_TOTAL_LIMITS[purpose] };
}

/**
 * Items read in one import, repeated ids included: a guard for the database, and for a small
 * gzip of one item repeated millions of times (memory holds one id per distinct product).
 */
export const MAX_PRODUCTS = 1_000_000;
/** Shopify pages of 250 products followed at most (250,000 products). */
export const SHOPIFY_MAX_PAGES = 1_000;
export const SHOPIFY_PAGE_SIZE = 250;

export function resolveLimits(overrides: Partial<FeedLimits> = {}): FeedLimits {
  return { ...FEED_LIMITS, ...overrides };
}
