import type { DeadEndReport } from "@floow/domain/insights";
import type { Kysely } from "kysely";
import type { DB } from "../database";

export interface StoredDeadEnds {
  feedId: string | null;
  report: DeadEndReport;
  checkedAt: Date;
}

/** Keeps a floow's latest dead-end report (one row per floow). */
export async function saveDeadEnds(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  feedId: string | null,
  report: DeadEndReport,
): Promise<void> {
  const values = {
    feed_id: feedId,
    dead_end_count: report.count,
    report: JSON.stringify(report),
    checked_at: new Date(),
  };
  await db
    .insertInto("floow_insight")
    .values({ floow_id: floowId, organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column("floow_id").doUpdateSet(values))
    .execute();
}

/** Removes a floow's report (it has no feed any more, or is a data floow). */
export async function clearDeadEnds(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
): Promise<void> {
  await db
    .deleteFrom("floow_insight")
    .where("organization_id", "=", organizationId)
    .where("floow_id", "=", floowId)
    .execute();
}

export async function findDeadEnds(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
): Promise<StoredDeadEnds | null> {
  const row = await db
    .selectFrom("floow_insight")
    .select(["feed_id", "report", "checked_at"])
    .where("organization_id", "=", organizationId)
    .where("floow_id", "=", floowId)
    .executeTakeFirst();
  return row
    ? { feedId: row.feed_id, report: row.report, checkedAt: new Date(row.checked_at) }
    : null;
}

/** The dead-end count of each of an organization's checked floows. */
export async function listDeadEndCounts(
  db: Kysely<DB>,
  organizationId: string,
): Promise<{ floowId: string; count: number }[]> {
  const rows = await db
    .selectFrom("floow_insight")
    .select(["floow_id", "dead_end_count"])
    .where("organization_id", "=", organizationId)
    .execute();
  return rows.map((row) => ({ floowId: row.floow_id, count: row.dead_end_count }));
}

/** The selling floows (not archived) that use a feed: checked again after its refresh. */
export async function listFloowIdsOfFeed(
  db: Kysely<DB>,
  organizationId: string,
  feedId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("floow")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("feed_id", "=", feedId)
    .where("type", "=", "selling")
    .where("status", "!=", "archived")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Selling floows (any organization) whose feed finished a refresh after their last check (or
 * that were never checked since the feed has products): the worker's tick queues them again.
 */
export async function listFloowsToRecheck(
  db: Kysely<DB>,
): Promise<{ organizationId: string; floowId: string }[]> {
  const rows = await db
    .selectFrom("floow")
    .innerJoin("feed", "feed.id", "floow.feed_id")
    .leftJoin("floow_insight", "floow_insight.floow_id", "floow.id")
    .select(["floow.id as id", "floow.organization_id as organization_id"])
    .where("floow.type", "=", "selling")
    .where("floow.status", "!=", "archived")
    .where("feed.last_refresh_status", "=", "ok")
    .where("feed.last_refresh_at", "is not", null)
    .where((eb) =>
      eb.or([
        eb("floow_insight.checked_at", "is", null),
        eb("floow_insight.checked_at", "<", eb.ref("feed.last_refresh_at")),
      ]),
    )
    .limit(500)
    .execute();
  return rows.map((row) => ({ organizationId: row.organization_id, floowId: row.id }));
}
