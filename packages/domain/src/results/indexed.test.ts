import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FILTER_CONDITIONS } from "../filter/constants";
import type { Filter, FilterGroup } from "../filter/types";
import { PARTIAL_RESULTS_LIMIT } from "./constants";
import { createResultsIndex } from "./indexed";
import { computeResults } from "./logic";
import type { ResultsFloow } from "./logic";

const products = [
  { id: "1", color: "red", price: "129,95 EUR", size: ["S", "M"] },
  { id: "2", color: "blue", price: "89.95", size: ["L"] },
  { id: "3", color: "Red", price: 20, size: [] },
  { id: "2", color: "green", price: "1", size: ["S"] },
  { color: "", price: null },
];

function floowOf(groups: FilterGroup[], filters: Filter[], steps: string[][]): ResultsFloow {
  return {
    steps: steps.map((choices, i) => ({ id: `s${i}`, choices: choices.map((id) => ({ id })) })),
    filterGroups: groups,
    filters,
  };
}

const group = (
  id: string,
  choiceId: string | null,
  operator: "and" | "or" = "and",
  parentId: string | null = null,
): FilterGroup => ({
  id,
  choiceId,
  parentId,
  operator,
});
const filter = (
  id: string,
  filterGroupId: string,
  field: string,
  operator: Filter["operator"],
  value: string,
): Filter => ({
  id,
  filterGroupId,
  field,
  operator,
  value,
});

describe("createResultsIndex", () => {
  const groups = [
    group("g-red", "red"),
    group("g-cheap", "cheap"),
    group("g-small", "small", "or"),
    group("g-nest", null, "and", "g-small"),
  ];
  const filters = [
    filter("f1", "g-red", "color", "equals", "red"),
    filter("f2", "g-cheap", "price", "lessThan", "100"),
    filter("f3", "g-small", "size", "equals", "XS"),
    filter("f4", "g-nest", "size", "equals", "S"),
  ];
  const floow = floowOf(groups, filters, [["red", "blue"], ["cheap"], ["small"]]);
  const index = createResultsIndex(products);

  it.each([
    [[]],
    [["red"]],
    [["red", "cheap"]],
    [["cheap", "small"]],
    [["red", "cheap", "small"]],
    [["unknown"]],
  ])("answers like computeResults for %j", (choiceIds) => {
    expect(index.compute(floow, choiceIds)).toEqual(computeResults(products, floow, choiceIds));
  });

  it("de-duplicates by id and ranks a partial match like computeResults", () => {
    expect(index.size).toBe(4);
    const impossible = floowOf(
      [group("g", "x"), group("h", "y")],
      [
        filter("a", "g", "color", "equals", "red"),
        filter("b", "h", "price", "greaterThan", "1000"),
      ],
      [["x"], ["y"]],
    );
    const outcome = index.compute(impossible, ["x", "y"]);
    expect(outcome.partial).toBe(true);
    expect(outcome).toEqual(computeResults(products, impossible, ["x", "y"]));
  });

  it("keeps at most PARTIAL_RESULTS_LIMIT partial matches, in computeResults' order", () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      id: String(i),
      color: i % 3 === 0 ? "red" : "blue",
      price: i,
    }));
    const f = floowOf(
      [group("g", "x"), group("h", "y")],
      [
        filter("a", "g", "color", "equals", "red"),
        filter("b", "h", "price", "greaterThan", "1000"),
      ],
      [["x"], ["y"]],
    );
    const outcome = createResultsIndex(many).compute(f, ["x", "y"]);
    expect(outcome.products).toHaveLength(Math.min(PARTIAL_RESULTS_LIMIT, 14));
    expect(outcome).toEqual(computeResults(many, f, ["x", "y"]));
  });

  it("answers like computeResults on random feeds, filter trees and choices (property)", () => {
    const value = fc.oneof(
      fc.constantFrom("red", "Red", "blue", "", " 12,50 EUR", "1.299,00", "abc"),
      fc.integer({ min: -5, max: 300 }),
      fc.constant(null),
      fc.array(fc.constantFrom("S", "M", "red"), { maxLength: 3 }),
    );
    const product = fc.record(
      {
        id: fc.constantFrom("1", "2", "3", "4", "5", "6", "7", "8"),
        color: value,
        price: value,
        size: value,
      },
      { requiredKeys: [] },
    );
    const choiceIds = ["c1", "c2", "c3", "c4", "c5"];
    const groupArb = fc.record({
      choiceId: fc.option(fc.constantFrom(...choiceIds), { nil: null }),
      parent: fc.option(fc.nat(5), { nil: null }),
      operator: fc.constantFrom("and" as const, "or" as const),
    });
    const filterArb = fc.record({
      group: fc.nat(5),
      field: fc.constantFrom("color", "price", "size", "name", "missing"),
      operator: fc.constantFrom(...FILTER_CONDITIONS),
      value: fc.constantFrom("red", "12.5", "100", "S", "", "abc"),
    });
    fc.assert(
      fc.property(
        fc.array(product, { maxLength: 60 }),
        fc.array(groupArb, { minLength: 1, maxLength: 6 }),
        fc.array(filterArb, { maxLength: 10 }),
        fc.subarray(choiceIds),
        fc.subarray(["c1", "c2", "c3", "c4", "c5", "ghost"]),
        (feed, rawGroups, rawFilters, stepTwo, chosen) => {
          const groups = rawGroups.map((g, i) =>
            group(
              `g${i}`,
              g.choiceId,
              g.operator,
              g.parent === null ? null : `g${g.parent % rawGroups.length}`,
            ),
          );
          const filters = rawFilters.map((f, i) =>
            filter(`f${i}`, `g${f.group % rawGroups.length}`, f.field, f.operator, f.value),
          );
          const stepOne = choiceIds.filter((id) => !stepTwo.includes(id));
          const f = floowOf(groups, filters, [stepOne, stepTwo]);
          const index = createResultsIndex(feed);
          expect(index.compute(f, chosen)).toEqual(computeResults(feed, f, chosen));
          // A second ask (cached bitmaps) answers the same.
          expect(index.compute(f, chosen)).toEqual(computeResults(feed, f, chosen));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("warms filters ahead and tells which it keeps, at most 512, least recently used first", () => {
    const feed = Array.from({ length: 10 }, (_, i) => ({ id: String(i), price: i }));
    const index = createResultsIndex(feed);
    expect(index.cachedFilters()).toEqual([]);
    index.warm([
      { field: "price", operator: "lessThan", value: "5" },
      { field: "price", operator: "greaterThan", value: "2" },
    ]);
    const f = floowOf([group("g", "x")], [filter("a", "g", "price", "lessThan", "5")], [["x"]]);
    expect(index.compute(f, ["x"])).toEqual(computeResults(feed, f, ["x"]));
    expect(index.cachedFilters()).toEqual([
      { field: "price", operator: "greaterThan", value: "2" },
      { field: "price", operator: "lessThan", value: "5" },
    ]);
    index.warm(
      Array.from({ length: 600 }, (_, i) => ({
        field: "price",
        operator: "equals" as const,
        value: String(i),
      })),
    );
    const kept = index.cachedFilters();
    expect(kept).toHaveLength(512);
    expect(kept.at(-1)).toEqual({ field: "price", operator: "equals", value: "599" });
  });

  it("handles feeds whose size is a multiple of 32 and empty feeds", () => {
    const feed = Array.from({ length: 64 }, (_, i) => ({
      id: String(i),
      color: i % 2 ? "red" : "blue",
    }));
    const f = floowOf([group("g", "x")], [filter("a", "g", "color", "equals", "red")], [["x"]]);
    expect(createResultsIndex(feed).compute(f, ["x"])).toEqual(computeResults(feed, f, ["x"]));
    expect(createResultsIndex([]).compute(f, ["x"])).toEqual({ products: [], partial: false });
  });
});
