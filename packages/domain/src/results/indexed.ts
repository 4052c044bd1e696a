import { DEFAULT_FEED_VARIABLES } from "../feed/constants";
import type { FeedVariables, Product } from "../feed/types";
import { NUMERIC_FILTER_CONDITIONS } from "../filter/constants";
import { matchesCondition, productValue, rootGroups } from "../filter/logic";
import { parseLooseNumber } from "../shared/format";
import type { Filter, FilterGroup } from "../filter/types";
import { PARTIAL_RESULTS_LIMIT } from "./constants";
import { computeResults, constraintsByStep } from "./logic";
import type { ChoiceConstraint, ResultsFloow, ResultsOutcome } from "./logic";

/**
 * `computeResults` for one feed asked many times (the public results call): the same
 * answers, but each distinct filter (field, operator, value) is evaluated over the feed once
 * and kept as a bitmap, so a request combines a few bitmaps instead of running every filter
 * on every product. Build one per feed (after loading it) and keep it as long as the feed.
 */
export interface ResultsIndex<P extends Product = Product> {
  /** Products after de-duplication by their id attribute. */
  readonly size: number;
  compute(floow: ResultsFloow, choiceIds: readonly string[]): ResultsOutcome<P>;
  /** The filters whose matches the index keeps, least recently used first. */
  cachedFilters(): FilterTest[];
  /**
   * Computes and keeps the matches of these filters now, so later `compute` calls do not
   * (e.g. a refreshed feed's new index, warmed with the old index's `cachedFilters`).
   */
  warm(filters: readonly FilterTest[]): void;
  /**
   * The products one filter matches, as a bitmap over the de-duplicated products (bit i:
   * product i). Cached like `compute`'s; shared, so never change it (the editor's insights:
   * match counts, dead ends, availability).
   */
  filterMatches(filter: FilterTest): Uint32Array;
  /** The products a choice's filter groups match (the rule of `compute`), as a bitmap. */
  choiceMatches(choice: ChoiceConstraint): Uint32Array;
}

/** What decides a filter's matches. */
export type FilterTest = Pick<Filter, "field" | "operator" | "value">;
type FilterLike = Pick<Filter, "filterGroupId"> & FilterTest;
type GroupLike = Pick<FilterGroup, "id" | "parentId" | "operator">;

/** How many filter bitmaps an index keeps (12.5 kB each for 100,000 products). */
const MAX_CACHED_FILTERS = 512;

export function createResultsIndex<P extends Product>(
  products: readonly P[],
  variables: Partial<FeedVariables> = DEFAULT_FEED_VARIABLES,
): ResultsIndex<P> {
  // No choices: computeResults answers the de-duplicated feed, in order.
  const unique = computeResults(
    products,
    { steps: [], filterGroups: [], filters: [] },
    [],
    variables,
  ).products;
  const n = unique.length;
  const words = Math.ceil(n / 32);
  const full = new Uint32Array(words).fill(0xffffffff);
  if (n % 32 !== 0 && words > 0) full[words - 1] = (2 ** (n % 32) - 1) >>> 0;
  const filterBitmaps = new Map<string, { filter: FilterTest; bitmap: Uint32Array }>();

  /**
   * A field's values as numbers (NaN: not a number), parsed once per field, so a numeric
   * filter with a new value (a merchant typing a price in the editor) compares numbers
   * instead of parsing every product's value again. Products whose value is a list take the
   * general path (`lists`).
   */
  const numericColumns = new Map<string, { numbers: Float64Array; lists: number[] }>();
  function numericColumn(field: string) {
    let column = numericColumns.get(field);
    if (column) return column;
    const numbers = new Float64Array(n);
    const lists: number[] = [];
    for (let i = 0; i < n; i++) {
      const actual = productValue(unique[i] as P, field, variables);
      if (Array.isArray(actual)) lists.push(i);
      numbers[i] = Array.isArray(actual) ? Number.NaN : (parseLooseNumber(actual) ?? Number.NaN);
    }
    column = { numbers, lists };
    numericColumns.set(field, column);
    return column;
  }
  const NUMERIC_TESTS: Partial<Record<FilterTest["operator"], (a: number, b: number) => boolean>> =
    {
      greaterThan: (a, b) => a > b,
      greaterThanOrEquals: (a, b) => a >= b,
      lessThan: (a, b) => a < b,
      lessThanOrEquals: (a, b) => a <= b,
    };

  /** The products satisfying one filter (the same test as `evaluateFilter`), cached. */
  function filterBitmap(filter: FilterTest): Uint32Array {
    const expected = filter.value ?? "";
    const key = `${filter.field}\u0000${filter.operator}\u0000${expected}`;
    const cached = filterBitmaps.get(key);
    if (cached) {
      filterBitmaps.delete(key);
      filterBitmaps.set(key, cached);
      return cached.bitmap;
    }
    const bitmap = new Uint32Array(words);
    const bound = NUMERIC_FILTER_CONDITIONS.includes(filter.operator)
      ? parseLooseNumber(expected)
      : undefined;
    const test = NUMERIC_TESTS[filter.operator];
    if (bound !== undefined && test) {
      const { numbers, lists } = numericColumn(filter.field);
      for (let i = 0; i < n; i++)
        if (test(numbers[i] as number, bound))
          bitmap[i >>> 5] = ((bitmap[i >>> 5] as number) | (1 << (i & 31))) >>> 0;
      for (const i of lists) {
        const actual = productValue(unique[i] as P, filter.field, variables);
        if (matchesCondition(actual, filter.operator, expected))
          bitmap[i >>> 5] = ((bitmap[i >>> 5] as number) | (1 << (i & 31))) >>> 0;
      }
    }
    // Feeds repeat values (colours, sizes, brands): test each distinct plain value once.
    const known = new Map<unknown, boolean>();
    const general = bound === undefined || !test;
    for (let i = 0; general && i < n; i++) {
      const actual = productValue(unique[i] as P, filter.field, variables);
      let holds: boolean | undefined;
      if (actual === null || typeof actual !== "object") {
        holds = known.get(actual);
        if (holds === undefined) {
          holds = matchesCondition(actual, filter.operator, expected);
          known.set(actual, holds);
        }
      } else {
        holds = matchesCondition(actual, filter.operator, expected);
      }
      if (holds) bitmap[i >>> 5] = ((bitmap[i >>> 5] as number) | (1 << (i & 31))) >>> 0;
    }
    filterBitmaps.set(key, {
      filter: { field: filter.field, operator: filter.operator, value: expected },
      bitmap,
    });
    if (filterBitmaps.size > MAX_CACHED_FILTERS)
      filterBitmaps.delete(filterBitmaps.keys().next().value as string);
    return bitmap;
  }

  // Plain loops: Uint32Array#map with a callback is about 4x slower, and these run per request.
  const and = (a: Uint32Array, b: Uint32Array) => {
    const out = new Uint32Array(words);
    for (let i = 0; i < words; i++) out[i] = (a[i] as number) & (b[i] as number);
    return out;
  };
  const or = (a: Uint32Array, b: Uint32Array) => {
    const out = new Uint32Array(words);
    for (let i = 0; i < words; i++) out[i] = (a[i] as number) | (b[i] as number);
    return out;
  };

  /** The products satisfying a choice's groups (the same rule as `evaluateFilterGroups`). */
  function choiceBitmap({ groups, filters }: ChoiceConstraint): Uint32Array {
    const children = new Map<string, GroupLike[]>();
    for (const group of groups) {
      if (group.parentId === null || group.parentId === undefined) continue;
      const list = children.get(group.parentId) ?? [];
      list.push(group);
      children.set(group.parentId, list);
    }
    const filtersByGroup = new Map<string, FilterLike[]>();
    for (const filter of filters) {
      const list = filtersByGroup.get(filter.filterGroupId) ?? [];
      list.push(filter);
      filtersByGroup.set(filter.filterGroupId, list);
    }
    const visiting = new Set<string>();
    const evaluate = (group: GroupLike): Uint32Array => {
      if (visiting.has(group.id)) return full;
      visiting.add(group.id);
      const parts = [
        ...(filtersByGroup.get(group.id) ?? []).map((f) => filterBitmap(f)),
        ...(children.get(group.id) ?? []).map((g) => evaluate(g)),
      ];
      visiting.delete(group.id);
      if (parts.length === 0) return full;
      return parts.reduce(group.operator === "or" ? or : and);
    };
    return rootGroups(groups).map(evaluate).reduce(and, full);
  }

  const has = (bitmap: Uint32Array, i: number) =>
    (((bitmap[i >>> 5] as number) >>> (i & 31)) & 1) === 1;

  return {
    size: n,
    cachedFilters: () => [...filterBitmaps.values()].map((entry) => ({ ...entry.filter })),
    warm(filters) {
      for (const filter of filters) filterBitmap(filter);
    },
    filterMatches: (filter) => filterBitmap(filter),
    choiceMatches: (choice) => choiceBitmap(choice),
    compute(floow, choiceIds) {
      const steps = constraintsByStep(floow, choiceIds);
      if (steps.length === 0) return { products: [...unique], partial: false };
      const stepBitmaps = steps.map((choices) => choices.map(choiceBitmap).reduce(or));

      const exact = stepBitmaps.reduce(and, full);
      const matched: P[] = [];
      for (let w = 0; w < words; w++) {
        let word = exact[w] as number;
        while (word !== 0) {
          const bit = 31 - Math.clz32(word & -word);
          matched.push(unique[w * 32 + bit] as P);
          word &= word - 1;
        }
      }
      if (matched.length > 0) return { products: matched, partial: false };

      // The best partial match, ranked as computeResults ranks it; only the top few are kept.
      const filterMaps = steps
        .flatMap((choices) => choices.flatMap((c) => c.filters))
        .map(filterBitmap);
      const best: { index: number; steps: number; filters: number }[] = [];
      const better = (a: (typeof best)[number], b: (typeof best)[number]) =>
        a.steps !== b.steps
          ? a.steps > b.steps
          : a.filters !== b.filters
            ? a.filters > b.filters
            : a.index < b.index;
      for (let i = 0; i < n; i++) {
        let stepCount = 0;
        for (const bitmap of stepBitmaps) if (has(bitmap, i)) stepCount++;
        let filterCount = 0;
        for (const bitmap of filterMaps) if (has(bitmap, i)) filterCount++;
        if (stepCount === 0 && filterCount === 0) continue;
        const entry = { index: i, steps: stepCount, filters: filterCount };
        if (
          best.length === PARTIAL_RESULTS_LIMIT &&
          !better(entry, best[best.length - 1] as (typeof best)[number])
        )
          continue;
        let at = best.length;
        while (at > 0 && better(entry, best[at - 1] as (typeof best)[number])) at--;
        best.splice(at, 0, entry);
        if (best.length > PARTIAL_RESULTS_LIMIT) best.pop();
      }
      return best.length > 0
        ? { products: best.map((entry) => unique[entry.index] as P), partial: true }
        : { products: [], partial: false };
    },
  };
}
