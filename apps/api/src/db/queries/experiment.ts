import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Kysely, Selectable } from "kysely";
import { EXPERIMENT_TRANSITIONS, canTransition } from "@floow/domain/experiment";
import type {
  ArmCounts,
  Experiment,
  ExperimentSplit,
  ExperimentTransition,
  ExperimentVariant,
} from "@floow/domain/experiment";
import type { DB } from "../database";
import { lastSessionInWindow } from "./conversion";
import type { ExperimentTable } from "../tables/experiment";

/**
 * Experiments on a floow (docs/analytics.md, "Experiments"). The variants are published
 * versions of the floow; each variant and the holdout have an id of their own, which the
 * public answer gives the runtime and the runtime stamps on events (`variantId`), so the
 * results need no time window: an arm's id names its visitors.
 */

type ExperimentRow = Selectable<ExperimentTable>;

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export function toExperiment(row: ExperimentRow): Experiment {
  return {
    id: row.id,
    floowId: row.floow_id,
    name: row.name,
    state: row.state,
    variants: row.variants,
    holdout: row.holdout_share > 0 ? { id: row.holdout_id, share: row.holdout_share } : null,
    startedAt: iso(row.started_at),
    stoppedAt: iso(row.stopped_at),
    promotedVersion: row.promoted_version,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/** A floow's experiments, newest first. */
export async function listExperiments(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
): Promise<Experiment[]> {
  const rows = await db
    .selectFrom("experiment")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("floow_id", "=", floowId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toExperiment);
}

export async function findExperiment(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<Experiment | null> {
  const row = await db
    .selectFrom("experiment")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toExperiment(row) : null;
}

/** Of these version numbers, those the floow does not have (any more). */
export async function missingVersions(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  numbers: readonly number[],
): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .selectFrom("floow_version")
    .select("number")
    .where("organization_id", "=", organizationId)
    .where("floow_id", "=", floowId)
    .where("number", "in", [...numbers])
    .execute();
  const found = new Set(rows.map((row) => row.number));
  return numbers.filter((n) => !found.has(n));
}

interface SplitInput {
  name: string;
  variants: { version: number; share: number }[];
  holdoutShare: number;
}

/** The variants with their ids: the ids of versions already in the experiment are kept. */
function variantsWithIds(
  input: SplitInput["variants"],
  existing: readonly ExperimentVariant[] = [],
): ExperimentVariant[] {
  return input.map((variant) => ({
    id: existing.find((old) => old.version === variant.version)?.id ?? randomUUID(),
    version: variant.version,
    share: variant.share,
  }));
}

export async function insertExperiment(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  input: SplitInput,
): Promise<Experiment> {
  const row = await db
    .insertInto("experiment")
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      floow_id: floowId,
      name: input.name,
      variants: JSON.stringify(variantsWithIds(input.variants)),
      holdout_id: randomUUID(),
      holdout_share: input.holdoutShare,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toExperiment(row);
}

/** Changes a draft's name and split; null when there is no such draft (any more). */
export async function updateDraftExperiment(
  db: Kysely<DB>,
  organizationId: string,
  experiment: Experiment,
  input: SplitInput,
): Promise<Experiment | null> {
  const row = await db
    .updateTable("experiment")
    .set({
      name: input.name,
      variants: JSON.stringify(variantsWithIds(input.variants, experiment.variants)),
      holdout_share: input.holdoutShare,
      updated_at: new Date(),
    })
    .where("organization_id", "=", organizationId)
    .where("id", "=", experiment.id)
    .where("state", "=", "draft")
    .returningAll()
    .executeTakeFirst();
  return row ? toExperiment(row) : null;
}

export type TransitionResult =
  { ok: true; experiment: Experiment } | { ok: false; reason: "not_found" | "state" | "busy" };

/** PostgreSQL's unique_violation: another experiment of the floow is running or paused. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23505";

/**
 * Moves an experiment (start, pause, stop), if its state allows it. `busy` when another
 * experiment of the floow is running or paused (the database's partial unique index decides,
 * so two starts at once cannot both win).
 */
export async function transitionExperiment(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  transition: ExperimentTransition,
): Promise<TransitionResult> {
  const current = await findExperiment(db, organizationId, id);
  if (!current) return { ok: false, reason: "not_found" };
  if (!canTransition(current.state, transition)) return { ok: false, reason: "state" };
  const to = EXPERIMENT_TRANSITIONS[transition].to;
  const now = new Date();
  try {
    const row = await db
      .updateTable("experiment")
      .set({
        state: to,
        updated_at: now,
        ...(transition === "start" && !current.startedAt ? { started_at: now } : {}),
        ...(transition === "stop" ? { stopped_at: now } : {}),
      })
      .where("organization_id", "=", organizationId)
      .where("id", "=", id)
      // The state read above still holds (a concurrent move makes this update nothing).
      .where("state", "=", current.state)
      .returningAll()
      .executeTakeFirst();
    return row ? { ok: true, experiment: toExperiment(row) } : { ok: false, reason: "state" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "busy" };
    throw error;
  }
}

/** Notes which version a Promote made live (and stops the experiment if it still ran). */
export async function markPromoted(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  version: number,
): Promise<Experiment> {
  const now = new Date();
  const row = await db
    .updateTable("experiment")
    .set((eb) => ({
      promoted_version: version,
      state: "stopped",
      stopped_at: eb.fn.coalesce("stopped_at", eb.val(now)),
      updated_at: now,
    }))
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toExperiment(row);
}

export async function removeExperiment(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("experiment")
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The running experiment of each of these floows (the public answers split their visitors by it). */
export async function findRunningExperiments(
  db: Kysely<DB>,
  floowIds: readonly string[],
): Promise<Map<string, ExperimentSplit>> {
  if (floowIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("experiment")
    .select(["id", "floow_id", "variants", "holdout_id", "holdout_share"])
    .where("floow_id", "in", [...new Set(floowIds)])
    .where("state", "=", "running")
    .execute();
  return new Map(
    rows.map((row) => [
      row.floow_id,
      {
        id: row.id,
        variants: row.variants,
        holdout: row.holdout_share > 0 ? { id: row.holdout_id, share: row.holdout_share } : null,
      },
    ]),
  );
}

/** An experiment's counts per arm (variants in their order, then the holdout). */
export interface ResultCounts {
  arms: ArmCounts[];
  /** The currency revenue is counted in: the one most of the experiment's orders were in. */
  currency: string | null;
}

/**
 * What the results count per arm. A visitor is the visitor id, or the session id where the
 * runtime had no consent to keep one (the same key the assignment used). Visitors come from
 * `experiment_visitor`, one row per arm and visitor kept from `event_session` (their
 * `variant_id`) by a trigger (migrations/20261126160000), orders from `conversion` (the
 * `variant_id` of the session the order was attributed to). Revenue is counted in one currency, the one most of the
 * orders were in (a sum over currencies means nothing); orders in others still count as orders.
 */
export async function countExperimentArms(
  db: Kysely<DB>,
  organizationId: string,
  experiment: Experiment,
): Promise<ResultCounts> {
  const arms = [
    ...experiment.variants.map((v) => ({ id: v.id, share: v.share, holdout: false })),
    ...(experiment.holdout
      ? [{ id: experiment.holdout.id, share: experiment.holdout.share, holdout: true }]
      : []),
  ];
  const ids = arms.map((arm) => arm.id);
  const [visits, orders] = await Promise.all([
    sql<{
      variant_id: string;
      visitors: string;
      started: string;
      completed: string;
      clicked: string;
    }>`
      select "variant_id", count(*) as visitors, count(*) filter (where "started" > 0) as started,
        count(*) filter (where "completed" > 0) as completed, count(*) filter (where "clicked" > 0) as clicked
      from "experiment_visitor"
      where "organization_id" = ${organizationId} and "floow_id" = ${experiment.floowId}
        and "variant_id" in (${sql.join(ids)}) and "sessions" > 0
      group by "variant_id"`.execute(db),
    // One pass over the arms' orders (conversion_variant_idx): the currency most were in, then
    // per arm and visitor the orders and the revenue in that currency.
    sql<{
      variant_id: string;
      currency: string;
      converted: string;
      orders: string;
      revenue: string | null;
      squares: string | null;
    }>`
      with "o" as (
        select "variant_id", coalesce("visitor_id", "session_id", "id") as visitor, "currency", "value"
        from "conversion"
        where "organization_id" = ${organizationId} and "variant_id" in (${sql.join(ids)})
      ), "main" as (
        select "currency" from "o" group by "currency" order by count(*) desc, "currency" limit 1
      ), "per_visitor" as (
        select "variant_id", visitor, count(*) as orders,
          coalesce(sum("value") filter (where "currency" = (select "currency" from "main")), 0) as revenue
        from "o" group by "variant_id", visitor
      )
      select "variant_id", (select "currency" from "main") as currency, count(*) as converted,
        sum("orders") as orders, sum("revenue") as revenue, sum("revenue" * "revenue") as squares
      from "per_visitor" group by "variant_id"`.execute(db),
  ]);
  const currency = orders.rows[0]?.currency ?? null;
  const visitsBy = new Map(visits.rows.map((row) => [row.variant_id, row]));
  const ordersBy = new Map(orders.rows.map((row) => [row.variant_id, row]));
  return {
    currency,
    arms: arms.map((arm): ArmCounts => {
      const v = visitsBy.get(arm.id);
      const o = ordersBy.get(arm.id);
      return {
        ...arm,
        visitors: Number(v?.visitors ?? 0),
        started: Number(v?.started ?? 0),
        completed: Number(v?.completed ?? 0),
        clicked: Number(v?.clicked ?? 0),
        converted: Number(o?.converted ?? 0),
        orders: Number(o?.orders ?? 0),
        revenue: Number(o?.revenue ?? 0),
        revenueSquares: Number(o?.squares ?? 0),
      };
    }),
  };
}

/**
 * The experiment arm an order counts for: the arm (`variant_id`) of the visitor's (or, without
 * a visitor id, the tab session's) last session that had one and was seen within the
 * organization's attribution window, whether or not the floow was started. Experiments compare
 * everyone assigned to an arm (intention to treat): a holdout visitor never starts a floow, and
 * a variant that fewer visitors start must not look better for it.
 */
export async function findExperimentArm(
  db: Kysely<DB>,
  organizationId: string,
  ids: { visitorId: string | null; sessionId: string | null },
  at: Date,
): Promise<string | null> {
  if (!ids.visitorId && !ids.sessionId) return null;
  const row = await lastSessionInWindow(db, organizationId, ids, at)
    .select("s.variant_id")
    .where("s.variant_id", "is not", null)
    .executeTakeFirst();
  return row?.variant_id ?? null;
}
