import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { choiceMatchCounts, findDeadEnds } from "@floow/domain/insights";
import { createResultsIndex } from "@floow/domain/results";
import type { DeadEndReport, MatchCounts, PathFloow } from "@floow/domain/insights";
import type { ResultsFloow, ResultsIndex } from "@floow/domain/results";
import type { Kysely } from "kysely";
import type { DB } from "../db/database";
import { findFloow } from "../db/queries/floow";
import { findFeed } from "../db/queries/feed";
import { clearDeadEnds, listFloowsToRecheck, saveDeadEnds } from "../db/queries/insight";
import { enqueueJob } from "../db/queries/job";
import { listFeedProductRecords } from "../db/queries/product";
import { CACHES, createTtlCache, feedIndexKey, resultsIndexBytes } from "./cache";
import type { JobWorker } from "./jobs/worker";

/**
 * The editor's insights about a selling floow and its feed (docs/editor.md): live match
 * counts per choice and the dead-end check, on the same results index the public results
 * use (`createResultsIndex`). A feed's index is kept in memory for a while; the cache shares
 * the results' name (`results:feeds`), so a feed import's `invalidateFeedCaches` drops it too.
 */
const indexes = createTtlCache<{ index: ResultsIndex; bytes: number }>({
  ...CACHES.insightIndexes,
  sizeOf: (kept) => kept.bytes,
});

/** The results index of one of an organization's feeds (loaded at first use). */
export async function feedIndex(
  db: Kysely<DB>,
  organizationId: string,
  feedId: string,
): Promise<ResultsIndex> {
  const kept = await indexes.get(feedIndexKey(organizationId, feedId), async () => {
    const products = await listFeedProductRecords(db, organizationId, feedId);
    return { index: createResultsIndex(products), bytes: resultsIndexBytes(products) };
  });
  return kept.index;
}

/** Match counts for the floow's choices, with the filters as given (the editor's, unsaved). */
export async function matchCounts(
  db: Kysely<DB>,
  organizationId: string,
  feedId: string,
  floow: Pick<ResultsFloow, "steps" | "filterGroups" | "filters">,
): Promise<MatchCounts> {
  return choiceMatchCounts(await feedIndex(db, organizationId, feedId), floow);
}

/** Checks a floow's paths against its feed now and keeps the report; null when it has no feed. */
export async function checkDeadEnds(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
): Promise<DeadEndReport | null> {
  const floow = await findFloow(db, organizationId, floowId);
  if (!floow) return null;
  if (floow.type !== "selling" || !floow.feedId) {
    await clearDeadEnds(db, organizationId, floowId);
    return null;
  }
  const feed = await findFeed(db, organizationId, floow.feedId);
  if (!feed) return null;
  // The feed is being read: check once its new products are in (the tick catches it too).
  if (feed.refreshQueued || feed.lastRefreshStatus === "running") {
    await enqueueDeadEndCheck(db, organizationId, floowId, new Date(Date.now() + RECHECK_MS));
    return null;
  }
  const index = await feedIndex(db, organizationId, floow.feedId);
  // In slices: the check of a large feed must not hold the shoppers' requests meanwhile.
  const report = await findDeadEnds(index, floow satisfies PathFloow, {
    pause: yieldToEventLoop,
  });
  await saveDeadEnds(db, organizationId, floowId, floow.feedId, report);
  return report;
}

export const DEAD_END_JOB = "floow.dead-ends";

/**
 * Queues a dead-end check of a floow (after a save). A check already running gets one
 * follow-up, so the last save is always the one checked.
 */
export function enqueueDeadEndCheck(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  runAt?: Date,
): Promise<boolean> {
  return enqueueJob(db, {
    kind: DEAD_END_JOB,
    key: floowId,
    payload: { organizationId, floowId },
    followUp: true,
    ...(runAt && { runAt }),
  });
}

/** While a floow's feed refreshes, its check waits this long and looks again. */
const RECHECK_MS = 2_000;

/**
 * Queues a check of every floow whose feed finished a refresh after the floow's last check:
 * how "again after every feed refresh" happens, from the worker's tick (about once a minute),
 * so it holds for scheduled refreshes and across processes alike.
 */
export async function enqueueRefreshedFeedChecks(db: Kysely<DB>): Promise<number> {
  let queued = 0;
  for (const { organizationId, floowId } of await listFloowsToRecheck(db))
    if (await enqueueDeadEndCheck(db, organizationId, floowId)) queued++;
  return queued;
}

/** Registers the dead-end check with the process's job worker (one at a time, CPU-bound). */
export function registerInsightJobs(worker: JobWorker, db: Kysely<DB>): void {
  worker.addTick(async () => void (await enqueueRefreshedFeedChecks(db)));
  worker.register(DEAD_END_JOB, {
    concurrency: 1,
    perOrganization: 1,
    run: async (job) => {
      const { organizationId, floowId } = job.payload as {
        organizationId: string;
        floowId: string;
      };
      await checkDeadEnds(db, organizationId, floowId);
    },
  });
}
