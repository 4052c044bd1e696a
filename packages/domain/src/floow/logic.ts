import { FINISH } from "./constants";
import type { FloowType } from "./constants";
import type { Condition } from "./types";

type ConditionLike = Pick<
  Condition,
  "condition" | "conditionChoiceId" | "consequence" | "consequenceStepId" | "consequenceChoiceIds"
>;
type StepLike = { id: string; conditions?: readonly ConditionLike[] };

/** Whether a condition holds for the choices chosen so far. */
export function conditionHolds(
  condition: ConditionLike,
  chosen: ReadonlySet<string> | readonly string[],
): boolean {
  const set = chosen instanceof Set ? chosen : new Set(chosen as readonly string[]);
  switch (condition.condition) {
    case "always":
      return true;
    case "selected":
      return condition.conditionChoiceId !== null && set.has(condition.conditionChoiceId);
    case "notSelected":
      return condition.conditionChoiceId !== null && !set.has(condition.conditionChoiceId);
    default:
      return false;
  }
}

/**
 * The step after `currentStepId` (docs/domain-rules.md): the current step's conditions are
 * read in order and the first that holds and navigates wins (`goToStep` to an existing
 * other step, or `goToFinish`); otherwise the next step in order; otherwise "finish".
 * `chosenChoiceIds` may hold every choice chosen so far or only the current step's.
 * An unknown current step starts over at the first step.
 */
export function resolveNextStep(
  floow: { steps: readonly StepLike[] },
  currentStepId: string,
  chosenChoiceIds: readonly string[],
): string {
  const steps = floow.steps;
  const index = steps.findIndex((s) => s.id === currentStepId);
  if (index === -1) return steps[0]?.id ?? FINISH;
  const current = steps[index] as StepLike;
  const chosen = new Set(chosenChoiceIds);
  for (const condition of current.conditions ?? []) {
    if (!conditionHolds(condition, chosen)) continue;
    if (condition.consequence === "goToFinish") return FINISH;
    if (condition.consequence !== "goToStep") continue;
    const target = condition.consequenceStepId;
    // A condition pointing at a deleted step or at its own step is skipped.
    if (target && target !== currentStepId && steps.some((s) => s.id === target)) return target;
  }
  return steps[index + 1]?.id ?? FINISH;
}

/**
 * Progress on the path the visitor is on (the runtime's progress bar): `done` steps answered
 * on the way (`history`) plus the current one, out of `total`: those plus the steps still
 * ahead when the conditions are followed with the choices made so far (a step whose own
 * choice is still open takes its default way). Branching floows thus count their own path,
 * not the floow's whole list: question 1 of 2 is 50 %, the finish page 100 %.
 * A loop in the conditions is cut at the first step seen again.
 */
export function pathProgress(
  floow: { steps: readonly StepLike[] },
  currentStepId: string,
  history: readonly string[],
  chosenChoiceIds: readonly string[],
): { done: number; total: number } {
  const seen = new Set([...history, currentStepId]);
  let ahead = 0;
  for (
    let id = resolveNextStep(floow, currentStepId, chosenChoiceIds);
    id !== FINISH && !seen.has(id);
    id = resolveNextStep(floow, id, chosenChoiceIds)
  ) {
    seen.add(id);
    ahead++;
  }
  const done = history.filter((id) => id !== currentStepId).length + 1;
  return { done, total: done + ahead };
}

/**
 * The choices of a step a visitor sees: conditions anywhere in the floow whose consequence
 * step is this step and that hold may show only some choices (`showChoices`: the union of
 * all holding ones) and hide others (`hideChoices`).
 */
export function visibleChoices<C extends { id: string }>(
  floow: { steps: readonly (StepLike & { choices: readonly C[] })[] },
  stepId: string,
  chosenChoiceIds: readonly string[],
): C[] {
  const step = floow.steps.find((s) => s.id === stepId);
  if (!step) return [];
  const chosen = new Set(chosenChoiceIds);
  let shown: Set<string> | undefined;
  const hidden = new Set<string>();
  for (const s of floow.steps) {
    for (const condition of s.conditions ?? []) {
      if (condition.consequenceStepId !== stepId || !conditionHolds(condition, chosen)) continue;
      if (condition.consequence === "showChoices") {
        shown ??= new Set();
        for (const id of condition.consequenceChoiceIds) shown.add(id);
      } else if (condition.consequence === "hideChoices") {
        for (const id of condition.consequenceChoiceIds) hidden.add(id);
      }
    }
  }
  return step.choices.filter((c) => (!shown || shown.has(c.id)) && !hidden.has(c.id));
}

/** The id of the step after `stepId` in order, or null; new conditions point there. */
export function nextStepId(steps: readonly { id: string }[], stepId: string): string | null {
  const index = steps.findIndex((s) => s.id === stepId);
  return index === -1 ? null : (steps[index + 1]?.id ?? null);
}

/** The Create Floow wizard continues to the feed step only for Guided Selling. */
export function needsFeedStep(type: FloowType): boolean {
  return type === "selling";
}
