import { describe, expect, it } from "vitest";
import { createChoice, createFilter, createFilterGroup, createStep } from "../floow/factories";
import type { Condition, Step } from "../floow/types";
import type { Filter, FilterGroup } from "../filter/types";
import { computeResults } from "../results/logic";
import { createResultsIndex } from "../results/indexed";
import { choiceMatchCounts } from "./counts";
import { findDeadEnds, type PathFloow } from "./paths";
import { answersMet, plainLabel } from "./ranking";
import { floowPartsFromSuggestion, suggestFromFeed } from "./suggest";

const BIKES = [
  { id: "B1", title: "Aero", type: "road", price: "1499", availability: "in stock" },
  { id: "B2", title: "Sprint", type: "road", price: "899", availability: "in stock" },
  { id: "B3", title: "Ridge", type: "mountain", price: "1299", availability: "out of stock" },
  { id: "B4", title: "Trail", type: "mountain", price: "749", availability: "out of stock" },
  { id: "B5", title: "Commute", type: "city", price: "599", availability: "in stock" },
  { id: "B6", title: "Cargo", type: "city", price: "1899", availability: "in stock" },
];

/** A floow builder: steps of single choices, each choice with one filter (or none). */
function floowOf(
  questions: { choices: ([string, Filter["operator"], string] | null)[]; type?: Step["type"] }[],
) {
  const filterGroups: FilterGroup[] = [];
  const filters: Filter[] = [];
  const steps = questions.map((q, s) => {
    const step = createStep({ id: `s${s + 1}`, type: q.type ?? "single" });
    step.choices = q.choices.map((filter, c) => {
      const choice = createChoice({ id: `s${s + 1}c${c + 1}`, stepId: step.id });
      if (filter) {
        const group = createFilterGroup({ choiceId: choice.id });
        filterGroups.push(group);
        filters.push(
          createFilter({
            filterGroupId: group.id,
            field: filter[0],
            operator: filter[1],
            value: filter[2],
          }),
        );
      }
      return choice;
    });
    return step;
  });
  return { steps, filterGroups, filters } satisfies PathFloow;
}

describe("dead ends: every path of answers, following conditions", () => {
  it("finds the paths whose answers leave no product, with the answers that lead there", async () => {
    const floow = floowOf([
      {
        choices: [
          ["type", "equals", "road"],
          ["type", "equals", "city"],
        ],
      },
      {
        choices: [
          ["price", "lessThan", "800"],
          ["price", "greaterThanOrEquals", "800"],
        ],
      },
    ]);
    const report = await findDeadEnds(createResultsIndex(BIKES), floow);
    expect(report).toMatchObject({ paths: 4, sampled: false, count: 1 });
    expect(report.deadEnds).toEqual([
      {
        answers: [
          { stepId: "s1", choiceIds: ["s1c1"] },
          { stepId: "s2", choiceIds: ["s2c1"] },
        ],
        reason: "noProducts",
      },
    ]);
  });

  it("stops a path at the answer that leaves nothing, and tells none-in-stock apart", async () => {
    const floow = floowOf([
      {
        choices: [["type", "equals", "gravel"], ["type", "equals", "mountain"], null],
      },
      { choices: [null, ["price", "lessThan", "700"]] },
    ]);
    const report = await findDeadEnds(createResultsIndex(BIKES), floow);
    // gravel: dead at once (1 path); mountain: every bike out of stock (1); none: 2 paths.
    expect(report.paths).toBe(4);
    expect(report.deadEnds).toEqual([
      { answers: [{ stepId: "s1", choiceIds: ["s1c1"] }], reason: "noProducts" },
      { answers: [{ stepId: "s1", choiceIds: ["s1c2"] }], reason: "noneInStock" },
    ]);
  });

  it("follows conditions: a choice that jumps to the finish skips the later questions", async () => {
    const floow = floowOf([
      {
        choices: [
          ["type", "equals", "road"],
          ["type", "equals", "city"],
        ],
      },
      { choices: [["price", "lessThan", "550"]] },
    ]);
    const jump: Condition = {
      id: "k1",
      stepId: "s1",
      condition: "selected",
      conditionChoiceId: "s1c1",
      consequence: "goToFinish",
      consequenceStepId: null,
      consequenceChoiceIds: [],
    };
    (floow.steps[0] as Step).conditions = [jump];
    const report = await findDeadEnds(createResultsIndex(BIKES), floow);
    // road → finish (fine); city → under 550: none of the city bikes is.
    expect(report.paths).toBe(2);
    expect(report.deadEnds.map((d) => d.answers.map((a) => a.choiceIds[0]))).toEqual([
      ["s1c2", "s2c1"],
    ]);
  });

  it("answers a multi-select step with sets of choices; a wider set never dies alone", async () => {
    const floow = floowOf([
      {
        type: "multiple",
        choices: [
          ["type", "equals", "road"],
          ["type", "equals", "gravel"],
        ],
      },
    ]);
    const report = await findDeadEnds(createResultsIndex(BIKES), floow);
    expect(report.paths).toBe(3);
    expect(report.deadEnds).toEqual([
      { answers: [{ stepId: "s1", choiceIds: ["s1c2"] }], reason: "noProducts" },
    ]);
  });

  it("samples a floow with more paths than the limit, saying so", async () => {
    const floow = floowOf(
      Array.from({ length: 4 }, () => ({
        choices: [["type", "equals", "road"], ["type", "notEquals", "x"], null] as [
          string,
          Filter["operator"],
          string,
        ][],
      })),
    );
    const report = await findDeadEnds(createResultsIndex(BIKES), floow, { limit: 10 });
    expect(report).toMatchObject({ sampled: true, paths: 10, count: 0 });
  });

  it("in slices: the same report, with the caller's other work run between the slices", async () => {
    const floow = floowOf(
      Array.from({ length: 4 }, () => ({
        choices: [
          ["type", "equals", "road"],
          ["price", "lessThan", "800"],
          ["type", "equals", "city"],
        ] as [string, Filter["operator"], string][],
      })),
    );
    for (const limit of [undefined, 10]) {
      const whole = await findDeadEnds(createResultsIndex(BIKES), floow, { limit });
      expect(whole.count).toBeGreaterThan(0);
      // A slice of 0 ms: a pause at every step of the walk (or every sampled path).
      let pauses = 0;
      let otherWork = 0;
      const sliced = await findDeadEnds(createResultsIndex(BIKES), floow, {
        limit,
        sliceMs: 0,
        pause: async () => {
          pauses++;
          await new Promise<void>((resolve) => setTimeout(resolve, 0));
          otherWork++;
        },
      });
      expect(sliced).toEqual(whole);
      expect(pauses).toBeGreaterThan(10);
      expect(otherWork).toBe(pauses);
    }
  });
});

describe("live match counts", () => {
  it("counts each choice's matches in the feed and of those in stock", () => {
    const floow = floowOf([
      { choices: [["type", "equals", "mountain"], ["price", "lessThan", "900"], null] },
    ]);
    const counts = choiceMatchCounts(createResultsIndex(BIKES), floow);
    expect(counts).toEqual({
      total: 6,
      inStock: 4,
      choices: [
        { choiceId: "s1c1", filtered: true, matches: 2, inStock: 0 },
        { choiceId: "s1c2", filtered: true, matches: 3, inStock: 2 },
        { choiceId: "s1c3", filtered: false, matches: 6, inStock: 4 },
      ],
    });
  });

  it("gives no in-stock figure when the feed does not say", () => {
    const plain = BIKES.map(({ availability: _a, ...bike }) => bike);
    const floow = floowOf([{ choices: [["type", "equals", "city"]] }]);
    expect(choiceMatchCounts(createResultsIndex(plain), floow).choices[0]).toEqual({
      choiceId: "s1c1",
      filtered: true,
      matches: 2,
      inStock: null,
    });
  });
});

describe("partial matches: which answers each product meets", () => {
  it("ranks by answers met and names them", () => {
    const floow = floowOf([
      { choices: [["type", "equals", "city"]] },
      { choices: [["price", "lessThan", "800"]] },
      { choices: [["title", "equals", "Aero"]] },
    ]);
    const chosen = ["s1c1", "s2c1", "s3c1"];
    const outcome = computeResults(BIKES, floow, chosen);
    expect(outcome.partial).toBe(true);
    expect(outcome.products.map((p) => p.id)).toEqual(["B5", "B1", "B4", "B6"]);
    expect(outcome.products.map((p) => answersMet(p, floow, chosen))).toEqual([
      ["s1c1", "s2c1"],
      ["s3c1"],
      ["s2c1"],
      ["s1c1"],
    ]);
  });

  it("reads a choice's rich text as a plain label", () => {
    expect(plainLabel("<p>Under &euro; 800 &amp; <b>light</b></p>")).toBe(
      "Under &euro; 800 & light",
    );
    expect(plainLabel("<p>City</p>")).toBe("City");
  });
});

describe("offline suggester", () => {
  it("builds questions from attributes with a few values and price bands; every choice finds products", () => {
    const questions = suggestFromFeed(BIKES, { language: "en" });
    expect(questions.map((q) => q.key)).toEqual(["type", "price"]);
    expect(questions[0]).toMatchObject({
      title: "What kind of product are you looking for?",
      choices: [{ title: "road" }, { title: "mountain" }, { title: "city" }],
    });
    const parts = floowPartsFromSuggestion(questions, "f1");
    for (const step of parts.steps)
      for (const choice of step.choices) {
        const result = computeResults(BIKES, { ...parts }, [choice.id]);
        expect(result.partial, `choice ${choice.text}`).toBe(false);
        expect(result.products.length).toBeGreaterThan(0);
      }
  });

  it("puts the attributes the prompt names first and words them in the floow's language", () => {
    const questions = suggestFromFeed(BIKES, {
      language: "nl",
      prompt: "Vraag eerst naar het budget",
    });
    expect(questions.map((q) => q.title)).toEqual([
      "Wat is je budget?",
      "Wat voor product zoek je?",
    ]);
    expect(questions[0]?.choices[0]?.title).toMatch(/^Onder €\u00a0\d+$/);
  });

  it("suggests nothing for an empty feed", () => {
    expect(suggestFromFeed([])).toEqual([]);
  });
});
