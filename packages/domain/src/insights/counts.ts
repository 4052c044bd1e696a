import { groupsOfChoice } from "../filter/logic";
import type { ResultsFloow } from "../results/logic";
import type { ResultsIndex } from "../results/indexed";
import { bitmapCount, bitmapCountAnd } from "./bitmap";
import { stockMatches } from "./availability";

export interface ChoiceMatchCount {
  choiceId: string;
  /** False: the choice has no filters and keeps every product. */
  filtered: boolean;
  /** Products the choice's filters match. */
  matches: number;
  /** Of those, in stock; null when the feed does not say. */
  inStock: number | null;
}

export interface MatchCounts {
  /** Products in the feed (after de-duplication). */
  total: number;
  /** In stock; null when the feed does not say. */
  inStock: number | null;
  choices: ChoiceMatchCount[];
}

/**
 * Live match counts for the editor: for every choice of the floow, how many products of the
 * feed its filters match (the same rule and index as the public results), and how many of
 * those are in stock when the feed says.
 */
export function choiceMatchCounts(
  index: ResultsIndex,
  floow: Pick<ResultsFloow, "steps" | "filterGroups" | "filters">,
): MatchCounts {
  const stock = stockMatches(index);
  const choices: ChoiceMatchCount[] = [];
  for (const step of floow.steps) {
    for (const choice of step.choices) {
      const groups = groupsOfChoice(floow.filterGroups, choice.id);
      if (groups.length === 0) {
        choices.push({
          choiceId: choice.id,
          filtered: false,
          matches: index.size,
          inStock: stock.has ? bitmapCount(stock.inStock) : null,
        });
        continue;
      }
      const ids = new Set(groups.map((g) => g.id));
      const bitmap = index.choiceMatches({
        groups,
        filters: floow.filters.filter((f) => ids.has(f.filterGroupId)),
      });
      choices.push({
        choiceId: choice.id,
        filtered: true,
        matches: bitmapCount(bitmap),
        inStock: stock.has ? bitmapCountAnd(bitmap, stock.inStock) : null,
      });
    }
  }
  return {
    total: index.size,
    inStock: stock.has ? bitmapCount(stock.inStock) : null,
    choices,
  };
}
