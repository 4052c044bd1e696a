import { DEFAULT_FEED_VARIABLES } from "../feed/constants";
import type { FeedVariables, Product } from "../feed/types";
import {
  evaluateFilter,
  evaluateFilterGroups,
  groupsOfChoice,
  variableValue,
} from "../filter/logic";
import type { Filter, FilterGroup } from "../filter/types";
import { PARTIAL_RESULTS_LIMIT } from "./constants";

/** The parts of a floow the results need. */
export interface ResultsFloow {
  steps: readonly { id: string; choices: readonly { id: string }[] }[];
  filterGroups: readonly FilterGroup[];
  filters: readonly Filter[];
}

export interface ResultsOutcome<P extends Product = Product> {
  products: P[];
  /**
   * True when no product satisfies every chosen step and `products` is the best partial
   * match instead, ranked by how much of the selection each product satisfies.
   */
  partial: boolean;
}

export interface ChoiceConstraint {
  groups: FilterGroup[];
  filters: Filter[];
}

/**
 * The products of a feed that match the choices a visitor made (docs/domain-rules.md):
 * - a choice applies its filter groups (`groupsOfChoice`; root groups must all hold);
 *   a choice without groups sets no constraint;
 * - choices of the same step widen each other (any of them may hold: OR);
 * - different steps narrow each other (every step must hold: AND);
 * - no choices, or no choice with filters, gives every product.
 * When no product matches, the best partial match is returned (`partial: true`): products
 * ranked by the number of steps they satisfy, then by the number of single filters of the
 * chosen choices they satisfy, then feed order; at most PARTIAL_RESULTS_LIMIT, and only
 * products that satisfy at least one filter. Products are de-duplicated by their id
 * attribute (the first wins).
 */
export function computeResults<P extends Product>(
  products: readonly P[],
  floow: ResultsFloow,
  choiceIds: readonly string[],
  variables: Partial<FeedVariables> = DEFAULT_FEED_VARIABLES,
): ResultsOutcome<P> {
  const unique = dedupe(products, variables);
  const steps = constraintsByStep(floow, choiceIds);
  if (steps.length === 0) return { products: unique, partial: false };

  const satisfiesChoice = (product: P, c: ChoiceConstraint) =>
    evaluateFilterGroups(product, c.groups, c.filters, variables);
  const satisfiedSteps = (product: P) =>
    steps.filter((choices) => choices.some((c) => satisfiesChoice(product, c))).length;

  const exact = unique.filter((product) => satisfiedSteps(product) === steps.length);
  if (exact.length > 0) return { products: exact, partial: false };

  const allFilters = steps.flatMap((choices) => choices.flatMap((c) => c.filters));
  const ranked = unique
    .map((product, index) => ({
      product,
      index,
      steps: satisfiedSteps(product),
      filters: allFilters.filter((f) => evaluateFilter(product, f, variables)).length,
    }))
    .filter((r) => r.steps > 0 || r.filters > 0)
    .sort((a, b) => b.steps - a.steps || b.filters - a.filters || a.index - b.index)
    .slice(0, PARTIAL_RESULTS_LIMIT)
    .map((r) => r.product);
  return ranked.length > 0 ? { products: ranked, partial: true } : { products: [], partial: false };
}

/** Chosen choices with filters, grouped by the step they belong to. */
export function constraintsByStep(
  floow: ResultsFloow,
  choiceIds: readonly string[],
): ChoiceConstraint[][] {
  const stepOfChoice = new Map<string, string>();
  for (const step of floow.steps)
    for (const choice of step.choices) stepOfChoice.set(choice.id, step.id);

  const byStep = new Map<string, ChoiceConstraint[]>();
  for (const choiceId of new Set(choiceIds)) {
    const groups = groupsOfChoice(floow.filterGroups, choiceId);
    if (groups.length === 0) continue;
    const ids = new Set(groups.map((g) => g.id));
    const filters = floow.filters.filter((f) => ids.has(f.filterGroupId));
    // A choice no step knows of (e.g. deleted since) counts as a step of its own.
    const key = stepOfChoice.get(choiceId) ?? `choice:${choiceId}`;
    const list = byStep.get(key) ?? [];
    list.push({ groups, filters });
    byStep.set(key, list);
  }
  return [...byStep.values()];
}

function dedupe<P extends Product>(products: readonly P[], variables: Partial<FeedVariables>): P[] {
  const seen = new Set<string>();
  const out: P[] = [];
  for (const product of products) {
    const id = variableValue(product, "id", variables);
    if (id === undefined || id === null || id === "") {
      out.push(product);
      continue;
    }
    const key = String(id);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(product);
  }
  return out;
}
