import { DEFAULT_FEED_VARIABLES } from "../feed/constants";
import type { FeedVariableKey } from "../feed/constants";
import type { FeedVariables, Product } from "../feed/types";
import { parseLooseNumber } from "../shared/format";
import { DEFAULT_GROUP_OPERATOR } from "./constants";
import type { FilterCondition } from "./constants";
import type { Filter, FilterGroup } from "./types";

/**
 * The value of a product attribute. `field` is an attribute name; when the product has
 * no such attribute, a feed variable key (`price`, `name`, …) is read through the feed's
 * variables, and a dotted path (`shipping.price`) walks nested records.
 */
export function productValue(
  product: Product,
  field: string,
  variables: Partial<FeedVariables> = DEFAULT_FEED_VARIABLES,
): unknown {
  if (Object.hasOwn(product, field)) return product[field];
  const mapped = (variables as Record<string, string | undefined>)[field];
  if (mapped !== undefined && Object.hasOwn(product, mapped)) return product[mapped];
  if (field.includes(".")) {
    let current: unknown = product;
    for (const key of field.split(".")) {
      if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) {
        return undefined;
      }
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  }
  return undefined;
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (typeof value === "number") return Number.isNaN(value);
  return false;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value).toLowerCase();
  return String(value).trim().toLowerCase();
}

/** Values to compare: a list attribute matches when any of its items does. */
function items(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function equalsOne(actual: unknown, expected: string): boolean {
  const a = parseLooseNumber(actual);
  const b = parseLooseNumber(expected);
  if (a !== undefined && b !== undefined) return a === b;
  return text(actual) === text(expected);
}

function compareNumbers(
  actual: unknown,
  expected: string,
  test: (a: number, b: number) => boolean,
): boolean {
  const b = parseLooseNumber(expected);
  if (b === undefined) return false;
  return items(actual).some((item) => {
    const a = parseLooseNumber(item);
    return a !== undefined && test(a, b);
  });
}

/** The value of a feed variable (`id`, `price`, …) of a product, read through the feed's variables. */
export function variableValue(
  product: Product,
  key: FeedVariableKey,
  variables: Partial<FeedVariables> = DEFAULT_FEED_VARIABLES,
): unknown {
  const attribute = variables[key] ?? DEFAULT_FEED_VARIABLES[key];
  return product[attribute];
}

/** Whether a product attribute value satisfies one condition. */
export function matchesCondition(
  actual: unknown,
  condition: FilterCondition,
  expected: string,
): boolean {
  switch (condition) {
    case "equals":
      return items(actual).some((item) => equalsOne(item, expected));
    case "notEquals":
      return !matchesCondition(actual, "equals", expected);
    case "contains": {
      const needle = text(expected);
      return items(actual).some((item) => text(item).includes(needle));
    }
    case "notContains":
      return !matchesCondition(actual, "contains", expected);
    case "empty":
      return isEmptyValue(actual);
    case "notEmpty":
      return !isEmptyValue(actual);
    case "greaterThan":
      return compareNumbers(actual, expected, (a, b) => a > b);
    case "greaterThanOrEquals":
      return compareNumbers(actual, expected, (a, b) => a >= b);
    case "lessThan":
      return compareNumbers(actual, expected, (a, b) => a < b);
    case "lessThanOrEquals":
      return compareNumbers(actual, expected, (a, b) => a <= b);
    default:
      // An unknown condition (e.g. stored by a newer editor) never matches.
      return false;
  }
}

/** Whether a product satisfies one filter. */
export function evaluateFilter(
  product: Product,
  filter: Pick<Filter, "field" | "operator" | "value">,
  variables?: Partial<FeedVariables>,
): boolean {
  return matchesCondition(
    productValue(product, filter.field, variables),
    filter.operator,
    filter.value ?? "",
  );
}

type GroupLike = Pick<FilterGroup, "id" | "parentId" | "operator">;
type FilterLike = Pick<Filter, "filterGroupId" | "field" | "operator" | "value">;

/** Groups of `groups` whose parent is not among them: the roots of the forest. */
export function rootGroups<G extends GroupLike>(groups: readonly G[]): G[] {
  const ids = new Set(groups.map((g) => g.id));
  return groups.filter(
    (g) => g.parentId === null || g.parentId === undefined || !ids.has(g.parentId),
  );
}

/**
 * Whether a product satisfies filter groups. Each group combines its own filters and its
 * child groups (through `parentId`) with its operator; an empty group sets no constraint.
 * Root groups (no parent among `groups`) must all hold; no groups at all means a match.
 */
export function evaluateFilterGroups(
  product: Product,
  groups: readonly GroupLike[],
  filters: readonly FilterLike[],
  variables?: Partial<FeedVariables>,
): boolean {
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
  const evaluate = (group: GroupLike): boolean => {
    // A parentId cycle (corrupt data) must not loop forever: a revisited group is ignored.
    if (visiting.has(group.id)) return true;
    visiting.add(group.id);
    const results = [
      ...(filtersByGroup.get(group.id) ?? []).map(
        (f) => () => evaluateFilter(product, f, variables),
      ),
      ...(children.get(group.id) ?? []).map((g) => () => evaluate(g)),
    ];
    const result =
      results.length === 0
        ? true
        : group.operator === "or"
          ? results.some((r) => r())
          : results.every((r) => r());
    visiting.delete(group.id);
    return result;
  };

  return rootGroups(groups).every(evaluate);
}

/** The ids of a group and all its descendants (through `parentId`). */
export function groupSubtreeIds(groups: readonly GroupLike[], groupId: string): Set<string> {
  const ids = new Set<string>([groupId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.parentId && ids.has(group.parentId) && !ids.has(group.id)) {
        ids.add(group.id);
        grew = true;
      }
    }
  }
  return ids;
}

/**
 * Removes a filter. Removing the last filter of a group removes the group; a parent left
 * with neither filters nor child groups goes too, up the tree.
 */
export function removeFilter<G extends GroupLike, F extends FilterLike & { id: string }>(
  state: { filterGroups: readonly G[]; filters: readonly F[] },
  filterId: string,
): { filterGroups: G[]; filters: F[] } {
  const target = state.filters.find((f) => f.id === filterId);
  const filters = state.filters.filter((f) => f.id !== filterId);
  let filterGroups = [...state.filterGroups];
  let groupId: string | null | undefined = target?.filterGroupId;
  while (groupId) {
    const id: string = groupId;
    const hasFilters = filters.some((f) => f.filterGroupId === id);
    const hasChildren = filterGroups.some((g) => g.parentId === id);
    const group = filterGroups.find((g) => g.id === id);
    if (!group || hasFilters || hasChildren) break;
    filterGroups = filterGroups.filter((g) => g.id !== id);
    groupId = group.parentId;
  }
  return { filterGroups, filters };
}

/** The groups a choice applies: its root groups and all their descendants. */
export function groupsOfChoice<G extends GroupLike & Pick<FilterGroup, "choiceId">>(
  groups: readonly G[],
  choiceId: string,
): G[] {
  const ids = new Set<string>();
  for (const group of groups) {
    if (group.choiceId === choiceId)
      for (const id of groupSubtreeIds(groups, group.id)) ids.add(id);
  }
  return groups.filter((g) => ids.has(g.id));
}

/**
 * Adds a filter to a choice: into `filter.filterGroupId` when that is one of the choice's
 * groups, else into the choice's first root group; a choice without groups gets a new root
 * group (`newGroupId`, operator `and`). The ids are the caller's (`createId`), so this stays pure.
 */
export function addChoiceFilter(
  state: { filterGroups: readonly FilterGroup[]; filters: readonly Filter[] },
  choiceId: string,
  filter: Omit<Filter, "filterGroupId"> & { filterGroupId?: string },
  newGroupId: string,
): { filterGroups: FilterGroup[]; filters: Filter[] } {
  const own = groupsOfChoice(state.filterGroups, choiceId);
  const target =
    own.find((g) => g.id === filter.filterGroupId) ??
    rootGroups(own).find((g) => g.choiceId === choiceId);
  const filterGroups = [...state.filterGroups];
  let filterGroupId = target?.id;
  if (!filterGroupId) {
    filterGroupId = newGroupId;
    filterGroups.push({
      id: newGroupId,
      choiceId,
      parentId: null,
      operator: DEFAULT_GROUP_OPERATOR,
    });
  }
  return { filterGroups, filters: [...state.filters, { ...filter, filterGroupId }] };
}
