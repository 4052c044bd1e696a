import { sql } from "kysely";
import type { Kysely, Selectable } from "kysely";
import type { FeedType, FeedVariables } from "@floow/domain/feed";
import type { DB } from "../database";
import type { FeedRefreshStatus, FeedTable } from "../tables/feed";

/**
 * A feed as the dashboard sees it: the spec's fields, its product count and how its last
 * refresh went. Its products are not in it (there may be 100,000): `product.list` pages them.
 */
export interface FeedView {
  id: string;
  organizationId: string;
  domainId: string | null;
  name: string;
  url: string;
  type: FeedType;
  description: string;
  image: string | null;
  variables: FeedVariables;
  refreshIntervalMinutes: number | null;
  productCount: number;
  lastRefreshAt: string | null;
  lastRefreshStatus: FeedRefreshStatus;
  lastRefreshError: string | null;
  /** A refresh is running or due (the dashboard polls the list until it is done). */
  refreshQueued: boolean;
}

/** What `upsertFeed` saves. */
export interface FeedFields {
  id: string;
  domainId: string | null;
  name: string;
  url: string;
  type: FeedType;
  description: string;
  image: string | null;
  variables: FeedVariables;
}

const columns = [
  "id",
  "organization_id",
  "domain_id",
  "name",
  "url",
  "type",
  "description",
  "image",
  "variables",
  "refresh_interval_minutes",
  "product_count",
  "last_refresh_at",
  "last_refresh_status",
  "last_refresh_error",
] as const;
type FeedRow = Pick<Selectable<FeedTable>, (typeof columns)[number]> & { refresh_queued?: boolean };

/**
 * Whether a `feed.refresh` job (services/feeds/refresh.ts, FEED_REFRESH_JOB) for the feed is
 * running or due: the job queue keys them by feed id. A failed refresh's retry, queued for
 * later, does not count (the feed shows its failure until then).
 */
const refreshQueued =
  sql<boolean>`exists (select 1 from "job" where "job"."kind" = 'feed.refresh' and "job"."key" = "feed"."id" and ("job"."status" = 'running' or ("job"."status" = 'queued' and "job"."run_at" <= now())))`.as(
    "refresh_queued",
  );

function toFeed(row: FeedRow): FeedView {
  return {
    id: row.id,
    organizationId: row.organization_id,
    domainId: row.domain_id,
    name: row.name,
    url: row.url,
    type: row.type,
    description: row.description,
    image: row.image,
    variables: row.variables,
    refreshIntervalMinutes: row.refresh_interval_minutes,
    productCount: row.product_count,
    lastRefreshAt: row.last_refresh_at ? new Date(row.last_refresh_at).toISOString() : null,
    lastRefreshStatus: row.last_refresh_status,
    lastRefreshError: row.last_refresh_error,
    refreshQueued: Boolean(row.refresh_queued),
  };
}

/** The organization's feeds, oldest first. */
export async function listFeeds(db: Kysely<DB>, organizationId: string): Promise<FeedView[]> {
  const rows = await db
    .selectFrom("feed")
    .select(columns)
    .select(refreshQueued)
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toFeed);
}

export async function findFeed(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<FeedView | null> {
  const row = await db
    .selectFrom("feed")
    .select(columns)
    .select(refreshQueued)
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toFeed(row) : null;
}

export type UpsertFeedResult =
  { outcome: "created" | "updated"; feed: FeedView; sourceChanged: boolean } | { outcome: "taken" };

/**
 * Creates the feed under its client-generated id, or saves it when the organization already
 * has it. `taken` when another organization has that id. `sourceChanged` says whether the
 * products must be fetched again (a new feed, or a new url, type or variables).
 */
export async function upsertFeed(
  db: Kysely<DB>,
  organizationId: string,
  fields: FeedFields,
): Promise<UpsertFeedResult> {
  const values = {
    domain_id: fields.domainId,
    name: fields.name,
    url: fields.url,
    type: fields.type,
    description: fields.description,
    image: fields.image,
    variables: JSON.stringify(fields.variables),
  };
  const existing = await db
    .selectFrom("feed")
    .select(["organization_id", "url", "type", "variables"])
    .where("id", "=", fields.id)
    .executeTakeFirst();
  if (existing && existing.organization_id !== organizationId) return { outcome: "taken" };
  if (!existing) {
    const row = await db
      .insertInto("feed")
      .values({ id: fields.id, organization_id: organizationId, ...values })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning(columns)
      .executeTakeFirst();
    return row
      ? { outcome: "created", feed: toFeed(row), sourceChanged: true }
      : { outcome: "taken" };
  }
  const row = await db
    .updateTable("feed")
    .set({ ...values, updated_at: new Date() })
    .where("organization_id", "=", organizationId)
    .where("id", "=", fields.id)
    .returning(columns)
    .executeTakeFirstOrThrow();
  const sourceChanged =
    existing.url !== fields.url ||
    existing.type !== fields.type ||
    !sameRecord(existing.variables, fields.variables);
  return { outcome: "updated", feed: toFeed(row), sourceChanged };
}

/** jsonb does not keep key order: compare records key by key. */
function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * Deletes a feed with its products; false when the organization has no such feed. Its
 * refresh jobs go first (their own statement): a running refresh sees its job gone and
 * stops (`feedRefreshWanted`), which on a PostgreSQL server also releases the rows its
 * transaction holds, which the feed's delete waits for.
 */
export async function deleteFeed(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<boolean> {
  // The kind is services/feeds' FEED_REFRESH_JOB (queries do not import services).
  await db
    .deleteFrom("job")
    .where("kind", "=", "feed.refresh")
    .where("key", "=", id)
    .where("organization_id", "=", organizationId)
    .execute();
  const result = await db
    .deleteFrom("feed")
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether a refresh should go on: its feed exists and its job (when it has one) is still running. */
export async function feedRefreshWanted(
  db: Kysely<DB>,
  feedId: string,
  jobId: string | null,
): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom("feed").select("id").where("id", "=", feedId)).as("feed"),
      (jobId === null
        ? eb.lit(true)
        : eb.exists(
            eb
              .selectFrom("job")
              .select("id")
              .where("id", "=", jobId)
              .where("status", "=", "running"),
          )
      ).as("job"),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.feed) && Boolean(row.job);
}

export async function setFeedRefreshStatus(
  db: Kysely<DB>,
  id: string,
  status: FeedRefreshStatus,
  fields: { error?: string | null; productCount?: number } = {},
): Promise<void> {
  await db
    .updateTable("feed")
    .set({
      last_refresh_status: status,
      ...(status !== "running" && { last_refresh_at: new Date() }),
      ...(fields.error !== undefined && { last_refresh_error: fields.error }),
      ...(fields.productCount !== undefined && { product_count: fields.productCount }),
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Feeds whose scheduled refresh is due: never refreshed, or refreshed longer ago than their
 * interval (or `defaultIntervalMinutes`). The caller enqueues them; a feed with a queued or
 * running refresh is skipped there.
 */
export async function listDueFeeds(
  db: Kysely<DB>,
  defaultIntervalMinutes: number,
  limit = 100,
): Promise<{ id: string; organizationId: string }[]> {
  const rows = await db
    .selectFrom("feed")
    .select(["id", "organization_id"])
    .where((eb) =>
      eb.or([
        eb("last_refresh_at", "is", null),
        eb(
          sql<Date>`"last_refresh_at" + make_interval(mins => coalesce("refresh_interval_minutes", ${defaultIntervalMinutes}))`,
          "<=",
          sql<Date>`now()`,
        ),
      ]),
    )
    .orderBy("last_refresh_at", (ob) => ob.asc().nullsFirst())
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, organizationId: row.organization_id }));
}

/** The feed a refresh job works on, by id alone (jobs carry the organization too, and check it). */
export async function findFeedSource(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<Pick<FeedView, "id" | "organizationId" | "url" | "type" | "variables"> | null> {
  const row = await db
    .selectFrom("feed")
    .select(["id", "organization_id", "url", "type", "variables"])
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        organizationId: row.organization_id,
        url: row.url,
        type: row.type,
        variables: row.variables,
      }
    : null;
}
