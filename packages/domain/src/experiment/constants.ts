/**
 * Experiments (issue 23): a floow's published versions tested against each other, with an
 * optional holdout of visitors who see no floow (docs/analytics.md, "Experiments").
 */

/** draft → running ⇄ paused → stopped (a stopped experiment never runs again). */
export const EXPERIMENT_STATES = ["draft", "running", "paused", "stopped"] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];

/** The moves between states, and the state each one leads to. */
export const EXPERIMENT_TRANSITIONS = {
  start: { from: ["draft", "paused"], to: "running" },
  pause: { from: ["running"], to: "paused" },
  stop: { from: ["draft", "running", "paused"], to: "stopped" },
} as const satisfies Record<string, { from: readonly ExperimentState[]; to: ExperimentState }>;
export type ExperimentTransition = keyof typeof EXPERIMENT_TRANSITIONS;

/** Whether `transition` may be made from `state`. */
export function canTransition(state: ExperimentState, transition: ExperimentTransition): boolean {
  return (EXPERIMENT_TRANSITIONS[transition].from as readonly ExperimentState[]).includes(state);
}

/** An experiment has at least two variants (published versions), at most this many. */
export const EXPERIMENT_VARIANTS_MIN = 2;
export const EXPERIMENT_VARIANTS_MAX = 5;
/** The holdout may take at most this share (in %) of the visitors. */
export const EXPERIMENT_HOLDOUT_MAX = 50;
/** Traffic shares are whole percentages that add up to this. */
export const EXPERIMENT_SHARES_TOTAL = 100;
export const EXPERIMENT_NAME_MAX = 200;

/** A sample-ratio mismatch is reported below this p-value of the chi-square test (the usual threshold). */
export const SRM_P_VALUE = 0.001;
/** A variant is called the winner when its chance to be best reaches this. */
export const WINNER_CHANCE = 0.95;
/** Posterior draws for the chance to be best (the Monte Carlo error is below 0.5 percentage points). */
export const CHANCE_DRAWS = 20_000;
/** The two-sided 95 % normal quantile. */
export const Z_95 = 1.959963984540054;

export const EXPERIMENT_SHARES_MESSAGE = "Traffic shares must add up to 100 %.";
