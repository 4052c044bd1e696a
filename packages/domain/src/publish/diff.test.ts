import { describe, expect, it } from "vitest";
import {
  createChoice,
  createCondition,
  createFilter,
  createFilterGroup,
  createFloow,
  createStep,
  createTrigger,
} from "../floow/factories";
import type { Floow } from "../floow/types";
import { diffFloows } from "./diff";

function liveFloow(): Floow {
  const s1 = createStep({ id: "s1", text: "<p>Which <b>bike</b>?</p>" });
  s1.choices = [
    createChoice({ id: "c1", stepId: "s1", text: "<p>Road</p>" }),
    createChoice({ id: "c2", stepId: "s1", text: "<p>City</p>" }),
  ];
  const s2 = createStep({ id: "s2", text: "<p>Budget?</p>" });
  s2.choices = [createChoice({ id: "c3", stepId: "s2", text: "<p>Low</p>" })];
  const s3 = createStep({ id: "s3", text: "<p>Colour?</p>" });
  s3.choices = [createChoice({ id: "c4", stepId: "s3", text: "<p>Red</p>" })];
  const group = createFilterGroup({ id: "g1", choiceId: "c1" });
  return createFloow("selling", {
    feedId: "f1",
    steps: [s1, s2, s3],
    filterGroups: [group],
    filters: [
      createFilter({
        id: "f1",
        filterGroupId: "g1",
        field: "type",
        operator: "equals",
        value: "road",
      }),
    ],
    triggers: [createTrigger({ id: "t1", route: "/bikes", value: "finder" })],
  });
}

const texts = (live: Floow | null, draft: Floow) => diffFloows(live, draft).map((c) => c.text);

describe("diffFloows: what publishing changes, as sentences", () => {
  it("says everything is new on the first publish", () => {
    expect(diffFloows(null, liveFloow())).toEqual([
      {
        area: "settings",
        kind: "added",
        text: "First publish: everything is new (3 steps, 4 choices, 1 trigger).",
      },
    ]);
  });

  it("lists nothing when the draft is the live version, whatever the order of object keys", () => {
    const live = liveFloow();
    const draft = JSON.parse(JSON.stringify(live)) as Floow;
    draft.container = {
      padding: live.container.padding,
      radius: live.container.radius,
      type: live.container.type,
    };
    expect(diffFloows(live, draft)).toEqual([]);
  });

  it("names steps and choices by their text: added, removed, moved, changed", () => {
    const live = liveFloow();
    const draft = structuredClone(live);
    draft.steps[0]!.text = "<p>Which bike suits you best on your daily ride to work?</p>";
    draft.steps[0]!.type = "multiple";
    draft.steps[0]!.choices[1]!.text = "<p>Town</p>";
    draft.steps[0]!.choices.push(createChoice({ id: "c5", stepId: "s1", text: "<p>Gravel</p>" }));
    draft.steps[1]!.choices = [];
    draft.steps = [draft.steps[0]!, draft.steps[2]!]; // "Budget?" removed
    const s4 = createStep({ id: "s4", text: "<p>Size?</p>" });
    s4.choices = [createChoice({ id: "c6", stepId: "s4", text: "S" })];
    draft.steps.unshift(s4);
    draft.steps[1]!.desktop.columns = 2;
    expect(diffFloows(live, draft)).toEqual([
      { area: "steps", kind: "removed", text: 'Step "Budget?" removed' },
      {
        area: "steps",
        kind: "added",
        text: 'Step "Size?" added with 1 choice',
        target: { page: "step", stepId: "s4" },
      },
      {
        area: "steps",
        kind: "changed",
        text: 'Step "Which bike suits you best on your daily…": question text changed (was "Which bike?")',
        target: { page: "step", stepId: "s1" },
      },
      {
        area: "steps",
        kind: "changed",
        text: 'Step "Which bike suits you best on your daily…": type changed from single choice to multiple choice',
        target: { page: "step", stepId: "s1" },
      },
      {
        area: "style",
        kind: "changed",
        text: 'Step "Which bike suits you best on your daily…": style changed (desktop)',
        target: { page: "step", stepId: "s1" },
      },
      {
        area: "choices",
        kind: "changed",
        text: 'Step "Which bike suits you best on your daily…": choice "Town" renamed (was "City")',
        target: { page: "step", stepId: "s1", choiceId: "c2" },
      },
      {
        area: "choices",
        kind: "added",
        text: 'Step "Which bike suits you best on your daily…": choice "Gravel" added',
        target: { page: "step", stepId: "s1", choiceId: "c5" },
      },
    ]);
  });

  it("lists reordered steps, conditions and filters", () => {
    const live = liveFloow();
    const draft = structuredClone(live);
    draft.steps = [draft.steps[0]!, draft.steps[2]!, draft.steps[1]!];
    draft.steps[0]!.conditions = [
      createCondition({ id: "k1", stepId: "s1", conditionChoiceId: "c2", consequenceStepId: "s3" }),
    ];
    draft.filters[0]!.value = "gravel";
    draft.filterGroups.push(createFilterGroup({ id: "g2", choiceId: "c2" }));
    draft.filters.push(
      createFilter({
        id: "f2",
        filterGroupId: "g2",
        field: "price",
        operator: "lessThan",
        value: "800",
      }),
    );
    expect(texts(live, draft)).toEqual([
      'Step "Colour?" moved to position 2',
      'Step "Budget?" moved to position 3',
      'Step "Which bike?": condition added: If "City" is selected, go to Step "Colour?"',
      'Step "Which bike?": choice "Road": product filters changed, now: type equals "gravel"',
      'Step "Which bike?": choice "City": product filters added: price less than "800"',
    ]);
    expect(diffFloows(live, draft).map((c) => c.area)).toEqual([
      "steps",
      "steps",
      "conditions",
      "filters",
      "filters",
    ]);
  });

  it("lists settings, start page, texts, style, triggers and finish page", () => {
    const live = liveFloow();
    const draft = structuredClone(live);
    draft.name = "Bike finder";
    draft.showBackButton = false;
    draft.feedId = "f2";
    draft.start.text = "<p>Hello</p>";
    draft.start.image = "https://cdn.example/start.png";
    draft.buttons.back.text = "Terug";
    draft.buttons.next.variant = "outline";
    draft.container.type = "embedded";
    draft.progress.type = "steps";
    draft.triggers = [
      createTrigger({
        id: "t2",
        route: "/",
        routeType: "strict",
        attribute: "class",
        value: "hero",
        target: "after",
      }),
    ];
    draft.finish.text = "<p>Here you go</p>";
    draft.finish.results.showMore.text = "More";
    draft.finish.results.desktop.columns = 4;
    draft.finish.results.partial = "placeholder";
    expect(diffFloows(live, draft)).toEqual([
      {
        area: "settings",
        kind: "changed",
        text: 'Name changed from "New Floow" to "Bike finder"',
        target: { page: "settings" },
      },
      {
        area: "settings",
        kind: "changed",
        text: "Product feed changed",
        target: { page: "settings" },
      },
      {
        area: "settings",
        kind: "changed",
        text: 'Setting "Back button" turned off',
        target: { page: "settings" },
      },
      {
        area: "start",
        kind: "changed",
        text: "Start page: text changed",
        target: { page: "start" },
      },
      { area: "start", kind: "added", text: "Start page: image added", target: { page: "start" } },
      {
        area: "texts",
        kind: "changed",
        text: 'Back button text changed from "Back" to "Terug"',
        target: { page: "settings" },
      },
      {
        area: "texts",
        kind: "changed",
        text: 'Results: Show more text changed from "Show more" to "More"',
        target: { page: "finish" },
      },
      {
        area: "style",
        kind: "changed",
        text: 'Container type changed from "dialog" to "embedded"',
        target: { page: "settings" },
      },
      {
        area: "style",
        kind: "changed",
        text: 'Progress type changed from "linear" to "steps"',
        target: { page: "settings" },
      },
      {
        area: "style",
        kind: "changed",
        text: "Next button: variant changed",
        target: { page: "settings" },
      },
      {
        area: "triggers",
        kind: "removed",
        text: 'Trigger removed: pages starting with "/bikes", inside #finder',
        target: { page: "triggers" },
      },
      {
        area: "triggers",
        kind: "added",
        text: 'Trigger added: page "/", after .hero',
        target: { page: "triggers" },
      },
      {
        area: "finish",
        kind: "changed",
        text: "Finish page: text changed",
        target: { page: "finish" },
      },
      {
        area: "finish",
        kind: "changed",
        text: "Finish page: results desktop layout changed",
        target: { page: "finish" },
      },
      {
        area: "finish",
        kind: "changed",
        text: "Finish page: results when no product matches every answer changed",
        target: { page: "finish" },
      },
    ]);
  });
});
