import {
  experimentCreateSchema,
  experimentListSchema,
  experimentPromoteSchema,
  experimentRefSchema,
  experimentStats,
  experimentUpdateSchema,
} from "@floow/domain/experiment";
import type { Experiment, ExperimentStats, ExperimentTransition } from "@floow/domain/experiment";
import { DomainError } from "@floow/domain/errors";
import type { VersionedFloow } from "@floow/domain/floow";
import type { Kysely } from "kysely";
import type { DB } from "../db/database";
import {
  countExperimentArms,
  findExperiment,
  insertExperiment,
  listExperiments,
  markPromoted,
  missingVersions,
  removeExperiment,
  transitionExperiment,
  updateDraftExperiment,
} from "../db/queries/experiment";
import { findFloow } from "../db/queries/floow";
import { findLiveFloowRefs, rollbackFloow } from "../db/queries/floow-version";
import { changeServedFloow } from "../services/floow-served";
import { orgProcedure, router } from "../trpc/init";

/**
 * Experiments on a floow (docs/analytics.md, "Experiments"): a draft is set up (variants are
 * published versions, an optional holdout, shares adding up to 100 %), then started, paused,
 * resumed and stopped; Promote makes a variant's version the live one with the floow's own
 * rollback. Every member may do all of it, as with publishing (docs/permissions.md). Another
 * organization's floow or experiment is NOT_FOUND.
 */

const notFound = () => new DomainError("NOT_FOUND", "Experiment not found.");

async function requireFloow(db: Kysely<DB>, organizationId: string, floowId: string) {
  const floow = await findFloow(db, organizationId, floowId);
  if (!floow) throw new DomainError("NOT_FOUND", "Floow not found.");
  return floow;
}

async function requireExperiment(db: Kysely<DB>, organizationId: string, id: string) {
  const experiment = await findExperiment(db, organizationId, id);
  if (!experiment) throw notFound();
  return experiment;
}

/** Each variant must be a version the floow has (the newest 100 are kept); else NOT_FOUND at the field. */
async function requireVersions(
  db: Kysely<DB>,
  organizationId: string,
  floowId: string,
  variants: readonly { version: number }[],
) {
  const missing = new Set(
    await missingVersions(
      db,
      organizationId,
      floowId,
      variants.map((v) => v.version),
    ),
  );
  if (missing.size === 0) return;
  throw new DomainError(
    "NOT_FOUND",
    "Version not found.",
    variants.flatMap((variant, index) =>
      missing.has(variant.version)
        ? [{ path: ["variants", index, "version"], message: "This version no longer exists." }]
        : [],
    ),
  );
}

const STATE_REFUSED: Record<ExperimentTransition, string> = {
  start: "Only a draft or a paused experiment can be started.",
  pause: "Only a running experiment can be paused.",
  stop: "This experiment has already stopped.",
};

/** start, pause, stop: a move that changes what the floow's shoppers get. */
function transition(move: ExperimentTransition) {
  return orgProcedure
    .input(experimentRefSchema)
    .mutation(async ({ ctx, input }): Promise<Experiment> => {
      const experiment = await requireExperiment(ctx.db, ctx.org.id, input.id);
      if (move === "start") {
        const live = (await findLiveFloowRefs(ctx.db, [experiment.floowId])).get(
          experiment.floowId,
        );
        if (!live)
          throw new DomainError(
            "CONFLICT",
            "Publish the floow before starting an experiment on it.",
          );
        await requireVersions(ctx.db, ctx.org.id, experiment.floowId, experiment.variants);
      }
      const result = await changeServedFloow(ctx.db, experiment.floowId, () =>
        transitionExperiment(ctx.db, ctx.org.id, input.id, move),
      );
      if (result.ok) return result.experiment;
      if (result.reason === "not_found") throw notFound();
      if (result.reason === "busy")
        throw new DomainError(
          "CONFLICT",
          "Another experiment on this floow is running or paused. Stop it first.",
        );
      throw new DomainError("CONFLICT", STATE_REFUSED[move]);
    });
}

export interface ExperimentResults {
  experiment: Experiment;
  /** The currency of the revenue figures (the one most orders were in); null without orders. */
  currency: string | null;
  stats: ExperimentStats;
}

export const experimentRouter = router({
  /** A floow's experiments, newest first. */
  list: orgProcedure
    .input(experimentListSchema)
    .query(async ({ ctx, input }): Promise<Experiment[]> => {
      await requireFloow(ctx.db, ctx.org.id, input.floowId);
      return listExperiments(ctx.db, ctx.org.id, input.floowId);
    }),

  byId: orgProcedure
    .input(experimentRefSchema)
    .query(({ ctx, input }): Promise<Experiment> =>
      requireExperiment(ctx.db, ctx.org.id, input.id),
    ),

  /** A draft experiment on a floow, its variants among the floow's published versions. */
  create: orgProcedure
    .input(experimentCreateSchema)
    .mutation(async ({ ctx, input }): Promise<Experiment> => {
      await requireFloow(ctx.db, ctx.org.id, input.floowId);
      await requireVersions(ctx.db, ctx.org.id, input.floowId, input.variants);
      return insertExperiment(ctx.db, ctx.org.id, input.floowId, input);
    }),

  /** A draft's name, variants and split; once started, the split is fixed (visitors stay where they are). */
  update: orgProcedure
    .input(experimentUpdateSchema)
    .mutation(async ({ ctx, input }): Promise<Experiment> => {
      const experiment = await requireExperiment(ctx.db, ctx.org.id, input.id);
      if (experiment.state !== "draft")
        throw new DomainError(
          "CONFLICT",
          "A started experiment cannot be changed: its visitors would change variant.",
        );
      await requireVersions(ctx.db, ctx.org.id, experiment.floowId, input.variants);
      const updated = await updateDraftExperiment(ctx.db, ctx.org.id, experiment, input);
      if (!updated)
        throw new DomainError(
          "CONFLICT",
          "A started experiment cannot be changed: its visitors would change variant.",
        );
      return updated;
    }),

  start: transition("start"),
  pause: transition("pause"),
  stop: transition("stop"),

  /**
   * Makes a variant's version the floow's live version (the floow's rollback: at once, under
   * the same id and embed code) and stops the experiment, noting the version promoted.
   */
  promote: orgProcedure
    .input(experimentPromoteSchema)
    .mutation(
      async ({ ctx, input }): Promise<{ experiment: Experiment; floow: VersionedFloow }> => {
        const experiment = await requireExperiment(ctx.db, ctx.org.id, input.id);
        const variant = experiment.variants.find((v) => v.id === input.variantId);
        if (!variant)
          throw new DomainError("BAD_REQUEST", "Pick one of the experiment's variants.", [
            {
              path: ["variantId"],
              message:
                experiment.holdout?.id === input.variantId
                  ? "The holdout shows no floow: there is nothing to promote."
                  : "Pick one of the experiment's variants.",
            },
          ]);
        if (experiment.state === "draft")
          throw new DomainError("CONFLICT", "Start the experiment before promoting a variant.");
        return changeServedFloow(ctx.db, experiment.floowId, () =>
          ctx.db.transaction().execute(async (trx) => {
            const rolled = await rollbackFloow(
              trx,
              ctx.org.id,
              experiment.floowId,
              variant.version,
            );
            if (!rolled.ok) {
              if (rolled.reason === "no_version")
                throw new DomainError("NOT_FOUND", "Version not found.", [
                  { path: ["variantId"], message: "This variant's version no longer exists." },
                ]);
              if (rolled.reason === "not_found") throw notFound();
              throw new DomainError("CONFLICT", "Restore this floow before promoting a variant.");
            }
            const promoted = await markPromoted(trx, ctx.org.id, experiment.id, variant.version);
            return { experiment: promoted, floow: rolled.floow };
          }),
        );
      },
    ),

  /** The results per arm with their statistics (docs/analytics.md, "Experiments"). */
  results: orgProcedure
    .input(experimentRefSchema)
    .query(async ({ ctx, input }): Promise<ExperimentResults> => {
      const experiment = await requireExperiment(ctx.db, ctx.org.id, input.id);
      const counts = await countExperimentArms(ctx.db, ctx.org.id, experiment);
      return {
        experiment,
        currency: counts.currency,
        stats: experimentStats(experiment.id, counts.arms),
      };
    }),

  /** Deletes an experiment that never ran (a draft); one that ran is kept for its results. */
  remove: orgProcedure
    .input(experimentRefSchema)
    .mutation(async ({ ctx, input }): Promise<{ id: string }> => {
      const experiment = await requireExperiment(ctx.db, ctx.org.id, input.id);
      if (experiment.state !== "draft")
        throw new DomainError("CONFLICT", "Only a draft experiment can be deleted.");
      if (!(await removeExperiment(ctx.db, ctx.org.id, input.id))) throw notFound();
      return { id: input.id };
    }),
});
