import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FilterCondition } from "./constants";
import { FILTER_CONDITIONS } from "./constants";
import {
  addChoiceFilter,
  evaluateFilter,
  evaluateFilterGroups,
  groupsOfChoice,
  groupSubtreeIds,
  matchesCondition,
  productValue,
  removeFilter,
  rootGroups,
  variableValue,
} from "./logic";
import type { Filter, FilterGroup } from "./types";

describe("matchesCondition: all ten conditions", () => {
  const table: [unknown, FilterCondition, string, boolean][] = [
    ["Nike", "equals", "nike", true],
    [" NIKE ", "equals", "Nike", true],
    ["Nike Air", "equals", "Nike", false],
    ["12,99 EUR", "equals", "12.99", true],
    ["12.99 EUR", "equals", "12,99", true],
    [12.99, "equals", "12.99 EUR", true],
    ["iPhone 15", "equals", "Galaxy 15", false],
    [["red", "Blue"], "equals", "blue", true],
    [["red", "blue"], "equals", "green", false],
    [undefined, "equals", "", true],
    [true, "equals", "TRUE", true],
    ["Nike", "notEquals", "adidas", true],
    ["Nike", "notEquals", "NIKE", false],
    [["red", "blue"], "notEquals", "blue", false],
    ["Running shoes", "contains", "SHOE", true],
    ["Running shoes", "contains", "boot", false],
    [["a", "Big Boots"], "contains", "boot", true],
    [{ size: "XL" }, "contains", "xl", true],
    ["Running shoes", "notContains", "boot", true],
    ["Running shoes", "notContains", "shoe", false],
    [undefined, "empty", "", true],
    [null, "empty", "", true],
    ["", "empty", "", true],
    ["   ", "empty", "", true],
    [[], "empty", "", true],
    [["", " "], "empty", "", true],
    [Number.NaN, "empty", "", true],
    [0, "empty", "", false],
    [false, "empty", "", false],
    ["x", "empty", "", false],
    ["x", "notEmpty", "", true],
    [undefined, "notEmpty", "", false],
    ["12,99 EUR", "greaterThan", "12", true],
    ["12,99 EUR", "greaterThan", "12,99", false],
    ["12.99 EUR", "greaterThan", "100", false],
    ["1.234,56 EUR", "greaterThan", "999", true],
    ["cheap", "greaterThan", "1", false],
    ["10", "greaterThan", "abc", false],
    [["5", "20"], "greaterThan", "10", true],
    ["12,99 EUR", "greaterThanOrEquals", "12.99", true],
    ["12,98", "greaterThanOrEquals", "12.99", false],
    ["9", "lessThan", "10", true],
    ["9", "lessThan", "9", false],
    ["€ 9,00", "lessThanOrEquals", "9", true],
    ["9,01", "lessThanOrEquals", "9", false],
    ["x", "lessThanOrEquals", "9", false],
  ];
  it.each(table)("%j %s %j -> %s", (actual, condition, expected, result) => {
    expect(matchesCondition(actual, condition, expected)).toBe(result);
  });

  it("covers every condition in the table", () => {
    expect(new Set(table.map((row) => row[1]))).toEqual(new Set(FILTER_CONDITIONS));
  });

  it("never matches an unknown condition", () => {
    expect(matchesCondition("a", "startsWith" as FilterCondition, "a")).toBe(false);
  });
});

describe("productValue", () => {
  const product = { title: "Shoe", cost: "12", shipping: { price: 4 }, "a.b": 1 };
  it("reads an attribute, a feed variable, then a dotted path", () => {
    expect(productValue(product, "title")).toBe("Shoe");
    expect(productValue(product, "name")).toBe("Shoe");
    expect(productValue(product, "price", { price: "cost" })).toBe("12");
    expect(productValue(product, "shipping.price")).toBe(4);
    expect(productValue(product, "a.b")).toBe(1);
    expect(productValue(product, "shipping.weight")).toBeUndefined();
    expect(productValue(product, "title.length")).toBeUndefined();
    expect(productValue(product, "missing")).toBeUndefined();
  });

  it("variableValue reads through variables, falling back to the defaults", () => {
    expect(variableValue({ id: "1", sku: "S" }, "id", { id: "sku" })).toBe("S");
    expect(variableValue({ link: "https://x.nl" }, "url", {})).toBe("https://x.nl");
  });

  it("evaluateFilter treats a missing value as empty", () => {
    expect(
      evaluateFilter({}, { field: "x", operator: "empty", value: undefined as unknown as string }),
    ).toBe(true);
  });
});

const g = (
  id: string,
  operator: "and" | "or",
  parentId: string | null = null,
  choiceId: string | null = null,
): FilterGroup => ({
  id,
  operator,
  parentId,
  choiceId,
});
const f = (
  id: string,
  filterGroupId: string,
  field: string,
  operator: FilterCondition,
  value = "",
): Filter => ({
  id,
  filterGroupId,
  field,
  operator,
  value,
});

describe("evaluateFilterGroups", () => {
  const shoe = { brand: "Nike", price: "89,95 EUR", color: "red" };

  it("no groups match everything; an empty group sets no constraint", () => {
    expect(evaluateFilterGroups(shoe, [], [])).toBe(true);
    expect(evaluateFilterGroups(shoe, [g("a", "and")], [])).toBe(true);
    expect(evaluateFilterGroups(shoe, [g("a", "or")], [])).toBe(true);
  });

  it("and needs every filter, or needs one", () => {
    const filters = [
      f("1", "a", "brand", "equals", "nike"),
      f("2", "a", "color", "equals", "blue"),
    ];
    expect(evaluateFilterGroups(shoe, [g("a", "and")], filters)).toBe(false);
    expect(evaluateFilterGroups(shoe, [g("a", "or")], filters)).toBe(true);
  });

  it("nests groups through parentId", () => {
    // brand = nike AND (color = blue OR price < 100)
    const groups = [g("root", "and"), g("child", "or", "root")];
    const filters = [
      f("1", "root", "brand", "equals", "NIKE"),
      f("2", "child", "color", "equals", "blue"),
      f("3", "child", "price", "lessThan", "100"),
    ];
    expect(evaluateFilterGroups(shoe, groups, filters)).toBe(true);
    expect(evaluateFilterGroups({ ...shoe, price: "120" }, groups, filters)).toBe(false);
  });

  it("requires every root group", () => {
    const groups = [g("a", "and"), g("b", "and")];
    const filters = [
      f("1", "a", "brand", "equals", "nike"),
      f("2", "b", "color", "equals", "blue"),
    ];
    expect(evaluateFilterGroups(shoe, groups, filters)).toBe(false);
    expect(evaluateFilterGroups({ ...shoe, color: "Blue" }, groups, filters)).toBe(true);
  });

  it("treats a group whose parent is absent as a root, and survives parent cycles", () => {
    expect(
      evaluateFilterGroups(shoe, [g("a", "and", "gone")], [f("1", "a", "brand", "equals", "puma")]),
    ).toBe(false);
    const cyclic = [g("a", "and", "b"), g("b", "and", "a"), g("c", "and")];
    expect(rootGroups(cyclic).map((x) => x.id)).toEqual(["c"]);
    expect(evaluateFilterGroups(shoe, cyclic, [])).toBe(true);
  });

  it("ignores a revisited group inside a cycle", () => {
    // Root r has child a; a and b point at each other (corrupt data): evaluation ends.
    const groups = [g("r", "and"), g("a", "and", "r"), g("b", "and", "a")];
    groups.push({ ...g("a", "and", "b") });
    expect(typeof evaluateFilterGroups(shoe, groups, [])).toBe("boolean");
  });

  it("uses feed variables for fields", () => {
    const groups = [g("a", "and")];
    const filters = [f("1", "a", "price", "lessThan", "10")];
    expect(evaluateFilterGroups({ cost: "5" }, groups, filters, { price: "cost" })).toBe(true);
  });
});

describe("removing filters and groups", () => {
  const groups = [
    g("root", "and", null, "c1"),
    g("child", "or", "root"),
    g("other", "and", null, "c2"),
  ];
  const filters = [
    f("1", "root", "a", "equals"),
    f("2", "child", "b", "equals"),
    f("3", "child", "c", "equals"),
    f("4", "other", "d", "equals"),
  ];

  it("removing a filter keeps a group that still has filters", () => {
    const next = removeFilter({ filterGroups: groups, filters }, "2");
    expect(next.filters.map((x) => x.id)).toEqual(["1", "3", "4"]);
    expect(next.filterGroups).toHaveLength(3);
  });

  it("removing the last filter of a group removes the group", () => {
    const next = removeFilter({ filterGroups: groups, filters }, "4");
    expect(next.filterGroups.map((x) => x.id)).toEqual(["root", "child"]);
  });

  it("keeps a parent that still has a filter; removes an emptied parent up the tree", () => {
    let state = removeFilter({ filterGroups: groups, filters }, "2");
    state = removeFilter(state, "3");
    expect(state.filterGroups.map((x) => x.id)).toEqual(["root", "other"]);
    const nested = {
      filterGroups: [g("p", "and"), g("q", "and", "p")],
      filters: [f("9", "q", "x", "equals")],
    };
    expect(removeFilter(nested, "9")).toEqual({ filterGroups: [], filters: [] });
  });

  it("keeps a group that has child groups", () => {
    const state = removeFilter({ filterGroups: groups, filters }, "1");
    expect(state.filterGroups.map((x) => x.id)).toEqual(["root", "child", "other"]);
  });

  it("an unknown filter changes nothing", () => {
    expect(removeFilter({ filterGroups: groups, filters }, "nope")).toEqual({
      filterGroups: groups,
      filters,
    });
  });

  it("groupSubtreeIds is a group with its descendants", () => {
    expect([...groupSubtreeIds(groups, "root")]).toEqual(["root", "child"]);
  });

  it("groupsOfChoice returns a choice's groups with their descendants", () => {
    expect(groupsOfChoice(groups, "c1").map((x) => x.id)).toEqual(["root", "child"]);
    expect(groupsOfChoice(groups, "c3")).toEqual([]);
  });
});

describe("properties", () => {
  const cents = fc.integer({ min: 0, max: 10_000_000 });
  const writeAs = (c: number, style: number) => {
    const euros = Math.floor(c / 100);
    const rest = String(c % 100).padStart(2, "0");
    return [
      `${euros},${rest} EUR`,
      `${euros}.${rest} EUR`,
      `€ ${euros},${rest}`,
      `${euros}.${rest}`,
    ][style] as string;
  };

  it("numbers compare as numbers however a feed writes them", () => {
    fc.assert(
      fc.property(
        cents,
        cents,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (a, b, sa, sb) => {
          const actual = writeAs(a, sa);
          const expected = writeAs(b, sb);
          expect(matchesCondition(actual, "greaterThan", expected)).toBe(a > b);
          expect(matchesCondition(actual, "greaterThanOrEquals", expected)).toBe(a >= b);
          expect(matchesCondition(actual, "lessThan", expected)).toBe(a < b);
          expect(matchesCondition(actual, "lessThanOrEquals", expected)).toBe(a <= b);
          expect(matchesCondition(actual, "equals", expected)).toBe(a === b);
        },
      ),
    );
  });

  it("negated conditions are exact complements", () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.string()),
    );
    fc.assert(
      fc.property(value, fc.string(), (actual, expected) => {
        expect(matchesCondition(actual, "notEquals", expected)).toBe(
          !matchesCondition(actual, "equals", expected),
        );
        expect(matchesCondition(actual, "notContains", expected)).toBe(
          !matchesCondition(actual, "contains", expected),
        );
        expect(matchesCondition(actual, "notEmpty", expected)).toBe(
          !matchesCondition(actual, "empty", expected),
        );
      }),
    );
  });

  it("text compares case-insensitively", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ".split("")) }),
        (s) => {
          expect(matchesCondition(s.toUpperCase(), "equals", s)).toBe(true);
          expect(matchesCondition(s.toUpperCase(), "contains", s.trim().slice(0, 3))).toBe(true);
        },
      ),
    );
  });

  // A random forest of groups; each filter checks one boolean attribute of the product.
  const forest = fc
    .record({
      operators: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      parents: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
      filterGroups: fc.array(fc.nat(), { maxLength: 12 }),
      attributes: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    })
    .map(({ operators, parents, filterGroups, attributes }) => {
      const groups: FilterGroup[] = operators.map((isOr, i) => ({
        id: `g${i}`,
        operator: isOr ? "or" : "and",
        // Parent is an earlier group (or none), so the structure is a forest.
        parentId:
          i === 0 || (parents[i] as number) % 3 === 0 ? null : `g${(parents[i] as number) % i}`,
        choiceId: null,
      }));
      const filters: Filter[] = filterGroups.map((n, i) => ({
        id: `f${i}`,
        filterGroupId: `g${n % groups.length}`,
        field: `a${i}`,
        operator: "equals",
        value: "yes",
      }));
      const product = Object.fromEntries(attributes.map((v, i) => [`a${i}`, v ? "YES" : "no"]));
      return { groups, filters, product };
    });

  const reference = (
    groups: FilterGroup[],
    filters: Filter[],
    product: Record<string, unknown>,
  ): boolean => {
    const evalGroup = (group: FilterGroup): boolean => {
      const parts = [
        ...filters
          .filter((x) => x.filterGroupId === group.id)
          .map((x) => product[x.field] === "YES"),
        ...groups.filter((x) => x.parentId === group.id).map(evalGroup),
      ];
      if (parts.length === 0) return true;
      return group.operator === "or" ? parts.includes(true) : !parts.includes(false);
    };
    return groups.filter((x) => x.parentId === null).every(evalGroup);
  };

  it("groups evaluate like the recursive and/or definition, in any order", () => {
    fc.assert(
      fc.property(forest, fc.nat(), ({ groups, filters, product }, seed) => {
        const expected = reference(groups, filters, product);
        expect(evaluateFilterGroups(product, groups, filters)).toBe(expected);
        const rotate = <T>(list: T[]) => {
          const k = list.length === 0 ? 0 : seed % list.length;
          return [...list.slice(k), ...list.slice(0, k)];
        };
        expect(evaluateFilterGroups(product, rotate(groups).reverse(), rotate(filters))).toBe(
          expected,
        );
      }),
    );
  });
});

describe("addChoiceFilter", () => {
  const filter = { id: "new", field: "color", operator: "equals" as const, value: "red" };

  it("gives a choice without groups a new root group (and) holding the filter", () => {
    const next = addChoiceFilter({ filterGroups: [], filters: [] }, "c1", filter, "g-new");
    expect(next).toEqual({
      filterGroups: [{ id: "g-new", choiceId: "c1", parentId: null, operator: "and" }],
      filters: [{ ...filter, filterGroupId: "g-new" }],
    });
  });

  it("adds to the choice's first root group, or to the given group of that choice", () => {
    const state = {
      filterGroups: [
        g("other", "and", null, "c2"),
        g("root", "or", null, "c1"),
        g("child", "and", "root"),
      ],
      filters: [f("1", "root", "a", "equals")],
    };
    const first = addChoiceFilter(state, "c1", filter, "unused");
    expect(first.filterGroups).toEqual(state.filterGroups);
    expect(first.filters.at(-1)).toEqual({ ...filter, filterGroupId: "root" });
    const nested = addChoiceFilter(state, "c1", { ...filter, filterGroupId: "child" }, "unused");
    expect(nested.filters.at(-1)?.filterGroupId).toBe("child");
    // Another choice's group is not this choice's: the filter goes to the choice's own root.
    const foreign = addChoiceFilter(state, "c1", { ...filter, filterGroupId: "other" }, "unused");
    expect(foreign.filters.at(-1)?.filterGroupId).toBe("root");
  });

  it("then narrows the choice's products like any filter of it", () => {
    const { filterGroups, filters } = addChoiceFilter(
      { filterGroups: [], filters: [] },
      "c1",
      filter,
      "g",
    );
    const groups = groupsOfChoice(filterGroups, "c1");
    expect(evaluateFilterGroups({ color: "Red" }, groups, filters)).toBe(true);
    expect(evaluateFilterGroups({ color: "blue" }, groups, filters)).toBe(false);
  });
});
