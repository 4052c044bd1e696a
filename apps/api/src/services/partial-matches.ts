import { answersMet, plainLabel } from "@floow/domain/insights";
import type { PartialResultMode } from "@floow/domain/floow";
import type { Product } from "@floow/domain/feed";
import type { ResultsFloow, ResultsOutcome } from "@floow/domain/results";

/** A floow as the results read it, with what "Matches: …" needs when it has it. */
export type PartialMatchesFloow = ResultsFloow & {
  steps: readonly { id: string; choices: readonly { id: string; text?: string }[] }[];
  finish?: { results: { partial?: PartialResultMode } };
};

/**
 * Partial results as the floow wants them (docs/editor.md, "Results that run dry"): with
 * `placeholder`, none (the finish page shows its "No results found"); with `ranked` (the
 * default), the closest matches as the results rank them, each with the labels of the
 * answers it meets, for the card's "Matches: …".
 */
export function withPartialMatches(
  outcome: ResultsOutcome,
  floow: PartialMatchesFloow,
  choiceIds: readonly string[],
): ResultsOutcome & { matches?: string[][] } {
  if (!outcome.partial) return outcome;
  if (floow.finish?.results.partial === "placeholder") return { products: [], partial: false };
  const labels = new Map<string, string>();
  for (const step of floow.steps)
    for (const choice of step.choices) labels.set(choice.id, plainLabel(choice.text ?? ""));
  const matches = outcome.products.map((product: Product) =>
    answersMet(product, floow, choiceIds)
      .map((id) => labels.get(id) ?? "")
      .filter(Boolean),
  );
  return { ...outcome, matches };
}
