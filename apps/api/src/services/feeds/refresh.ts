import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import {
  feedRefreshWanted,
  findFeedSource,
  listDueFeeds,
  setFeedRefreshStatus,
} from "../../db/queries/feed";
import { enqueueJob } from "../../db/queries/job";
import type { Job } from "../../db/queries/job";
import { analyzeProducts, feedHasProducts } from "../../db/queries/product";
import { discardProductLoad, openProductLoader } from "../../db/queries/product-load";
import { isSafeFetchError } from "../safe-fetch";
import { createJobWorker } from "../jobs/worker";
import type { JobWorker } from "../jobs/worker";
import { invalidateFeedCaches } from "../cache";
import { FeedError, isFeedError } from "./errors";
import { importFeed } from "./fetch-feed";
import type { FeedFetchOptions, ImportSummary } from "./fetch-feed";

export const FEED_REFRESH_JOB = "feed.refresh";

/**
 * Products handed to the loader at a time. Small, so a product dies young: the loaders turn
 * them into COPY text at once and send parts of their own size (on PGlite 500 rows a
 * statement). Batches of 1,000 outlived the parser's young-generation collections and were
 * promoted with the slices of feed text their values point into, to wait for a full
 * collection: a 200,000-product import on PGlite grew the process by 134 MB at its peak,
 * 37 MB with batches of 100 (one process, NODE_ENV=production, MALLOC_MMAP_THRESHOLD_=32768).
 */
const IMPORT_BATCH = 100;

export interface RefreshOptions {
  /** safeFetch options (tests allow loopback to reach their own server). */
  fetch?: FeedFetchOptions;
  /** Products per write to the loader (default IMPORT_BATCH). */
  batchSize?: number;
  /** The `feed.refresh` job running this refresh: the refresh stops when its row is deleted (the feed was deleted). */
  jobId?: string;
  /** How often to check that the feed (and its job) still exist; default 250 ms. */
  watchMs?: number;
}

/** The message stored on a feed whose refresh failed: the fetch's or parser's own, else a general one. */
export function refreshErrorMessage(error: unknown): string {
  if (isSafeFetchError(error) || isFeedError(error)) return error.message;
  return "Something went wrong reading the feed.";
}

/**
 * Fetches a feed again and replaces its products. The products are bulk-loaded as they
 * stream in and swapped in at the end (`openProductLoader`: COPY straight into `product` in
 * one transaction on a PostgreSQL server; staged with COPY and swapped in small steps on
 * PGlite), so readers see either all old or all new products, and a failed refresh keeps
 * the last good ones (the feed then records the error). Deleting the feed (or its job)
 * stops the refresh within `watchMs`. Returns null when the feed no longer exists.
 */
export async function refreshFeed(
  db: Kysely<DB>,
  organizationId: string,
  feedId: string,
  options: RefreshOptions = {},
): Promise<ImportSummary | null> {
  const feed = await findFeedSource(db, organizationId, feedId);
  if (!feed) return null;
  await setFeedRefreshStatus(db, feed.id, "running");
  // Aborted when the caller's signal aborts (the worker stops) or the feed is deleted.
  const controller = new AbortController();
  const outer = options.fetch?.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  let deleted = false;
  let watching: Promise<void> | undefined;
  const watch = setInterval(() => {
    watching ??= feedRefreshWanted(db, feed.id, options.jobId ?? null)
      .then((wanted) => {
        if (wanted) return;
        deleted = true;
        controller.abort(new Error("The feed was deleted."));
      })
      .catch(() => undefined)
      .finally(() => (watching = undefined));
  }, options.watchMs ?? 250);
  const loader = await openProductLoader(db, feed).catch((error: unknown) => {
    clearInterval(watch);
    outer?.removeEventListener("abort", onOuterAbort);
    throw error;
  });
  try {
    const summary = await importFeed(
      feed.url,
      feed.type,
      async (batch) => {
        controller.signal.throwIfAborted();
        await loader.write(batch);
      },
      {
        ...options.fetch,
        signal: controller.signal,
        variables: feed.variables,
        batchSize: options.batchSize ?? IMPORT_BATCH,
      },
    );
    controller.signal.throwIfAborted();
    // A feed that comes back empty after it had products is far more often a broken export
    // (a filter gone wrong, an error page served as an empty list) than a shop with nothing
    // left to sell; emptying every floow's results on that would hurt, so it is refused.
    if (loader.count === 0 && (await feedHasProducts(db, feed.id))) {
      throw new FeedError("EMPTY_FEED", EMPTY_FEED_MESSAGE);
    }
    await loader.publish((trx, count) =>
      setFeedRefreshStatus(trx, feed.id, "ok", { error: null, productCount: count }),
    );
    // The planner's statistics for the new products (PGlite has no autovacuum to gather
    // them). The products are in either way: should this fail, the plans keep the statistics
    // they had (and the next import tries again), which is no reason to fail the import.
    await analyzeProducts(db).catch(() => undefined);
    invalidateFeedCaches(organizationId, feed.id);
    return summary;
  } catch (error) {
    await loader.discard().catch(() => undefined);
    // A deleted feed has nothing to record: the refresh simply ends.
    if (deleted) return null;
    const message = outer?.aborted ? INTERRUPTED_MESSAGE : refreshErrorMessage(error);
    await setFeedRefreshStatus(db, feed.id, "failed", { error: message }).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(watch);
    outer?.removeEventListener("abort", onOuterAbort);
    await watching;
  }
}

export const EMPTY_FEED_MESSAGE =
  "The feed holds no products now, so its last products are kept. If it is meant to be empty, delete the feed.";

export const INTERRUPTED_MESSAGE =
  "The refresh was interrupted because the server stopped; it runs again when the server is back.";

/** The message of a feed whose refresh stopped the process on every attempt (see requeueAbandonedJobs). */
export function abandonedMessage(attempts: number): string {
  return `The refresh stopped ${attempts} times without finishing (the server stopped while reading this feed; is it very large or malformed?). It runs again at the next scheduled or requested refresh.`;
}

/**
 * Queues a refresh of the feed. `followUp` (on demand, after the feed was saved): when a
 * refresh is running, one more is queued to run after it, so a new address, type or
 * mapping is fetched at once. Without (the scheduler): false when one is running.
 */
export function enqueueFeedRefresh(
  db: Kysely<DB>,
  organizationId: string,
  feedId: string,
  options: { followUp?: boolean } = {},
): Promise<boolean> {
  return enqueueJob(db, {
    kind: FEED_REFRESH_JOB,
    key: feedId,
    payload: { organizationId, feedId },
    followUp: options.followUp ?? false,
  });
}

/** Queues the feeds whose scheduled refresh is due. */
export async function scheduleDueFeeds(
  db: Kysely<DB>,
  defaultIntervalMinutes: number,
): Promise<number> {
  let queued = 0;
  for (const feed of await listDueFeeds(db, defaultIntervalMinutes)) {
    if (await enqueueFeedRefresh(db, feed.organizationId, feed.id)) queued++;
  }
  return queued;
}

export interface FeedJobOptions extends RefreshOptions {
  /** The default refresh interval; null: no scheduled refreshes (on demand only). */
  intervalMinutes: number | null;
  /** Refreshes at once in this process (default 2) ... */
  concurrency?: number;
  /** ... and per organization (default 1): one organization's slow feed never holds another's. */
  perOrganization?: number;
}

/**
 * Registers the `feed.refresh` job kind with the process's job worker: it runs queued
 * refreshes (on demand: `feed.upsert` and `feed.refresh` queue them), two at once and one per
 * organization, and, once a minute, queues the feeds that are due. The worker's `stop()`
 * aborts a running refresh (the feed keeps its products; the job runs again after the
 * restart).
 */
export function registerFeedJobs(worker: JobWorker, db: Kysely<DB>, options: FeedJobOptions): void {
  const { intervalMinutes, concurrency = 2, perOrganization = 1, ...refreshOptions } = options;
  worker.register(FEED_REFRESH_JOB, {
    concurrency,
    perOrganization,
    run: async (job, signal) => {
      const { organizationId, feedId } = job.payload as { organizationId: string; feedId: string };
      await refreshFeed(db, organizationId, feedId, {
        ...refreshOptions,
        fetch: { ...refreshOptions.fetch, signal },
      });
    },
    onAbandoned: async (job) => {
      const { feedId } = job.payload as { feedId: string };
      await discardProductLoad(db, feedId);
      await setFeedRefreshStatus(db, feedId, "failed", { error: abandonedMessage(job.attempts) });
    },
  });
  if (intervalMinutes !== null)
    worker.addTick(async () => void (await scheduleDueFeeds(db, intervalMinutes)));
}

export interface FeedRefresherOptions extends FeedJobOptions {
  onError?: (error: unknown, job?: Job) => void;
  /** False: do not poll (tests call `drain`). */
  start?: boolean;
  pollMs?: number;
}

/** A job worker running only feed refreshes (tests; the server registers them with its one worker). */
export function startFeedRefresher(db: Kysely<DB>, options: FeedRefresherOptions): JobWorker {
  const { onError, start, pollMs, ...feedOptions } = options;
  const worker = createJobWorker(db, {
    start: false,
    ...(onError && { onError }),
    ...(pollMs !== undefined && { pollMs }),
  });
  registerFeedJobs(worker, db, feedOptions);
  if (start ?? true) worker.start();
  return worker;
}
