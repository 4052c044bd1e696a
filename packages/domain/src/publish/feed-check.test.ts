import { describe, expect, it } from "vitest";
import {
  createChoice,
  createFilter,
  createFilterGroup,
  createFloow,
  createStep,
} from "../floow/factories";
import type { Filter, FilterGroup } from "../filter/types";
import type { Floow } from "../floow/types";
import { createResultsIndex } from "../results/indexed";
import { checkFeedPaths } from "./feed-check";

const BIKES = [
  {
    id: "B1",
    title: "Aero",
    type: "road",
    colour: "red",
    link: "https://shop.example/b1",
    image_link: "https://shop.example/b1.png",
  },
  {
    id: "B2",
    title: "Sprint",
    type: "road",
    colour: "blue",
    link: "https://shop.example/b2",
    image_link: "https://shop.example/b2.png",
  },
  {
    id: "B3",
    title: "Ridge",
    type: "road",
    colour: "red",
    link: "https://shop.example/b3",
    image_link: "https://shop.example/b3.png",
  },
  {
    id: "B4",
    title: "Commute",
    type: "city",
    colour: "red",
    link: "https://shop.example/b4",
    image_link: "",
  },
  { id: "B5", title: "Cargo", type: "city", colour: "red", link: "", image_link: "" },
  { id: "B6", title: "Tandem", type: "tandem", colour: "red", link: "", image_link: "" },
];

/** Steps of single choices, each choice with one `equals` filter (or none). */
function floowOf(
  questions: { text: string; choices: [string, [string, string] | null][] }[],
): Floow {
  const filterGroups: FilterGroup[] = [];
  const filters: Filter[] = [];
  const steps = questions.map((q, s) => {
    const step = createStep({ id: `s${s + 1}`, text: `<p>${q.text}</p>` });
    step.choices = q.choices.map(([text, filter], c) => {
      const choice = createChoice({
        id: `s${s + 1}c${c + 1}`,
        stepId: step.id,
        text: `<p>${text}</p>`,
      });
      if (filter) {
        const group = createFilterGroup({ choiceId: choice.id });
        filterGroups.push(group);
        filters.push(
          createFilter({
            filterGroupId: group.id,
            field: filter[0],
            operator: "equals",
            value: filter[1],
          }),
        );
      }
      return choice;
    });
    return step;
  });
  return createFloow("selling", { feedId: "f", steps, filterGroups, filters });
}

describe("checkFeedPaths: the floow's paths against its feed", () => {
  const twoQuestions = () =>
    floowOf([
      {
        text: "Which bike?",
        choices: [
          ["Road", ["type", "road"]],
          ["City", ["type", "city"]],
        ],
      },
      {
        text: "Colour?",
        choices: [
          ["Red", ["colour", "red"]],
          ["Blue", ["colour", "blue"]],
        ],
      },
    ]);

  it("a path no product meets fully: shoppers see the closest matches (a warning), or with the placeholder nothing (an error)", async () => {
    const ranked = twoQuestions();
    const warned = await checkFeedPaths(createResultsIndex(BIKES), ranked);
    expect(warned.filter((i) => i.rule === "dead-end" || i.rule === "no-exact-match")).toEqual([
      {
        severity: "warning",
        rule: "no-exact-match",
        message:
          'No product meets every answer of "City" for Step "Which bike?", then "Blue" for Step "Colour?": shoppers see the closest matches instead.',
        target: { page: "step", stepId: "s2", choiceId: "s2c2" },
      },
    ]);
    const placeholder = twoQuestions();
    placeholder.finish.results.partial = "placeholder";
    expect(
      (await checkFeedPaths(createResultsIndex(BIKES), placeholder)).filter(
        (i) => i.severity === "error",
      ),
    ).toEqual([
      {
        severity: "error",
        rule: "dead-end",
        message:
          'Dead end: answering "City" for Step "Which bike?", then "Blue" for Step "Colour?" leaves no product (the finish page shows its no-results text). Change the filters of these choices or add a condition that leads elsewhere.',
        target: { page: "step", stepId: "s2", choiceId: "s2c2" },
      },
    ]);
  });

  it("a path whose answers no product meets even in part is an error also with the closest matches", async () => {
    const floow = floowOf([
      {
        text: "Which bike?",
        choices: [
          ["Road", ["type", "road"]],
          ["Gravel", ["type", "gravel"]],
        ],
      },
    ]);
    expect(
      (await checkFeedPaths(createResultsIndex(BIKES), floow)).filter(
        (i) => i.severity === "error",
      ),
    ).toEqual([
      {
        severity: "error",
        rule: "dead-end",
        message:
          'Dead end: answering "Gravel" for Step "Which bike?" leaves no product. Change the filters of these choices or add a condition that leads elsewhere.',
        target: { page: "step", stepId: "s1", choiceId: "s1c2" },
      },
    ]);
  });

  it("a dead first answer is an error only when some way of answering the rest still shows nothing", async () => {
    // "Gravel" meets no product; the colour answers that follow decide what shoppers see.
    const floow = floowOf([
      {
        text: "Which bike?",
        choices: [
          ["Road", ["type", "road"]],
          ["Gravel", ["type", "gravel"]],
        ],
      },
      {
        text: "Colour?",
        choices: [
          ["Red", ["colour", "red"]],
          ["Blue", ["colour", "blue"]],
        ],
      },
    ]);
    const rules = async (f: Floow) =>
      (await checkFeedPaths(createResultsIndex(BIKES), f)).filter(
        (i) => i.rule === "dead-end" || i.rule === "no-exact-match",
      );
    expect(
      (await rules(floow)).map((i) => `${i.severity}:${i.rule}:${i.target?.choiceId}`),
    ).toEqual(["warning:no-exact-match:s1c2"]);
    // A colour answer without a filter leaves a gravel shopper with nothing at all.
    floow.steps[1]!.choices.push(
      createChoice({ id: "s2c3", stepId: "s2", text: "<p>Any colour</p>" }),
    );
    expect(
      (await rules(floow)).map((i) => `${i.severity}:${i.rule}:${i.target?.choiceId}`),
    ).toEqual(["error:dead-end:s1c2"]);
  });

  it("a path with fewer than 3 products is a warning", async () => {
    // Road+Red: 2, Road+Blue: 1, City+Red: 2 products.
    expect(
      (await checkFeedPaths(createResultsIndex(BIKES), twoQuestions()))
        .filter((i) => i.rule === "few-products")
        .map((i) => [i.severity, i.message]),
    ).toEqual([
      [
        "warning",
        'Answering "Road" for Step "Which bike?", then "Red" for Step "Colour?" leaves only 2 products.',
      ],
      [
        "warning",
        'Answering "Road" for Step "Which bike?", then "Blue" for Step "Colour?" leaves only 1 product.',
      ],
      [
        "warning",
        'Answering "City" for Step "Which bike?", then "Red" for Step "Colour?" leaves only 2 products.',
      ],
    ]);
  });

  it("counts reachable products without an image or a link, with a few names; unreachable ones are not counted", async () => {
    const floow = floowOf([
      {
        text: "Which bike?",
        choices: [
          ["Road", ["type", "road"]],
          ["City", ["type", "city"]],
        ],
      },
    ]);
    const items = await checkFeedPaths(createResultsIndex(BIKES), floow);
    expect(items.filter((i) => i.rule.startsWith("product-missing"))).toEqual([
      {
        severity: "warning",
        rule: "product-missing-image",
        message:
          '2 products shoppers can reach have no image ("Commute", "Cargo"): their cards show none. Check the feed or the finish page\'s image attribute (image_link).',
        target: { page: "finish" },
      },
      {
        severity: "warning",
        rule: "product-missing-link",
        message:
          '1 product shoppers can reach has no link ("Cargo"): their button leads nowhere. Check the feed.',
        target: { page: "finish" },
      },
    ]);
  });

  it("in slices (the server's check) gives the same items, with other work run between slices", async () => {
    const floow = twoQuestions();
    const index = createResultsIndex(BIKES);
    let pauses = 0;
    const items = await checkFeedPaths(index, floow, {
      sliceMs: 0,
      pause: async () => {
        pauses++;
      },
    });
    expect(items).toEqual(await checkFeedPaths(index, floow));
    expect(items.length).toBeGreaterThan(0);
    expect(pauses).toBeGreaterThan(0);
  });

  it("a clean floow gives nothing; a finish page without products checks no paths", async () => {
    const floow = floowOf([
      {
        text: "Which bike?",
        choices: [
          ["Road", ["type", "road"]],
          ["Any", null],
        ],
      },
    ]);
    expect(await checkFeedPaths(createResultsIndex(BIKES.slice(0, 3)), floow)).toEqual([]);
    const message = floowOf([{ text: "Which bike?", choices: [["Gravel", ["type", "gravel"]]] }]);
    message.finish.type = "basic";
    expect(await checkFeedPaths(createResultsIndex(BIKES), message)).toEqual([]);
  });

  it("an empty feed is one dead-end error at the settings", async () => {
    expect(await checkFeedPaths(createResultsIndex([]), floowOf([]))).toEqual([
      {
        severity: "error",
        rule: "dead-end",
        message:
          "The product feed has no products, so every shopper ends without one: refresh the feed or choose another.",
        target: { page: "settings" },
      },
    ]);
  });

  it("lists at most five paths per rule and counts the rest", async () => {
    const choices = Array.from({ length: 8 }, (_, i): [string, [string, string]] => [
      `Kind ${i}`,
      ["type", `kind-${i}`],
    ]);
    const items = await checkFeedPaths(
      createResultsIndex(BIKES),
      floowOf([{ text: "Kind?", choices }]),
    );
    expect(
      items
        .filter((i) => i.rule === "dead-end")
        .map((i) => i.message)
        .slice(5),
    ).toEqual(["3 more paths leave no product."]);
    expect(items.filter((i) => i.rule === "dead-end")).toHaveLength(6);
  });

  it("a path whose products are all out of stock is a warning", async () => {
    const feed = BIKES.map((b) => ({
      ...b,
      availability: b.type === "city" ? "out of stock" : "in stock",
    }));
    const items = await checkFeedPaths(
      createResultsIndex(feed),
      floowOf([
        {
          text: "Which bike?",
          choices: [
            ["Road", ["type", "road"]],
            ["City", ["type", "city"]],
          ],
        },
      ]),
    );
    expect(items.filter((i) => i.rule === "none-in-stock")).toEqual([
      {
        severity: "warning",
        rule: "none-in-stock",
        message:
          'Answering "City" for Step "Which bike?" leaves only products that are out of stock.',
        target: { page: "step", stepId: "s1", choiceId: "s1c2" },
      },
    ]);
  });
});
