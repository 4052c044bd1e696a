/** The benchmarks' generated catalog: a deterministic feed and a selling floow of five questions. */
import { createChoice, createFilter, createFilterGroup, createStep } from "@floow/domain/floow";
import type { Choice, Step } from "@floow/domain/floow";
import type { Filter, FilterGroup } from "@floow/domain/filter";
import type { Product } from "@floow/domain/feed";

// A deterministic generator, so every run measures the same feed.
export function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const COLORS = ["red", "blue", "green", "black", "white", "grey", "yellow", "purple"];
const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
const MATERIALS = ["cotton", "wool", "linen", "polyester", "leather"];
const CATEGORIES = ["shirts", "trousers", "jackets", "shoes", "accessories"];

export function makeProducts(count: number): Product[] {
  const random = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, (_, i) => ({
    id: `sku-${i}`,
    title: `${pick(COLORS)} ${pick(MATERIALS)} ${pick(CATEGORIES)} ${i}`,
    description: `<p>A <b>fine</b> product, number ${i}.</p>`,
    link: `https://shop.example/p/${i}`,
    image_link: `https://cdn.shop.example/p/${i}.jpg`,
    price: `${(5 + random() * 295).toFixed(2)} EUR`,
    color: pick(COLORS),
    size: pick(SIZES),
    material: pick(MATERIALS),
    category: pick(CATEGORIES),
    brand: `brand-${Math.floor(random() * 40)}`,
    rating: 1 + Math.floor(random() * 5),
    in_stock: random() < 0.8 ? "yes" : "no",
  }));
}

/** Five questions; each chosen choice narrows the feed with a filter group. */
export function makeFloow() {
  const groups: FilterGroup[] = [];
  const filters: Filter[] = [];
  const constrain = (
    choice: Choice,
    operator: "and" | "or",
    rules: [string, Filter["operator"], string][],
  ) => {
    const group = createFilterGroup({ choiceId: choice.id, operator });
    groups.push(group);
    for (const [field, op, value] of rules)
      filters.push(createFilter({ filterGroupId: group.id, field, operator: op, value }));
  };
  const step = (choices: Choice[]): Step => createStep({ choices });

  const category = CATEGORIES.map((c) => createChoice({ text: c }));
  category.forEach((choice, i) =>
    constrain(choice, "and", [["category", "equals", CATEGORIES[i] as string]]),
  );
  const budget = [
    createChoice({ text: "< 50" }),
    createChoice({ text: "50-150" }),
    createChoice({ text: "> 150" }),
  ];
  constrain(budget[0] as Choice, "and", [["price", "lessThan", "50"]]);
  constrain(budget[1] as Choice, "and", [
    ["price", "greaterThanOrEquals", "50"],
    ["price", "lessThanOrEquals", "150"],
  ]);
  constrain(budget[2] as Choice, "and", [["price", "greaterThan", "150"]]);
  const colour = [createChoice({ text: "dark" }), createChoice({ text: "light" })];
  constrain(colour[0] as Choice, "or", [
    ["color", "equals", "black"],
    ["color", "equals", "grey"],
    ["color", "equals", "blue"],
    ["color", "equals", "purple"],
  ]);
  constrain(colour[1] as Choice, "or", [
    ["color", "equals", "white"],
    ["color", "equals", "yellow"],
    ["color", "equals", "red"],
  ]);
  const fit = [createChoice({ text: "small" }), createChoice({ text: "large" })];
  constrain(fit[0] as Choice, "or", [
    ["size", "equals", "XS"],
    ["size", "equals", "S"],
    ["size", "equals", "M"],
  ]);
  constrain(fit[1] as Choice, "or", [
    ["size", "equals", "L"],
    ["size", "equals", "XL"],
    ["size", "equals", "XXL"],
  ]);
  const care = [createChoice({ text: "in stock, well rated" }), createChoice({ text: "anything" })];
  constrain(care[0] as Choice, "and", [
    ["in_stock", "equals", "yes"],
    ["rating", "greaterThanOrEquals", "3"],
  ]);

  const steps = [step(category), step(budget), step(colour), step(fit), step(care)];
  // Five selections (one per question), rotated so no single path is measured.
  const selections = [0, 1, 2, 3, 4].map((k) => [
    (category[k % category.length] as Choice).id,
    (budget[k % budget.length] as Choice).id,
    (colour[k % colour.length] as Choice).id,
    (fit[k % fit.length] as Choice).id,
    (care[0] as Choice).id,
  ]);
  return { floow: { steps, filterGroups: groups, filters }, selections };
}
