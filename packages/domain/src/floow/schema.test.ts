import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { issuesOf } from "../test/issues";
import { aiPromptSchema, aiRequestSchema } from "./ai-schema";
import {
  createChoice,
  createCondition,
  createFloow,
  createFormInput,
  createStep,
  createTrigger,
} from "./factories";
import {
  aiResponseSchema,
  choiceSchema,
  conditionSchema,
  createFloowFeedStepSchema,
  createFloowSchema,
  duplicateFloowSchema,
  floowInputSchema,
  floowSchema,
  resultsRequestSchema,
  stepSchema,
} from "./schema";
import { newFloowSchema } from "./spec-entities";
import type { Choice, Condition, Floow, NewFloowForm, Step } from "./types";

describe("the schemas produce exactly the dependency-free types", () => {
  it("type-checks (tsc runs over this file)", () => {
    expectTypeOf<z.output<typeof floowSchema>>().toEqualTypeOf<Floow>();
    expectTypeOf<z.output<typeof stepSchema>>().toEqualTypeOf<Step>();
    expectTypeOf<z.output<typeof choiceSchema>>().toEqualTypeOf<Choice>();
    expectTypeOf<z.output<typeof conditionSchema>>().toEqualTypeOf<Condition>();
    expectTypeOf<z.output<typeof newFloowSchema>>().toEqualTypeOf<NewFloowForm>();
  });
});

describe("floowSchema", () => {
  it("fills a minimal stored floow with exactly the factory's defaults", () => {
    const made = createFloow("selling", { domainId: "d1", name: "Shoes" });
    const parsed = floowSchema.parse({
      id: made.id,
      domainId: "d1",
      type: "selling",
      name: "Shoes",
      createdAt: made.createdAt,
      updatedAt: made.updatedAt,
    });
    // A stored floow without start text keeps it empty; only new floows get the default text.
    expect(parsed).toEqual({ ...made, start: { ...made.start, text: "" } });
  });

  it("round-trips a factory floow with steps, choices, conditions, inputs and triggers", () => {
    const floow = createFloow("selling", { domainId: "d1" });
    const step = createStep({ floowId: floow.id });
    const choice = createChoice({ stepId: step.id });
    step.choices.push(choice);
    step.formInputs.push(createFormInput({ type: "multiselect", options: ["a"] }));
    step.conditions.push(createCondition({ stepId: step.id, conditionChoiceId: choice.id }));
    floow.steps.push(step);
    floow.triggers.push(createTrigger({ route: "/shop", value: "floow" }));
    expect(floowSchema.parse(floow)).toEqual(floow);
  });

  it("fills partial nested configuration", () => {
    const parsed = floowSchema.parse({
      id: "f",
      domainId: "d",
      type: "data",
      container: { type: "embedded" },
      buttons: { back: { text: "Terug" } },
      steps: [{ id: "s", choices: [{ id: "c", event: { activation: { key: "MixedCase" } } }] }],
      filters: [{ id: "x", filterGroupId: "g", value: 12 }],
    });
    expect(parsed.container).toEqual({ type: "embedded", radius: "md", padding: "md" });
    expect(parsed.buttons.back).toEqual({
      text: "Terug",
      variant: "solid",
      colorId: null,
      icon: "none",
      iconPosition: "left",
    });
    expect(parsed.buttons.next.text).toBe("Next");
    expect(parsed.steps[0]?.text).toBe("[ Title / Question ]");
    expect(parsed.steps[0]?.choices[0]?.event.activation.key).toBe("mixedcase");
    expect(parsed.filters[0]).toEqual({
      id: "x",
      filterGroupId: "g",
      field: "",
      operator: "equals",
      value: "12",
    });
  });

  it("fills a step, a choice and a condition like their factories", () => {
    const step = createStep({ id: "s" });
    expect(stepSchema.parse({ id: "s" })).toEqual(step);
    expect(choiceSchema.parse({ id: "c" })).toEqual(createChoice({ id: "c" }));
    expect(conditionSchema.parse({ id: "k", stepId: "s" })).toEqual(
      createCondition({ id: "k", stepId: "s" }),
    );
  });

  it("rejects unknown enum values", () => {
    expect(floowSchema.safeParse({ id: "f", domainId: "d", type: "quiz" }).success).toBe(false);
    expect(
      floowSchema.safeParse({ id: "f", domainId: "d", type: "data", language: "es" }).success,
    ).toBe(false);
    expect(
      floowSchema.safeParse({ id: "f", domainId: "d", type: "data", container: { radius: "huge" } })
        .success,
    ).toBe(false);
  });

  it("the input schema leaves server-owned fields out", () => {
    const keys = Object.keys(floowInputSchema.shape);
    for (const key of ["organizationId", "userId", "createdAt", "updatedAt"])
      expect(keys).not.toContain(key);
    expect(keys).toContain("status");
  });
});

describe("Create Floow", () => {
  it.each([
    [
      {},
      {
        domainId: "Please select a domain.",
        type: "Please select a floow type.",
        name: "Please enter a floow name.",
      },
    ],
    [
      { domainId: "", type: "", name: " " },
      {
        domainId: "Please select a domain.",
        type: "Please select a floow type.",
        name: "Please enter a floow name.",
      },
    ],
    [{ domainId: "d", type: "quiz", name: "x" }, { type: "Please select a floow type." }],
    [{ domainId: "d", type: "selling", name: "Shoes" }, {}],
    [{ domainId: "d", type: "data", name: "Leads", language: "nl" }, {}],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(createFloowSchema, input)).toEqual(expected);
  });

  it("language is optional but must be a known one", () => {
    expect(
      issuesOf(createFloowSchema, { domainId: "d", type: "data", name: "x", language: "es" }),
    ).toHaveProperty("language");
  });

  it.each([
    [{}, { feedId: "Please select a feed." }],
    [{ feedId: "" }, { feedId: "Please select a feed." }],
    [{ feedId: "feed-1" }, {}],
  ])("feed step %j -> %j", (input, expected) => {
    expect(issuesOf(createFloowFeedStepSchema, input)).toEqual(expected);
  });

  it("the form state starts as type selling", () => {
    expect(newFloowSchema.parse({})).toEqual({
      domainId: null,
      type: "selling",
      language: null,
      name: "",
      feedId: null,
    });
  });
});

describe("AI prompt", () => {
  it.each([
    [{}, { prompt: "Please enter a prompt." }],
    [{ prompt: "   " }, { prompt: "Please enter a prompt." }],
    [{ prompt: "x".repeat(1001) }, { prompt: "The prompt can be at most 1000 characters." }],
    [{ prompt: "x".repeat(1000) }, {}],
    [{ prompt: "Questions for running shoes" }, {}],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(aiPromptSchema, input)).toEqual(expected);
  });

  it("the AI call's payload and answer", () => {
    expect(aiRequestSchema.parse({ id: "f", content: "shoes" })).toEqual({
      id: "f",
      name: "",
      content: "shoes",
    });
    expect(
      aiResponseSchema.parse({
        analysis: { questions: [{ title: "Q", choices: [{ title: "A" }] }] },
      }),
    ).toEqual({
      analysis: { questions: [{ title: "Q", key: "", choices: [{ title: "A", key: "" }] }] },
    });
  });
});

describe("floow calls", () => {
  it("duplicate and results", () => {
    expect(duplicateFloowSchema.parse({ id: "f" })).toEqual({ id: "f" });
    expect(duplicateFloowSchema.parse({ id: "f", domainId: "d2" })).toEqual({
      id: "f",
      domainId: "d2",
    });
    expect(resultsRequestSchema.parse({ floowId: "f" })).toEqual({ floowId: "f", choiceIds: [] });
    expect(
      resultsRequestSchema.safeParse({ floowId: "f", choiceIds: Array(501).fill("c") }).success,
    ).toBe(false);
  });
});
