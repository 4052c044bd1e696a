import { describe, expect, it } from "vitest";
import { ID_PATTERN } from "../shared/ids";
import {
  applyFloowInvariants,
  applyFloowRules,
  createChoice,
  createCondition,
  createFilter,
  createFilterGroup,
  createFloow,
  createFormInput,
  createStep,
  createTrigger,
  duplicateFloow,
  duplicateStep,
  stepsFromAiQuestions,
} from "./factories";
import type { Floow } from "./types";

describe("createFloow", () => {
  it("a new floow's start page has a title and a text in its type and language", () => {
    expect(createFloow("data", { language: "nl" }).start.text).toBe(
      "<h2>Vertel ons over jezelf</h2><p>Een paar korte vragen, zodat we je beter kunnen helpen. Het duurt ongeveer een minuut.</p>",
    );
  });

  it("a selling floow has the spec's defaults", () => {
    const floow = createFloow("selling", { domainId: "d1", organizationId: "o1" });
    expect(floow.id).toMatch(ID_PATTERN);
    expect(floow.createdAt).toBe(floow.updatedAt);
    expect(floow).toMatchObject({
      domainId: "d1",
      organizationId: "o1",
      feedId: null,
      userId: null,
      type: "selling",
      status: "development",
      language: "en",
      name: "New Floow",
      closeOnClickOutside: false,
      skipTrigger: false,
      showBackButton: true,
      showNextButton: false,
      showRestartButton: true,
      container: { type: "dialog", radius: "md", padding: "md" },
      progress: { type: "linear", direction: "row", colorId: null },
      steps: [],
      filters: [],
      filterGroups: [],
      triggers: [],
    });
    expect(floow.buttons).toEqual({
      size: "md",
      radius: "md",
      animation: "none",
      back: { text: "Back", variant: "solid", colorId: null, icon: "none", iconPosition: "left" },
      next: { text: "Next", variant: "solid", colorId: null, icon: "none", iconPosition: "right" },
      restart: {
        text: "Restart",
        variant: "solid",
        colorId: null,
        icon: "none",
        iconPosition: "right",
      },
    });
    expect(floow.start).toEqual({
      type: "basic",
      text: "<h2>Find the right product</h2><p>Answer a few short questions and we will show you the products that fit you best.</p>",
      image: null,
      button: { text: "Start" },
      mobile: { width: 90, align: "center" },
      desktop: { width: 50, align: "center" },
    });
    const layout = {
      width: 100,
      gap: "md",
      type: "card",
      imagePosition: "cover",
      radius: "md",
      padding: "md",
      shadow: true,
    };
    expect(floow.finish).toEqual({
      type: "results",
      text: "",
      image: null,
      results: {
        imageAttribute: "image_link",
        labelAttribute: "title",
        attributes: [],
        button: { text: "View" },
        mobile: { ...layout, columns: 1, inView: 1 },
        desktop: { ...layout, columns: 3, inView: 3 },
        showMore: { text: "Show more" },
        placeholder: { type: "basic", text: "No results found" },
        partial: "ranked",
        link: { target: "self", utm: false },
      },
    });
  });

  it("defaults to a selling floow", () => {
    expect(createFloow().type).toBe("selling");
  });

  it("a data floow forces skipTrigger, no back button, embedded container and no progress", () => {
    const floow = createFloow("data", {
      skipTrigger: false,
      showBackButton: true,
      feedId: "feed",
      container: { type: "dialog", radius: "lg", padding: "sm" },
    });
    expect(floow).toMatchObject({
      type: "data",
      skipTrigger: true,
      showBackButton: false,
      feedId: null,
      container: { type: "embedded", radius: "lg", padding: "sm" },
      progress: { type: "none" },
      finish: { type: "basic" },
    });
  });

  it.each([
    ["", "New Floow"],
    ["   ", "New Floow"],
    ["Shoe finder", "Shoe finder"],
  ])("name %j becomes %j", (name, expected) => {
    expect(createFloow("selling", { name }).name).toBe(expected);
    expect(createFloow("data", { name }).name).toBe(expected);
  });

  it("overrides cannot change the type", () => {
    expect(createFloow("data", { type: "selling" } as Partial<Floow>).type).toBe("data");
  });

  it("applyFloowInvariants keeps a data floow's settings, but no feed and a basic finish", () => {
    const floow = { ...createFloow("data"), skipTrigger: false, showBackButton: true, feedId: "f" };
    const checked = applyFloowInvariants({
      ...floow,
      name: " ",
      finish: { ...floow.finish, type: "results" as const },
    });
    expect(checked).toMatchObject({
      name: "New Floow",
      skipTrigger: false,
      showBackButton: true,
      feedId: null,
      finish: { type: "basic" },
    });
    expect(applyFloowRules(checked)).toMatchObject({ skipTrigger: true, showBackButton: false });
  });

  it("applyFloowRules keeps other fields", () => {
    const floow = createFloow("selling", { name: "X" });
    expect(applyFloowRules(floow)).toEqual(floow);
  });

  it("fresh objects every time", () => {
    const a = createFloow();
    const b = createFloow();
    a.buttons.back.text = "changed";
    expect(b.buttons.back.text).toBe("Back");
    expect(a.id).not.toBe(b.id);
  });
});

describe("createStep and its parts", () => {
  it("a new step", () => {
    const step = createStep({ floowId: "f" });
    const style = {
      colorId: null,
      type: "basic",
      width: 100,
      columns: 1,
      gap: "md",
      variant: "solid",
      direction: "column",
      imagePosition: "cover",
      radius: "md",
      padding: "md",
      shadow: true,
    };
    expect(step).toEqual({
      id: step.id,
      floowId: "f",
      type: "single",
      text: "[ Title / Question ]",
      image: null,
      event: { dataLayer: { key: "", type: "single" }, activation: { key: "", type: "single" } },
      mobile: style,
      desktop: style,
      choices: [],
      formInputs: [],
      conditions: [],
    });
    expect(step.mobile).not.toBe(step.desktop);
  });

  it("a new choice", () => {
    const choice = createChoice({ stepId: "s" });
    expect(choice).toEqual({
      id: choice.id,
      stepId: "s",
      text: "",
      image: null,
      event: { dataLayer: { key: "", customEvent: "" }, activation: { key: "", type: "single" } },
    });
  });

  it("a new condition points at the next step", () => {
    const steps = [{ id: "a" }, { id: "b" }];
    expect(createCondition({ stepId: "a" }, steps)).toMatchObject({
      stepId: "a",
      condition: "selected",
      conditionChoiceId: null,
      consequence: "goToStep",
      consequenceStepId: "b",
      consequenceChoiceIds: [],
    });
    expect(createCondition({ stepId: "b" }, steps).consequenceStepId).toBeNull();
    expect(createCondition({ stepId: "a", consequenceStepId: "z" }, steps).consequenceStepId).toBe(
      "z",
    );
  });

  it("a new filter group and filter", () => {
    const group = createFilterGroup({ choiceId: "c" });
    expect(group).toEqual({ id: group.id, choiceId: "c", parentId: null, operator: "and" });
    const filter = createFilter({ filterGroupId: group.id });
    expect(filter).toEqual({
      id: filter.id,
      filterGroupId: group.id,
      field: "",
      operator: "equals",
      value: "",
    });
  });

  it.each([
    ["text", ""],
    ["multiselect", []],
    ["checkbox", false],
    ["dropdown", ""],
  ] as const)("a new %s input starts empty", (type, value) => {
    const input = createFormInput({ type });
    expect(input).toEqual({ id: input.id, type, label: "", value, required: false, options: [] });
  });

  it("a new form input is text by default", () => {
    expect(createFormInput().type).toBe("text");
  });

  it("a new trigger: startsWith, id, inside", () => {
    const trigger = createTrigger();
    expect(trigger).toEqual({
      id: trigger.id,
      route: "",
      routeType: "startsWith",
      attribute: "id",
      value: "",
      target: "inside",
    });
    expect(createTrigger({ route: "/a", target: "after" })).toMatchObject({
      route: "/a",
      target: "after",
      routeType: "startsWith",
    });
  });

  it("ids are generated, unique, and kept when given", () => {
    const ids = new Set([
      createStep().id,
      createChoice().id,
      createCondition({ stepId: "s" }).id,
      createFilterGroup().id,
      createFilter({ filterGroupId: "g" }).id,
      createFormInput().id,
      createTrigger().id,
    ]);
    expect(ids.size).toBe(7);
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    expect(createStep({ id: "mine" }).id).toBe("mine");
  });
});

describe("AI questions become steps", () => {
  it("each question becomes a step with its choices", () => {
    const steps = stepsFromAiQuestions(
      [
        {
          title: "Which <terrain>?",
          key: "Terrain",
          choices: [
            { title: "Road & path", key: "Road" },
            { title: "Trail", key: "trail" },
          ],
        },
      ],
      "f1",
    );
    expect(steps).toHaveLength(1);
    const step = steps[0]!;
    expect(step).toMatchObject({ floowId: "f1", text: "<p>Which &lt;terrain&gt;?</p>" });
    expect(step.event.dataLayer.key).toBe("Terrain");
    expect(step.event.activation.key).toBe("terrain");
    expect(
      step.choices.map((c) => [c.stepId, c.text, c.event.dataLayer.key, c.event.activation.key]),
    ).toEqual([
      [step.id, "<p>Road &amp; path</p>", "Road", "road"],
      [step.id, "<p>Trail</p>", "trail", "trail"],
    ]);
  });
});

describe("duplicating", () => {
  const build = () => {
    const floow = createFloow("selling", { domainId: "d1", name: "Shoes", status: "live" });
    const s1 = createStep({ floowId: floow.id });
    const s2 = createStep({ floowId: floow.id });
    const a = createChoice({ stepId: s1.id });
    const b = createChoice({ stepId: s2.id });
    s1.choices.push(a);
    s2.choices.push(b);
    s1.formInputs.push(createFormInput());
    s1.conditions.push(
      createCondition({
        stepId: s1.id,
        conditionChoiceId: a.id,
        consequenceStepId: s2.id,
        consequence: "showChoices",
        consequenceChoiceIds: [b.id, "foreign"],
      }),
    );
    s1.conditions.push(
      createCondition({ stepId: s1.id, conditionChoiceId: null, consequenceStepId: null }),
    );
    const root = createFilterGroup({ choiceId: a.id });
    const child = createFilterGroup({ parentId: root.id });
    floow.filterGroups.push(root, child);
    floow.filters.push(createFilter({ filterGroupId: child.id, field: "brand", value: "nike" }));
    floow.filters.push(createFilter({ filterGroupId: "orphan", field: "x" }));
    floow.triggers.push(createTrigger({ route: "/shop", value: "f" }));
    floow.steps.push(s1, s2);
    return floow;
  };

  it("copies a floow with new ids and remapped references", () => {
    const floow = build();
    const copy = duplicateFloow(floow, { now: new Date("2025-01-01T00:00:00Z") });
    expect(copy.id).not.toBe(floow.id);
    expect(copy).toMatchObject({
      name: "Shoes (copy)",
      status: "development",
      domainId: "d1",
      createdAt: "2025-01-01T00:00:00.000Z",
    });
    const [c1, c2] = copy.steps;
    expect(c1!.id).not.toBe(floow.steps[0]!.id);
    expect(c1!.floowId).toBe(copy.id);
    expect(c1!.choices[0]!.stepId).toBe(c1!.id);
    expect(c1!.formInputs[0]!.id).not.toBe(floow.steps[0]!.formInputs[0]!.id);
    const condition = c1!.conditions[0]!;
    expect(condition).toMatchObject({
      stepId: c1!.id,
      conditionChoiceId: c1!.choices[0]!.id,
      consequenceStepId: c2!.id,
      consequenceChoiceIds: [c2!.choices[0]!.id, "foreign"],
    });
    expect(c1!.conditions[1]).toMatchObject({ conditionChoiceId: null, consequenceStepId: null });
    const [root, child] = copy.filterGroups;
    expect(root!.choiceId).toBe(c1!.choices[0]!.id);
    expect(child!.parentId).toBe(root!.id);
    expect(copy.filters[0]!.filterGroupId).toBe(child!.id);
    expect(copy.filters[1]!.filterGroupId).toBe("orphan");
    expect(copy.triggers).toHaveLength(1);
    expect(copy.triggers[0]!.id).not.toBe(floow.triggers[0]!.id);
    // The original is untouched.
    expect(floow.steps[0]!.conditions[0]!.stepId).toBe(floow.steps[0]!.id);
  });

  it("to another domain: without triggers", () => {
    const copy = duplicateFloow(build(), { domainId: "d2" });
    expect(copy.domainId).toBe("d2");
    expect(copy.triggers).toEqual([]);
    expect(duplicateFloow(build(), { domainId: "d1" }).triggers).toHaveLength(1);
  });

  it("duplicateStep copies a step with new ids", () => {
    const step = build().steps[0]!;
    const copy = duplicateStep(step);
    expect(copy.id).not.toBe(step.id);
    expect(copy.choices[0]!.id).not.toBe(step.choices[0]!.id);
    expect(copy.choices[0]!.stepId).toBe(copy.id);
    expect(copy.conditions[0]!.conditionChoiceId).toBe(copy.choices[0]!.id);
    expect(copy.conditions[1]!.conditionChoiceId).toBeNull();
    expect(copy.formInputs[0]!.id).not.toBe(step.formInputs[0]!.id);
    expect(copy.text).toBe(step.text);
  });

  it("duplicateStep keeps a condition on a choice of another step", () => {
    const step = createStep();
    step.conditions.push(createCondition({ stepId: step.id, conditionChoiceId: "elsewhere" }));
    expect(duplicateStep(step).conditions[0]!.conditionChoiceId).toBe("elsewhere");
  });
});
