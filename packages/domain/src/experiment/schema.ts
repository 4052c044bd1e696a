import { z } from "zod";
import { TEXT_LIMITS } from "../shared/limits";
import { idSchema } from "../shared/schema";
import {
  EXPERIMENT_HOLDOUT_MAX,
  EXPERIMENT_NAME_MAX,
  EXPERIMENT_SHARES_MESSAGE,
  EXPERIMENT_SHARES_TOTAL,
  EXPERIMENT_STATES,
  EXPERIMENT_VARIANTS_MAX,
  EXPERIMENT_VARIANTS_MIN,
} from "./constants";

const share = (label: string, max: number) =>
  z
    .number({ error: `Please enter the ${label} share in %.` })
    .int({ error: `The ${label} share is a whole percentage.` })
    .min(0, { error: `The ${label} share is between 0 and ${max} %.` })
    .max(max, { error: `The ${label} share is between 0 and ${max} %.` });

/** A variant as the dashboard sends it: one of the floow's published versions and its share. */
export const experimentVariantInputSchema = z.object({
  version: z
    .number({ error: "Please pick a published version." })
    .int({ error: "Please pick a published version." })
    .min(1, { error: "Please pick a published version." }),
  share: share("variant", 100).min(1, { error: "A variant needs a share of at least 1 %." }),
});

const experimentFields = {
  name: z
    .string()
    .trim()
    .max(EXPERIMENT_NAME_MAX, {
      error: `Name can be a maximum of ${EXPERIMENT_NAME_MAX} characters.`,
    })
    .default(""),
  variants: z
    .array(experimentVariantInputSchema)
    .min(EXPERIMENT_VARIANTS_MIN, { error: "An experiment needs at least two variants." })
    .max(EXPERIMENT_VARIANTS_MAX, {
      error: `An experiment has at most ${EXPERIMENT_VARIANTS_MAX} variants.`,
    }),
  holdoutShare: share("holdout", EXPERIMENT_HOLDOUT_MAX).default(0),
};

type Fields = { variants: { version: number; share: number }[]; holdoutShare: number };

/**
 * The rules across fields: each version at most once, and the shares (variants and holdout)
 * adding up to 100 %; the message sits at `shares` so the form shows it by the share fields.
 */
function checkSplit(value: Fields, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  value.variants.forEach((variant, index) => {
    if (seen.has(variant.version))
      ctx.addIssue({
        code: "custom",
        path: ["variants", index, "version"],
        message: "This version is already a variant.",
      });
    seen.add(variant.version);
  });
  const total = value.variants.reduce((sum, v) => sum + v.share, 0) + value.holdoutShare;
  if (total !== EXPERIMENT_SHARES_TOTAL)
    ctx.addIssue({
      code: "custom",
      path: ["shares"],
      message: `${EXPERIMENT_SHARES_MESSAGE} Now ${total} %.`,
    });
}

/** `experiment.create`: a draft experiment on a floow. */
export const experimentCreateSchema = z
  .object({ floowId: idSchema, ...experimentFields })
  .superRefine(checkSplit);

/** `experiment.update`: a draft's name, variants and split (a started experiment's split is fixed). */
export const experimentUpdateSchema = z
  .object({ id: idSchema, ...experimentFields })
  .superRefine(checkSplit);

/** start, pause, stop, results, remove: an experiment by id. */
export const experimentRefSchema = z.object({ id: idSchema });

/** `experiment.list`: a floow's experiments. */
export const experimentListSchema = z.object({ floowId: idSchema });

/** `experiment.promote`: make a variant's version the floow's live version. */
export const experimentPromoteSchema = z.object({
  id: idSchema,
  variantId: z
    .string({ error: "Please pick a variant." })
    .min(1, { error: "Please pick a variant." })
    .max(TEXT_LIMITS.id, { error: "Please pick a variant." }),
});

/** A stored variant: its id (what the runtime stamps on events as `variantId`), version and share. */
export const experimentVariantSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  share: z.number().int(),
});

export const experimentSchema = z.object({
  id: z.string(),
  floowId: z.string(),
  name: z.string(),
  state: z.enum(EXPERIMENT_STATES),
  variants: z.array(experimentVariantSchema),
  /** The holdout arm (visitors who see no floow), or null without one. */
  holdout: z.object({ id: z.string(), share: z.number().int() }).nullable(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  /** The version a Promote made live, if any. */
  promotedVersion: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ExperimentCreateInput = z.input<typeof experimentCreateSchema>;
export type ExperimentUpdateInput = z.input<typeof experimentUpdateSchema>;
export type ExperimentVariant = z.output<typeof experimentVariantSchema>;
export type Experiment = z.output<typeof experimentSchema>;
