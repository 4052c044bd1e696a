import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Filter, FilterGroup } from "../filter/types";
import { PARTIAL_RESULTS_LIMIT } from "./constants";
import { computeResults } from "./logic";
import type { ResultsFloow } from "./logic";

const products = [
  { id: "1", title: "Trail runner", brand: "Nike", price: "129,95 EUR", terrain: "trail" },
  { id: "2", title: "Road runner", brand: "Nike", price: "89,95 EUR", terrain: "road" },
  { id: "3", title: "Road budget", brand: "Kipsta", price: "39,95 EUR", terrain: "road" },
  { id: "4", title: "Trail budget", brand: "Kipsta", price: "49.95 EUR", terrain: "trail" },
  { id: "2", title: "Duplicate of 2", brand: "Nike", price: "1 EUR", terrain: "road" },
  { title: "No id", brand: "Other", price: "", terrain: "" },
];

// Step s1: terrain (trail / road / any). Step s2: budget (< 60 / < 100). Step s3: no filters.
const groups: FilterGroup[] = [
  { id: "g-trail", choiceId: "trail", parentId: null, operator: "and" },
  { id: "g-road", choiceId: "road", parentId: null, operator: "and" },
  { id: "g-cheap", choiceId: "cheap", parentId: null, operator: "and" },
  { id: "g-mid", choiceId: "mid", parentId: null, operator: "or" },
  { id: "g-mid-nested", choiceId: null, parentId: "g-mid", operator: "and" },
];
const filters: Filter[] = [
  { id: "f1", filterGroupId: "g-trail", field: "terrain", operator: "equals", value: "trail" },
  { id: "f2", filterGroupId: "g-road", field: "terrain", operator: "equals", value: "road" },
  { id: "f3", filterGroupId: "g-cheap", field: "price", operator: "lessThan", value: "60" },
  { id: "f4", filterGroupId: "g-mid-nested", field: "price", operator: "lessThan", value: "100" },
  {
    id: "f5",
    filterGroupId: "g-mid-nested",
    field: "price",
    operator: "greaterThanOrEquals",
    value: "60",
  },
];
const floow: ResultsFloow = {
  steps: [
    { id: "s1", choices: [{ id: "trail" }, { id: "road" }, { id: "any" }] },
    { id: "s2", choices: [{ id: "cheap" }, { id: "mid" }] },
    { id: "s3", choices: [{ id: "yes" }] },
  ],
  filterGroups: groups,
  filters,
};
const ids = (r: { products: Record<string, unknown>[] }) => r.products.map((p) => p.id ?? p.title);

describe("computeResults", () => {
  it("no choices: every product (deduplicated by id), not partial", () => {
    const r = computeResults(products, floow, []);
    expect(ids(r)).toEqual(["1", "2", "3", "4", "No id"]);
    expect(r.partial).toBe(false);
  });

  it("choices without filters set no constraint", () => {
    expect(ids(computeResults(products, floow, ["any", "yes"]))).toEqual([
      "1",
      "2",
      "3",
      "4",
      "No id",
    ]);
  });

  it("a choice applies its filter groups", () => {
    expect(ids(computeResults(products, floow, ["trail"]))).toEqual(["1", "4"]);
    expect(ids(computeResults(products, floow, ["mid"]))).toEqual(["2"]);
  });

  it("choices of one step widen each other (OR)", () => {
    expect(ids(computeResults(products, floow, ["trail", "road"]))).toEqual(["1", "2", "3", "4"]);
  });

  it("different steps narrow each other (AND)", () => {
    expect(ids(computeResults(products, floow, ["trail", "cheap"]))).toEqual(["4"]);
    expect(ids(computeResults(products, floow, ["road", "cheap", "yes"]))).toEqual(["3"]);
    expect(ids(computeResults(products, floow, ["road", "cheap", "mid"]))).toEqual(["2", "3"]);
  });

  it("repeated choice ids count once", () => {
    expect(ids(computeResults(products, floow, ["trail", "trail"]))).toEqual(["1", "4"]);
  });

  it("when nothing matches, returns the best partial match, ranked and marked", () => {
    // trail AND mid (60–100): no product. Trail ones satisfy step 1; road runner satisfies step 2.
    const r = computeResults(products, floow, ["trail", "mid"]);
    expect(r.partial).toBe(true);
    // Every listed product satisfies one step; ties broken by filters satisfied, then feed order.
    expect(ids(r)).toEqual(["1", "2", "4", "3"]);
  });

  it("ranks by steps satisfied before filters satisfied", () => {
    const extra: ResultsFloow = {
      steps: [
        { id: "a", choices: [{ id: "x" }] },
        { id: "b", choices: [{ id: "y" }] },
        { id: "c", choices: [{ id: "z" }] },
      ],
      filterGroups: [
        { id: "gx", choiceId: "x", parentId: null, operator: "and" },
        { id: "gy", choiceId: "y", parentId: null, operator: "and" },
        { id: "gz", choiceId: "z", parentId: null, operator: "and" },
      ],
      filters: [
        { id: "1", filterGroupId: "gx", field: "p", operator: "equals", value: "1" },
        { id: "2", filterGroupId: "gy", field: "q", operator: "equals", value: "1" },
        { id: "3", filterGroupId: "gz", field: "r", operator: "equals", value: "1" },
        { id: "4", filterGroupId: "gz", field: "s", operator: "equals", value: "1" },
      ],
    };
    const items = [
      { id: "only-filters", r: "1" }, // 0 steps, 1 filter
      { id: "one-step", p: "1" }, // 1 step, 1 filter
      { id: "two-steps", p: "1", q: "1" }, // 2 steps
      { id: "nothing" },
    ];
    const r = computeResults(items, extra, ["x", "y", "z"]);
    expect(r.partial).toBe(true);
    expect(ids(r)).toEqual(["two-steps", "one-step", "only-filters"]);
  });

  it("returns an empty page (not partial) when no product satisfies any filter", () => {
    const r = computeResults([{ id: "a", terrain: "snow", price: "500" }], floow, [
      "trail",
      "cheap",
    ]);
    expect(r).toEqual({ products: [], partial: false });
  });

  it(`caps a partial match at ${PARTIAL_RESULTS_LIMIT} products`, () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      id: String(i),
      terrain: "trail",
      price: "500",
    }));
    const r = computeResults(many, floow, ["trail", "cheap"]);
    expect(r.partial).toBe(true);
    expect(r.products).toHaveLength(PARTIAL_RESULTS_LIMIT);
    expect(ids(r)).toEqual(Array.from({ length: PARTIAL_RESULTS_LIMIT }, (_, i) => String(i)));
  });

  it("a chosen choice no step knows of still applies its filters", () => {
    const orphan: ResultsFloow = { ...floow, steps: [] };
    expect(ids(computeResults(products, orphan, ["trail", "cheap"]))).toEqual(["4"]);
  });

  it("uses the feed's variables for ids and fields", () => {
    const feed = [
      { sku: "A", cost: "10" },
      { sku: "A", cost: "11" },
      { sku: "B", cost: "90" },
    ];
    const f: ResultsFloow = {
      steps: [{ id: "s", choices: [{ id: "c" }] }],
      filterGroups: [{ id: "g", choiceId: "c", parentId: null, operator: "and" }],
      filters: [{ id: "f", filterGroupId: "g", field: "price", operator: "lessThan", value: "50" }],
    };
    const r = computeResults(feed, f, ["c"], { id: "sku", price: "cost" });
    expect(r.products).toEqual([{ sku: "A", cost: "10" }]);
  });

  it("exact results are exactly the products satisfying every step (property)", () => {
    const product = fc.record({
      id: fc.uuid(),
      terrain: fc.constantFrom("trail", "road", ""),
      price: fc.integer({ min: 1, max: 200 }).map(String),
    });
    const choice = fc.subarray(["trail", "road", "any", "cheap", "mid", "yes"]);
    fc.assert(
      fc.property(
        fc.uniqueArray(product, { selector: (p) => p.id, maxLength: 15 }),
        choice,
        (list, chosen) => {
          const r = computeResults(list, floow, chosen);
          const terrain = chosen.filter((c) => c === "trail" || c === "road");
          const budget = chosen.filter((c) => c === "cheap" || c === "mid");
          const ok = (p: { terrain: string; price: string }) =>
            (terrain.length === 0 || (terrain as string[]).includes(p.terrain)) &&
            (budget.length === 0 ||
              (budget.includes("cheap") && Number(p.price) < 60) ||
              (budget.includes("mid") && Number(p.price) >= 60 && Number(p.price) < 100));
          const exact = list.filter(ok);
          if (exact.length > 0 || (terrain.length === 0 && budget.length === 0)) {
            expect(r.partial).toBe(false);
            expect(r.products).toEqual(exact);
          } else {
            expect(r.products.every((p) => !ok(p))).toBe(true);
            expect(r.products.length).toBeLessThanOrEqual(PARTIAL_RESULTS_LIMIT);
            expect(r.partial).toBe(r.products.length > 0);
          }
        },
      ),
    );
  });
});
