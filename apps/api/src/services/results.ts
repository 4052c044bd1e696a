import { computeResults, createResultsIndex } from "@floow/domain/results";
import type { Floow } from "@floow/domain/floow";
import type { Product } from "@floow/domain/feed";
import type { PublicResults } from "@floow/domain/public";
import type {
  ResultCard,
  ResultDisplaySettings,
  ResultsFloow,
  ResultsIndex,
  ResultsOutcome,
} from "@floow/domain/results";
import type { Kysely } from "kysely";
import type { DB } from "../db/database";
import { findLiveFloow, findLiveFloowVersion } from "../db/queries/floow-version";
import type { LiveFloow } from "../db/queries/floow-version";
import { listFeedProductRecords } from "../db/queries/product";
import { CACHES, createTtlCache, encodedBodyBytes, feedIndexKey, resultsIndexBytes } from "./cache";
import { encodedBody } from "./encoded-body";
import type { EncodedBody } from "./encoded-body";
import { withPartialMatches } from "./partial-matches";
import type { PartialMatchesFloow } from "./partial-matches";
import { productCard, sanitizeProduct } from "./sanitize-product";

/** At most this many products come back from one results call (the best first). */
export const RESULTS_LIMIT = 100;

/** Loads the products of one of an organization's feeds, in feed order. */
export type FeedProductLoader = (
  db: Kysely<DB>,
  organizationId: string,
  feedId: string,
) => Promise<Product[]>;

/**
 * The products of a feed as records for the results (`listFeedProductRecords`): the feed's
 * own attributes with the mapped fields under the default variable names. In feed order.
 */
export const loadFeedProducts: FeedProductLoader = listFeedProductRecords;

/** The results settings a floow's cards are read with (none: the defaults). */
type CardSettings = { finish?: { results: Partial<ResultDisplaySettings> } };

/** The parts of a floow its results depend on. */
export type ResultsSource = ResultsFloow &
  Pick<Floow, "type" | "feedId"> &
  Pick<PartialMatchesFloow, "finish"> &
  CardSettings;

const NO_RESULTS: PublicResults = { products: [], cards: [], partial: false };

/** The feed a floow's results come from: only a selling floow with a feed has results. */
function resultsFeedId(floow: Pick<Floow, "type" | "feedId">): string | null {
  return floow.type === "selling" && floow.feedId ? floow.feedId : null;
}

/**
 * What a results call answers for an outcome: the first RESULTS_LIMIT products, sanitized for
 * display, and their cards read with the floow's results settings.
 */
export function toPublicResults(
  outcome: ResultsOutcome & { matches?: string[][] },
  floow: CardSettings,
  clean: (product: Product) => Product = sanitizeProduct,
  card: typeof productCard = productCard,
): PublicResults {
  const products = outcome.products.slice(0, RESULTS_LIMIT).map(clean);
  const settings = floow.finish?.results ?? {};
  return {
    products,
    cards: products.map((product) => card(product, settings)),
    partial: outcome.partial,
    ...(outcome.matches && { matches: outcome.matches.slice(0, RESULTS_LIMIT) }),
  };
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
  return toPublicResults(
    withPartialMatches(
      computeResults(await loadProducts(db, organizationId, feedId), floow, choiceIds),
      floow,
      choiceIds,
    ),
    floow,
  );
}

export interface ResultsServiceOptions {
  /** How the products of a feed are loaded (tests and the benchmark pass their own). */
  loadProducts?: FeedProductLoader;
  /**
   * How long a feed's index is used before it is reloaded in the background (the old one
   * answers meanwhile). A feed import calls `invalidateFeedCaches`, so this is a safety net.
   */
  ttlMs?: number;
  /** How many feeds stay in memory at once (least recently used go first). */
  maxFeeds?: number;
  /**
   * How long a floow looked up by id is reused (also when it is not live), sparing the
   * database a query per visitor: a publish or archive shows in results within this time.
   */
  floowTtlMs?: number;
  /** How many encoded answers (per floow version, feed load and selection) are kept. */
  maxAnswers?: number;
  /** A background reload failed (the old index keeps answering; it is retried after min(ttlMs, 30 s)). */
  onReloadError?: (error: unknown) => void;
  now?: () => number;
}

export type { AnswerEncoding } from "./encoded-body";
export { COMPRESS_MIN_BYTES } from "./encoded-body";

/**
 * A results answer as bytes: the JSON (exactly `JSON.stringify` of the `PublicResults`) and
 * its brotli and gzip encodings, made at first use and kept (`encodedBody`).
 */
export type ResultsAnswer = EncodedBody;

export interface ResultsService {
  /** The results of a live floow for the chosen choices, or null when there is no such live floow. */
  compute(floowId: string, choiceIds: readonly string[]): Promise<PublicResults | null>;
  /**
   * `compute`'s answer as bytes (the public results call): kept per floow version, feed load
   * and selection, so a repeated selection costs a lookup, not a computation, serialization
   * and compression. A publish (new version) or a feed import (new load) is a new key.
   * `floowVersion`: the results of that published version of the live floow (an experiment's
   * variant, docs/analytics.md "Experiments"), not of the live version.
   */
  answer(
    floowId: string,
    choiceIds: readonly string[],
    floowVersion?: number,
  ): Promise<ResultsAnswer | null>;
  /** Reloads a feed's products in the background at its next use (`invalidateFeedCaches` does it for every service). */
  invalidateFeed(organizationId: string, feedId: string): void;
}

const choiceSets = new WeakMap<ResultsFloow, Set<string>>();

/** The ids of `choiceIds` that are choices of the floow, in their order. */
function knownChoiceIds(floow: ResultsFloow, choiceIds: readonly string[]): string[] {
  let ids = choiceSets.get(floow);
  if (!ids) {
    ids = new Set(floow.steps.flatMap((step) => step.choices.map((choice) => choice.id)));
    choiceSets.set(floow, ids);
  }
  return choiceIds.filter((id) => ids.has(id));
}

const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A feed's loaded index; `load` tells one load of the same feed from the next (answers are kept per load). */
interface FeedIndex {
  index: ResultsIndex;
  load: number;
  /** About what it holds (`resultsIndexBytes`), for the cache's byte bound. */
  bytes: number;
}

let loads = 0;

function createAnswer(
  results: PublicResults,
  productJson: (product: Product) => string,
): ResultsAnswer {
  // The JSON of each product is made once per product and reused by every answer it is in.
  let text = '{"products":[';
  for (let i = 0; i < results.products.length; i++)
    text += (i === 0 ? "" : ",") + productJson(results.products[i] as Product);
  text += `],"cards":${JSON.stringify(results.cards)},"partial":${results.partial}`;
  if (results.matches) text += `,"matches":${JSON.stringify(results.matches)}`;
  text += "}";
  return encodedBody(Buffer.from(text));
}

/**
 * The public results call: the live floow (looked up at most every `floowTtlMs`) and its
 * feed's `createResultsIndex`, kept in memory per feed, so a busy floow neither reads 100,000
 * rows nor runs every filter on every product per visitor. The answers are the domain's
 * `computeResults`', at most RESULTS_LIMIT, each product sanitized once for display.
 *
 * Only a feed's first use waits for its load. Later reloads (after `ttlMs`, or after
 * `invalidateFeed`) run in the background while the old index answers; the new index is
 * warmed with the filters the old one had computed, one filter per event-loop turn, and
 * then takes over. All three caches are `createTtlCache`s, named and bounded in
 * services/cache/caches.ts, which also says what clears them.
 */
export function createResultsService(
  db: Kysely<DB>,
  options: ResultsServiceOptions = {},
): ResultsService {
  const {
    loadProducts = loadFeedProducts,
    ttlMs = 10 * 60_000,
    maxFeeds = CACHES.feedIndexes.maxEntries,
    floowTtlMs = 5_000,
    maxAnswers = CACHES.resultsAnswers.maxEntries,
    onReloadError = () => undefined,
    now = Date.now,
  } = options;
  const floows = createTtlCache<LiveFloow | null>({
    ...CACHES.liveFloows,
    ttlMs: floowTtlMs,
    now,
  });
  const feeds = createTtlCache<FeedIndex>({
    name: CACHES.feedIndexes.name,
    ttlMs,
    maxEntries: maxFeeds,
    maxBytes: CACHES.feedIndexes.maxBytes,
    sizeOf: (feed) => feed.bytes,
    staleWhileRevalidate: true,
    onReloadError,
    now,
  });
  // Encoded answers live as long as their floow version and feed load are in use; the key
  // names both, so nothing stale is ever served, and the time only frees memory.
  const answers = createTtlCache<ResultsAnswer>({
    ...CACHES.resultsAnswers,
    maxEntries: maxAnswers,
    sizeOf: encodedBodyBytes,
    now,
  });
  const sanitized = new WeakMap<Product, Product>();
  const productJsons = new WeakMap<Product, string>();

  async function loadIndex(
    organizationId: string,
    feedId: string,
    previous: FeedIndex | undefined,
  ): Promise<FeedIndex> {
    const products = await loadProducts(db, organizationId, feedId);
    const index = createResultsIndex(products);
    const bytes = resultsIndexBytes(products);
    if (previous) {
      for (const filter of previous.index.cachedFilters()) {
        index.warm([filter]);
        await nextTask();
      }
    }
    return { index, load: ++loads, bytes };
  }

  const feedIndex = (organizationId: string, feedId: string) =>
    feeds.get(feedIndexKey(organizationId, feedId), (previous) =>
      loadIndex(organizationId, feedId, previous),
    );

  const liveFloow = (floowId: string) => floows.get(floowId, () => findLiveFloow(db, floowId));
  // A variant's version of a live floow: kept under its own key (a version never changes; the
  // short time drops it when the floow goes offline).
  const floowAt = (floowId: string, version: number | undefined) =>
    version === undefined
      ? liveFloow(floowId)
      : floows.get(`${floowId}\u0000${version}`, () => findLiveFloowVersion(db, floowId, version));

  function clean(product: Product): Product {
    let out = sanitized.get(product);
    if (!out) {
      out = sanitizeProduct(product);
      sanitized.set(product, out);
    }
    return out;
  }

  // A product's card for the results settings it was last read with (a product is mostly in
  // one floow's results, whose settings object lives as long as the floow lookup is kept):
  // read once, not per answer.
  const cards = new WeakMap<Product, { settings: object; card: ResultCard }>();
  function card(product: Product, settings: Partial<ResultDisplaySettings>): ResultCard {
    let kept = cards.get(product);
    if (kept?.settings !== settings) {
      kept = { settings, card: productCard(product, settings) };
      cards.set(product, kept);
    }
    return kept.card;
  }

  function productJson(product: Product): string {
    let out = productJsons.get(product);
    if (out === undefined) {
      out = JSON.stringify(product);
      productJsons.set(product, out);
    }
    return out;
  }

  const emptyAnswer = createAnswer(NO_RESULTS, productJson);

  return {
    async compute(floowId, choiceIds) {
      const floow = await liveFloow(floowId);
      if (!floow) return null;
      const feedId = resultsFeedId(floow);
      if (!feedId) return NO_RESULTS;
      const { index } = await feedIndex(floow.organizationId, feedId);
      return toPublicResults(
        withPartialMatches(index.compute(floow, choiceIds), floow, choiceIds),
        floow,
        clean,
        card,
      );
    },
    async answer(floowId, choiceIds, floowVersion) {
      const floow = await floowAt(floowId, floowVersion);
      if (!floow) return null;
      const feedId = resultsFeedId(floow);
      if (!feedId) return emptyAnswer;
      const { index, load } = await feedIndex(floow.organizationId, feedId);
      // Ids that are none of the floow's choices change nothing: leaving them out of the key
      // keeps a client sending made-up ids from filling the cache with copies of one answer.
      const known = knownChoiceIds(floow, choiceIds);
      const key = `${floowId}\u0000${floow.floowVersion}\u0000${floow.updatedAt}\u0000${load}\u0000${known.join("\u0000")}`;
      return answers.get(key, async () =>
        createAnswer(
          toPublicResults(
            withPartialMatches(index.compute(floow, known), floow, known),
            floow,
            clean,
            card,
          ),
          productJson,
        ),
      );
    },
    invalidateFeed(organizationId, feedId) {
      feeds.invalidate(feedIndexKey(organizationId, feedId));
    },
  };
}
