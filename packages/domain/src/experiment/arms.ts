import type { Share } from "./assign";
import { assignVariant } from "./assign";

/** What assignment needs of an experiment. */
export interface ExperimentSplit {
  id: string;
  variants: readonly { id: string; version: number; share: number }[];
  holdout: { id: string; share: number } | null;
}

/** The experiment's arms in their fixed order: the variants as listed, then the holdout. */
export function armsOf(experiment: ExperimentSplit): Share[] {
  const arms: Share[] = experiment.variants.map(({ id, share }) => ({ id, share }));
  if (experiment.holdout && experiment.holdout.share > 0) arms.push(experiment.holdout);
  return arms;
}

/** What a visitor gets of a running experiment: a variant's version, or the holdout (no floow). */
export type Assignment =
  | { variantId: string; holdout: false; version: number }
  | { variantId: string; holdout: true; version: null };

/** The arm of `experiment` for the visitor with key `visitorKey` (sticky: a pure function of both). */
export function assignmentOf(experiment: ExperimentSplit, visitorKey: string): Assignment | null {
  const id = assignVariant(experiment.id, visitorKey, armsOf(experiment));
  if (!id) return null;
  if (experiment.holdout && id === experiment.holdout.id)
    return { variantId: id, holdout: true, version: null };
  const variant = experiment.variants.find((v) => v.id === id)!;
  return { variantId: id, holdout: false, version: variant.version };
}
