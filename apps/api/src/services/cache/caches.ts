import { invalidateCache } from "./ttl-cache";

/**
 * Every cache of the API: its name (what an invalidation names, in this process and, through
 * the cache bus, in the others), its bound and, where it is fixed, its time. The code that owns
 * a cache creates it here-described (`createTtlCache({ ...CACHES.publicFloows, ttlMs })`);
 * nothing clears a cache but the two functions below, so which change clears which cache is
 * read in one place (docs/architecture.md, "Caches").
 *
 * Bounds are counts of entries and, for the caches of large values, bytes (`maxBytes`, each
 * value sized by its owner's `sizeOf`, services/cache/approximate-bytes.ts for the feed
 * indexes): the least recently used go first. An expired entry stays until it is used again or
 * pushed out, so a cache holds up to its bounds' worth of values (docs/architecture.md, "Caches").
 */
const MB = 1024 * 1024;

export const CACHES = {
  /** The public floows answers (a domain's live floows, one live floow; 404s too), body and ETag. */
  publicFloows: { name: "public:floows", maxEntries: 10_000, maxBytes: 24 * MB },
  /**
   * The public floows answers of a running experiment's arms, per base answer (its ETag) and
   * arm ids: never invalidated, since a change of the floows is a new ETag and a change of
   * the experiment new arm ids; the time only frees memory.
   */
  publicFloowVariants: { name: "public:floow-variants", maxEntries: 10_000, maxBytes: 8 * MB },
  /** A domain's consent and conversion settings for the runtime (`/api/public/domains/:id/tracking`). */
  publicTracking: { name: "public:tracking", maxEntries: 10_000 },
  /**
   * Live-floow lookups by id: the results call's (the whole live version) and the events
   * ingest's (its organization and domain), two caches of one name, so one invalidation
   * clears both.
   */
  liveFloows: { name: "results:floows", maxEntries: 10_000 },
  /** A feed's results index (every product of the feed), for the results call. */
  feedIndexes: { name: "results:feeds", maxEntries: 16, maxBytes: 128 * MB },
  /** A feed's results index for the editor's insights: the same name, so a feed import clears it too. */
  insightIndexes: { name: "results:feeds", ttlMs: 10 * 60_000, maxEntries: 8, maxBytes: 48 * MB },
  /**
   * The results call's answer bytes (JSON, brotli, gzip) per floow version, feed load and
   * selection: never invalidated, since a publish or an import is a new key; the time only
   * frees memory.
   */
  resultsAnswers: {
    name: "results:answers",
    ttlMs: 10 * 60_000,
    maxEntries: 1_000,
    maxBytes: 24 * MB,
  },
  /**
   * The step, choice and form-input ids of a published version, per floow and number, that
   * the events ingest checks messages against: never invalidated, since a version never
   * changes; the time only frees memory.
   */
  versionIds: { name: "events:version-ids", ttlMs: 10 * 60_000, maxEntries: 10_000 },
  /** The pre-publish check's verdict per link or image address. */
  urlVerdicts: { name: "publish-check:urls", ttlMs: 10 * 60_000, maxEntries: 2_000 },
  /**
   * `/api/v1`'s API keys by the hash of the key (http/v1/auth.ts): found keys and unknown
   * hashes alike. A revoke clears it here and, through the cache bus, in every process.
   */
  apiKeys: { name: "api-v1:keys", ttlMs: 10_000, maxEntries: 10_000 },
} as const;

/** The keys of the public floows cache. */
export const publicFloowsKey = {
  domain: (domainId: string) => `domain:${domainId}`,
  floow: (floowId: string) => `floow:${floowId}`,
};

/** The key of a feed's index in the feed caches. */
export const feedIndexKey = (organizationId: string, feedId: string) =>
  `${organizationId}:${feedId}`;

/** After a key is revoked: every process looks keys up again, so the key gets 401 at once. */
export function invalidateApiKeyCaches(): void {
  invalidateCache(CACHES.apiKeys.name);
}

/**
 * After a publish, a rollback, an archive, a restore or a delete (a draft save changes
 * nothing shoppers get, so it calls none of this): the public floows answers that show the
 * floow (its domain's list and its own) and its live-floow lookups are made again at their
 * next use, here and in every other process, instead of after their time.
 */
export function invalidateFloowCaches(floow: { id: string; domainId: string }): void {
  invalidateCache(CACHES.publicFloows.name, publicFloowsKey.domain(floow.domainId));
  invalidateCache(CACHES.publicFloows.name, publicFloowsKey.floow(floow.id));
  invalidateCache(CACHES.liveFloows.name, floow.id);
}

/**
 * After a feed import: the feed's results index (results call and insights) is loaded again
 * at its next use (the results call's in the background, the old index answering meanwhile).
 */
export function invalidateFeedCaches(organizationId: string, feedId: string): void {
  invalidateCache(CACHES.feedIndexes.name, feedIndexKey(organizationId, feedId));
}
