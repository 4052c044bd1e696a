import { computeResults, createResultsIndex, DEFAULT_FEED_VARIABLES } from "@floow/domain";
import type {
  Floow,
  Product,
  PublicResults,
  ResultsFloow,
  ResultsIndex,
  ResultsOutcome,
  VersionedFloow,
} from "@floow/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/database";
import { findLiveFloow } from "../db/queries/floow";
import { sanitizeProduct } from "./sanitize-product";

/** At most this many products come back from one results call (the best first). */
export const RESULTS_LIMIT = 100;

/** Loads the products of one of an organization's feeds, in feed order. */
export type FeedProductLoader = (db: Kysely<DB>, organizationId: string, feedId: string) => Promise<Product[]>;

const V = DEFAULT_FEED_VARIABLES;

/**
 * The products of a feed as records for the results: the feed's own attributes, with the
 * mapped fields (id, name, price, url, image, description) under the default variable names
 * (id, title, price, link, image_link, description), so filters on either work. In feed order.
 */
export const loadFeedProducts: FeedProductLoader = async (db, organizationId, feedId) => {
  const rows = await db
    .selectFrom("product")
    .select(["external_id", "name", "price", "url", "image", "description", "attributes"])
    .where("organization_id", "=", organizationId)
    .where("feed_id", "=", feedId)
    .orderBy("position", "asc")
    .execute();
  return rows.map((row) => ({
    ...row.attributes,
    [V.id]: row.external_id,
    [V.name]: row.name,
    [V.price]: row.price === null ? null : Number(row.price),
    [V.url]: row.url,
    [V.image]: row.image,
    [V.description]: row.description,
  }));
};

/** The parts of a floow its results depend on. */
export type ResultsSource = ResultsFloow & Pick<Floow, "type" | "feedId">;

const NO_RESULTS: PublicResults = { products: [], partial: false };

/** The feed a floow's results come from: only a selling floow with a feed has results. */
function resultsFeedId(floow: Pick<Floow, "type" | "feedId">): string | null {
  return floow.type === "selling" && floow.feedId ? floow.feedId : null;
}

/** What a results call answers for an outcome: the first RESULTS_LIMIT products, sanitized for display. */
export function toPublicResults(outcome: ResultsOutcome, clean: (product: Product) => Product = sanitizeProduct): PublicResults {
  return { products: outcome.products.slice(0, RESULTS_LIMIT).map(clean), partial: outcome.partial };
}

/**
 * The results of one of an organization's floows as given, live or not, saved or not (the
 * editor's preview): the public results call's answer for the same feed, filters and
 * choices. The feed is read as stored now, with no cache, so a preview right after a feed
 * import shows the new products; the caller has checked that the floow is the organization's.
 */
export async function computeFloowResults(
  db: Kysely<DB>,
  organizationId: string,
  floow: ResultsSource,
  choiceIds: readonly string[],
  loadProducts: FeedProductLoader = loadFeedProducts,
): Promise<PublicResults> {
  const feedId = resultsFeedId(floow);
  if (!feedId) return NO_RESULTS;
  return toPublicResults(computeResults(await loadProducts(db, organizationId, feedId), floow, choiceIds));
}

export interface ResultsServiceOptions {
  /** How the products of a feed are loaded (tests and the benchmark pass their own). */
  loadProducts?: FeedProductLoader;
  /**
   * How long a feed's index is used before it is reloaded in the background (the old one
   * answers meanwhile). A feed import calls `invalidateFeedResults`, so this is a safety net.
   */
  ttlMs?: number;
  /** How many feeds stay in memory at once (least recently used go first). */
  maxFeeds?: number;
  /**
   * How long a floow looked up by id is reused (also when it is not live), sparing the
   * database a query per visitor: a publish or archive shows in results within this time.
   */
  floowTtlMs?: number;
  /** A background reload failed (the old index keeps answering; it is retried after min(ttlMs, 30 s)). */
  onReloadError?: (error: unknown) => void;
  now?: () => number;
}

export interface ResultsService {
  /** The results of a live floow for the chosen choices, or null when there is no such live floow. */
  compute(floowId: string, choiceIds: readonly string[]): Promise<PublicResults | null>;
  /** Reloads a feed's products in the background at its next use (call after a feed import). */
  invalidateFeed(organizationId: string, feedId: string): void;
}

const services = new Set<WeakRef<ResultsService>>();

/** Every results service of this process reloads the feed at its next use (after an import). */
export function invalidateFeedResults(organizationId: string, feedId: string): void {
  for (const ref of services) {
    const service = ref.deref();
    if (service) service.invalidateFeed(organizationId, feedId);
    else services.delete(ref);
  }
}

interface FeedEntry {
  expiresAt: number;
  index: Promise<ResultsIndex>;
  reloading: boolean;
}

const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The public results call: the live floow (looked up at most every `floowTtlMs`) and its
 * feed's `createResultsIndex`, kept in memory per feed, so a busy floow neither reads 100,000
 * rows nor runs every filter on every product per visitor. The answers are the domain's
 * `computeResults`', at most RESULTS_LIMIT, each product sanitized once for display.
 *
 * Only a feed's first use waits for its load. Later reloads (after `ttlMs`, or after
 * `invalidateFeed`) run in the background while the old index answers; the new index is
 * warmed with the filters the old one had computed, one filter per event-loop turn, and
 * then takes over.
 */
export function createResultsService(db: Kysely<DB>, options: ResultsServiceOptions = {}): ResultsService {
  const {
    loadProducts = loadFeedProducts,
    ttlMs = 10 * 60_000,
    maxFeeds = 16,
    floowTtlMs = 5_000,
    onReloadError = () => undefined,
    now = Date.now,
  } = options;
  const floows = new Map<string, { expiresAt: number; floow: Promise<VersionedFloow | null> }>();
  const feeds = new Map<string, FeedEntry>();
  const sanitized = new WeakMap<Product, Product>();

  const build = async (organizationId: string, feedId: string) =>
    createResultsIndex(await loadProducts(db, organizationId, feedId));

  function indexOf(organizationId: string, feedId: string): Promise<ResultsIndex> {
    const key = `${organizationId}:${feedId}`;
    const entry = feeds.get(key);
    if (!entry) {
      const index = build(organizationId, feedId);
      const created: FeedEntry = { expiresAt: now() + ttlMs, index, reloading: false };
      feeds.set(key, created);
      // A failed first load is not kept: the next call tries again.
      index.catch(() => feeds.get(key) === created && feeds.delete(key));
      while (feeds.size > maxFeeds) feeds.delete(feeds.keys().next().value as string);
      return index;
    }
    feeds.delete(key);
    feeds.set(key, entry);
    if (entry.expiresAt <= now() && !entry.reloading) void reload(key, entry, organizationId, feedId);
    return entry.index;
  }

  async function reload(key: string, entry: FeedEntry, organizationId: string, feedId: string): Promise<void> {
    entry.reloading = true;
    try {
      const previous = await entry.index;
      const next = await build(organizationId, feedId);
      for (const filter of previous.cachedFilters()) {
        next.warm([filter]);
        await nextTask();
      }
      if (feeds.get(key) === entry) feeds.set(key, { expiresAt: now() + ttlMs, index: Promise.resolve(next), reloading: false });
    } catch (error) {
      // Not on every call while the feed cannot be read: again after a while.
      entry.expiresAt = now() + Math.min(ttlMs, 30_000);
      entry.reloading = false;
      onReloadError(error);
    }
  }

  function liveFloow(floowId: string): Promise<VersionedFloow | null> {
    const cached = floows.get(floowId);
    if (cached && cached.expiresAt > now()) return cached.floow;
    const floow = findLiveFloow(db, floowId);
    floows.set(floowId, { expiresAt: now() + floowTtlMs, floow });
    floow.catch(() => floows.get(floowId)?.floow === floow && floows.delete(floowId));
    if (floows.size > 10_000) {
      for (const [id, entry] of floows) if (entry.expiresAt <= now()) floows.delete(id);
      if (floows.size > 10_000) floows.clear();
    }
    return floow;
  }

  function clean(product: Product): Product {
    let out = sanitized.get(product);
    if (!out) {
      out = sanitizeProduct(product);
      sanitized.set(product, out);
    }
    return out;
  }

  const service: ResultsService = {
    async compute(floowId, choiceIds) {
      const floow = await liveFloow(floowId);
      if (!floow) return null;
      const feedId = resultsFeedId(floow);
      if (!feedId) return NO_RESULTS;
      const index = await indexOf(floow.organizationId, feedId);
      return toPublicResults(index.compute(floow, choiceIds), clean);
    },
    invalidateFeed(organizationId, feedId) {
      const entry = feeds.get(`${organizationId}:${feedId}`);
      if (entry) entry.expiresAt = 0;
    },
  };
  services.add(new WeakRef(service));
  return service;
}
