import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { FLOOW_VERSIONS_KEPT, floowContent, floowSchema } from "@floow/domain/floow";
import type {
  Floow,
  FloowContent,
  FloowStatus,
  FloowVersionStats,
  VersionedFloow,
} from "@floow/domain/floow";
import type { DB } from "../database";
import { shownSession } from "./analytics";
import { columns, toFloow } from "./floow";
import type { FloowWriteResult } from "./floow";

/**
 * Drafts and published versions (docs/domains-and-floows.md, "Drafts and versions"). The
 * `floow` row is the draft every editor save changes; `floow_version` keeps each publish's
 * content, immutable, and `floow.live_version` names the one shoppers get while the floow's
 * status is live. The public runtime API reads only that version (the functions below the
 * writes), so a draft edit never reaches a shopper.
 */

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** A floow as shoppers get it: its live version's content under the floow's id and organization. */
export interface LiveFloow extends Floow {
  /** The live version's number (`PublicFloow.floowVersion`). */
  floowVersion: number;
}

/** A version's content as a floow (older snapshots filled with today's defaults, as drafts are). */
function liveFloowOf(
  row: { id: string; organization_id: string; user_id: string | null; created_at: Date | string },
  version: { number: number; snapshot: FloowContent; published_at: Date | string },
): LiveFloow {
  const stored = {
    ...version.snapshot,
    id: row.id,
    organizationId: row.organization_id,
    userId: row.user_id,
    createdAt: iso(row.created_at),
    // The version's own time: the public answers and the results' cache keys change with it.
    updatedAt: iso(version.published_at),
    status: "live" as const,
  };
  const parsed = floowSchema.safeParse(stored);
  return { ...(parsed.success ? parsed.data : (stored as Floow)), floowVersion: version.number };
}

/** The floow row, locked until the transaction ends: publishes of one floow take turns. */
async function lockFloow(trx: Kysely<DB>, organizationId: string, id: string) {
  return trx
    .selectFrom("floow")
    .select(columns)
    .select("live_version")
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

const inTransaction = <T>(db: Kysely<DB>, run: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? run(db) : db.transaction().execute(run);

/** Statuses a floow may be published (or rolled back) from: an archived one is restored first. */
const PUBLISHABLE: readonly FloowStatus[] = ["development", "live"];

/**
 * Publishes the draft: its content becomes version N+1 (N the floow's newest), by `userId`
 * with `note`, and the floow is live with it. The floow row is locked first, so two publishes
 * at once get two numbers. At most FLOOW_VERSIONS_KEPT versions stay: older ones that are not
 * live are deleted. `conflict` when the floow is archived.
 */
export async function publishFloow(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  publish: { userId: string | null; note: string },
): Promise<FloowWriteResult> {
  return inTransaction(db, async (trx) => {
    const row = await lockFloow(trx, organizationId, id);
    if (!row) return { ok: false, reason: "not_found" };
    if (!PUBLISHABLE.includes(row.status)) return { ok: false, reason: "conflict" };
    const draft = toFloow(row);
    const newest = await trx
      .selectFrom("floow_version")
      .select((eb) => eb.fn.max("number").as("number"))
      .where("floow_id", "=", id)
      .executeTakeFirst();
    const number = Number(newest?.number ?? 0) + 1;
    await trx
      .insertInto("floow_version")
      .values({
        id: randomUUID(),
        organization_id: organizationId,
        floow_id: id,
        number,
        domain_id: draft.domainId,
        snapshot: JSON.stringify(floowContent(draft)),
        note: publish.note,
        published_by: publish.userId,
      })
      .execute();
    const updated = await trx
      .updateTable("floow")
      .set({ status: "live", live_version: number, updated_at: new Date() })
      .where("organization_id", "=", organizationId)
      .where("id", "=", id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    // The bound on history (docs/domains-and-floows.md): the newest FLOOW_VERSIONS_KEPT stay
    // (the live one is the newest now).
    await trx
      .deleteFrom("floow_version")
      .where("floow_id", "=", id)
      .where("number", "<=", number - FLOOW_VERSIONS_KEPT)
      .execute();
    return { ok: true, floow: toFloow(updated) };
  });
}

export type VersionWriteResult = FloowWriteResult | { ok: false; reason: "no_version" };

/**
 * Makes version `number` live at once (status live), the draft untouched. `no_version` when the
 * floow has no such version; `conflict` when it is archived.
 */
export async function rollbackFloow(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  number: number,
): Promise<VersionWriteResult> {
  return inTransaction(db, async (trx) => {
    const row = await lockFloow(trx, organizationId, id);
    if (!row) return { ok: false, reason: "not_found" };
    if (!(await findVersionContent(trx, organizationId, id, number)))
      return { ok: false, reason: "no_version" };
    if (!PUBLISHABLE.includes(row.status)) return { ok: false, reason: "conflict" };
    const updated = await trx
      .updateTable("floow")
      .set({ status: "live", live_version: number, updated_at: new Date() })
      .where("organization_id", "=", organizationId)
      .where("id", "=", id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    return { ok: true, floow: toFloow(updated) };
  });
}

/** A version's content, or null (another organization's floow, or no such version). */
export async function findVersionContent(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  number: number,
): Promise<FloowContent | null> {
  const row = await db
    .selectFrom("floow_version")
    .select("snapshot")
    .where("organization_id", "=", organizationId)
    .where("floow_id", "=", floowId)
    .where("number", "=", number)
    .executeTakeFirst();
  return row ? row.snapshot : null;
}

/** A floow's versions, newest first, with their publisher's name and how each did with shoppers. */
export async function listFloowVersions(db: Kysely<DB>, organizationId: string, floowId: string) {
  const [versions, stats] = await Promise.all([
    db
      .selectFrom("floow_version as v")
      .leftJoin("user as u", "u.id", "v.published_by")
      .select([
        "v.number",
        "v.note",
        "v.published_at",
        "v.published_by",
        "u.name as publisher_name",
      ])
      .where("v.organization_id", "=", organizationId)
      .where("v.floow_id", "=", floowId)
      .orderBy("v.number", "desc")
      .execute(),
    versionStats(db, organizationId, floowId),
  ]);
  return versions.map((row) => ({
    number: row.number,
    note: row.note,
    publishedAt: iso(row.published_at),
    publishedBy: row.published_by ? { id: row.published_by, name: row.publisher_name ?? "" } : null,
    stats: stats.get(row.number) ?? {
      sessions: 0,
      completed: 0,
      completionRate: 0,
      productClicks: 0,
    },
  }));
}

/**
 * Per version: the sessions that carried its number (`event_session.floow_version`, the first
 * one a session's events named; events without a number count for no version; held-out
 * sessions of an experiment, shown no floow, for none: `shownSession`), those that
 * finished, the completion rate as analytics counts it (finished / started) and product clicks.
 */
async function versionStats(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
): Promise<Map<number, FloowVersionStats>> {
  const { rows } = await sql<{
    floow_version: number;
    sessions: string;
    started: string;
    completed: string;
    clicks: string;
  }>`
    select "floow_version", count(*) as sessions, count(*) filter (where "starts" > 0) as started,
      count(*) filter (where "finishes" > 0) as completed, coalesce(sum("clicks"), 0) as clicks
    from "event_session"
    where "organization_id" = ${organizationId} and "floow_id" = ${floowId} and "floow_version" is not null
      and ${shownSession(organizationId, floowId)}
    group by "floow_version"`.execute(db);
  return new Map(
    rows.map((row) => {
      const started = Number(row.started);
      const completed = Number(row.completed);
      return [
        Number(row.floow_version),
        {
          sessions: Number(row.sessions),
          completed,
          completionRate: started > 0 ? completed / started : 0,
          productClicks: Number(row.clicks),
        },
      ];
    }),
  );
}

/**
 * Whether the draft's content differs from a version's (names, settings, steps, …; not times
 * or the save counter). Both go through JSON, as the snapshot did: a field left undefined and
 * one left out are the same, and key order does not matter.
 */
export function contentDiffers(draft: VersionedFloow, version: FloowContent | null): boolean {
  if (!version) return true;
  const parsed = floowSchema.safeParse({
    ...version,
    id: draft.id,
    organizationId: draft.organizationId,
    userId: draft.userId,
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt,
    status: draft.status,
  });
  const versionContent = floowContent(parsed.success ? parsed.data : (version as Floow));
  return !isDeepStrictEqual(
    JSON.parse(JSON.stringify(floowContent(draft))),
    JSON.parse(JSON.stringify(versionContent)),
  );
}

/** The number of the version the floow was last made live with (null: never published). */
export async function findLiveVersionNumber(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom("floow")
    .select("live_version")
    .where("organization_id", "=", organizationId)
    .where("id", "=", floowId)
    .executeTakeFirst();
  return row?.live_version ?? null;
}

// The public runtime API finds floows by id alone (the runtime knows no organization): only
// live ones, and of those only the live version's content.

function liveVersions(db: Kysely<DB>) {
  return db
    .selectFrom("floow as f")
    .innerJoin("floow_version as v", (join) =>
      join.onRef("v.floow_id", "=", "f.id").onRef("v.number", "=", "f.live_version"),
    )
    .select([
      "f.id",
      "f.organization_id",
      "f.user_id",
      "f.created_at",
      "v.number",
      "v.snapshot",
      "v.published_at",
      "v.domain_id",
    ])
    .where("f.status", "=", "live");
}

/** A domain's live floows (those whose live version is in the domain), oldest first. */
export async function listLiveFloows(db: Kysely<DB>, domainId: string): Promise<LiveFloow[]> {
  const rows = await liveVersions(db)
    .where("v.domain_id", "=", domainId)
    .orderBy("f.created_at", "asc")
    .orderBy("f.id", "asc")
    .execute();
  return rows.map((row) => liveFloowOf(row, row));
}

export async function findLiveFloow(db: Kysely<DB>, id: string): Promise<LiveFloow | null> {
  const row = await liveVersions(db).where("f.id", "=", id).executeTakeFirst();
  return row ? liveFloowOf(row, row) : null;
}

/**
 * Version `number` of a live floow as shoppers get it (an experiment's variant): null when the
 * floow is not live or has no such version. Any published version of a live floow may be
 * served: it was public when published.
 */
export async function findLiveFloowVersion(
  db: Kysely<DB>,
  id: string,
  number: number,
): Promise<LiveFloow | null> {
  const row = await db
    .selectFrom("floow as f")
    .innerJoin("floow_version as v", "v.floow_id", "f.id")
    .select([
      "f.id",
      "f.organization_id",
      "f.user_id",
      "f.created_at",
      "v.number",
      "v.snapshot",
      "v.published_at",
    ])
    .where("f.id", "=", id)
    .where("f.status", "=", "live")
    .where("v.number", "=", number)
    .executeTakeFirst();
  return row ? liveFloowOf(row, row) : null;
}

export interface LiveFloowRef {
  id: string;
  organizationId: string;
  domainId: string;
  /** The live version's number. */
  floowVersion: number;
}

/** Which of these ids are live floows, with their organization, domain and live version (for events). */
export async function findLiveFloowRefs(
  db: Kysely<DB>,
  ids: readonly string[],
): Promise<Map<string, LiveFloowRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("floow as f")
    .innerJoin("floow_version as v", (join) =>
      join.onRef("v.floow_id", "=", "f.id").onRef("v.number", "=", "f.live_version"),
    )
    .select(["f.id", "f.organization_id", "v.domain_id", "v.number"])
    .where("f.id", "in", [...new Set(ids)])
    .where("f.status", "=", "live")
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        organizationId: row.organization_id,
        domainId: row.domain_id,
        floowVersion: row.number,
      },
    ]),
  );
}
