import { createChoice, createCondition, createFloow, createStep } from "@floow/domain/floow";
import { describe, expect, it } from "vitest";
import { buildGraph } from "./flow-graph";

function floowWithCondition() {
  const floow = createFloow("selling", { id: "f1", domainId: "d1" });
  const s1 = createStep({ id: "s1", text: "<p>Where do you run?</p>" });
  s1.choices = [
    createChoice({ id: "road", stepId: "s1", text: "<p>Road</p>" }),
    createChoice({ id: "trail", stepId: "s1", text: "<p><strong>Trail</strong></p>" }),
  ];
  const s2 = createStep({ id: "s2" });
  const s3 = createStep({ id: "s3" });
  s1.conditions = [
    createCondition({
      id: "k1",
      stepId: "s1",
      conditionChoiceId: "trail",
      consequenceStepId: "s3",
    }),
    createCondition({ id: "k2", stepId: "s1", condition: "always", consequence: "goToFinish" }),
    // Pointing at a deleted step: no edge.
    createCondition({
      id: "k3",
      stepId: "s1",
      conditionChoiceId: "road",
      consequenceStepId: "gone",
    }),
  ];
  floow.steps = [s1, s2, s3];
  return floow;
}

const options = {
  selectedStepId: "s2",
  finishOpen: false,
  startOpen: false,
  view: "conditions" as const,
};

describe("the flow graph", () => {
  it("has start, the steps in order and finish", () => {
    const { nodes } = buildGraph(floowWithCondition(), options);
    expect(nodes.map((n) => n.id)).toEqual(["start", "s1", "s2", "s3", "finish"]);
    // One column, top to bottom.
    const ys = nodes.map((n) => n.position.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(nodes.find((n) => n.id === "s2")?.data).toMatchObject({ selected: true, index: 1 });
  });

  it("links each step to the next, and each condition from its choice with a label", () => {
    const { edges } = buildGraph(floowWithCondition(), options);
    const path = edges
      .filter((e) => e.id.startsWith("next-"))
      .map((e) => `${e.source}>${e.target}`);
    expect(path).toEqual(["start>s1", "s1>s2", "s2>s3", "s3>finish"]);
    const conditions = edges.filter((e) => e.id.startsWith("condition-"));
    expect(conditions.map((e) => [e.source, e.target, e.sourceHandle, e.label])).toEqual([
      ["s1", "s3", "choice-trail", "If “Trail”"],
      ["s1", "finish", "side", "Always"],
    ]);
  });
});
