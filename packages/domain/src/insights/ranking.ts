import type { FeedVariables, Product } from "../feed/types";
import { evaluateFilterGroups, groupsOfChoice } from "../filter/logic";
import type { ResultsFloow } from "../results/logic";

/**
 * "Why this product" for partial results: which of the shopper's answers (chosen choices
 * with filters) a product meets, in the order they were chosen. The ranking itself is the
 * results' (docs/domain-rules.md): most answered questions met first, then most single
 * filters met, then feed order; this names the answers behind it on each card.
 */
export function answersMet(
  product: Product,
  floow: Pick<ResultsFloow, "filterGroups" | "filters">,
  choiceIds: readonly string[],
  variables?: Partial<FeedVariables>,
): string[] {
  const met: string[] = [];
  for (const choiceId of new Set(choiceIds)) {
    const groups = groupsOfChoice(floow.filterGroups, choiceId);
    if (groups.length === 0) continue;
    const ids = new Set(groups.map((g) => g.id));
    const filters = floow.filters.filter((f) => ids.has(f.filterGroupId));
    if (evaluateFilterGroups(product, groups, filters, variables)) met.push(choiceId);
  }
  return met;
}

/** A choice's rich text as one plain line, for "Matches: …" (tags dropped, entities read). */
export function plainLabel(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
