import {
  createChoice,
  createCondition,
  createFilter,
  createFilterGroup,
  createFloow,
  createStep,
  createTrigger,
  DEFAULT_STEP_TEXT,
  defaultStepStyle,
} from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { describe, expect, it } from "vitest";
import {
  createEditorModel,
  editorReducer,
  isTriggerIndex,
  moveItem,
  removeChoice,
} from "./editor-state";
import type { EditorAction, EditorModel } from "./editor-state";

function floowWith(count: number): Floow {
  const floow = createFloow("selling", { id: "f1", domainId: "d1" });
  floow.steps = Array.from({ length: count }, (_, i) =>
    createStep({ id: `s${i + 1}`, floowId: "f1" }),
  );
  return floow;
}

function run(model: EditorModel, ...actions: EditorAction[]): EditorModel {
  return actions.reduce(editorReducer, model);
}

const ids = (model: EditorModel) => model.floow.steps.map((s) => s.id);

describe("initial state", () => {
  it("uses the spec's editor defaults", () => {
    const model = createEditorModel(floowWith(2));
    expect(model.ui).toEqual({
      phase: "floow",
      state: "flow",
      device: "mobile",
      scale: 100,
      flowView: "filters",
      settingsCategory: "General",
    });
    expect(model.selection).toEqual({ stepId: "s1", finishOpen: false, triggerOpen: false });
  });
});

describe("adding steps", () => {
  it("adds a default step after the selected one and selects it", () => {
    const model = run(
      createEditorModel(floowWith(3)),
      { type: "select/step", stepId: "s1" },
      { type: "step/add" },
    );
    const added = model.floow.steps[1];
    expect(ids(model)).toHaveLength(4);
    expect(added?.text).toBe(DEFAULT_STEP_TEXT);
    expect(added?.floowId).toBe("f1");
    expect(model.selection.stepId).toBe(added?.id);
  });

  it("appends when nothing is selected, so three adds keep their order", () => {
    const model = run(
      createEditorModel(floowWith(0)),
      { type: "step/add", step: createStep({ id: "a" }) },
      { type: "step/add", step: createStep({ id: "b" }) },
      { type: "step/add", step: createStep({ id: "c" }) },
    );
    expect(ids(model)).toEqual(["a", "b", "c"]);
    expect(model.selection.stepId).toBe("c");
  });

  it("closes the finish and trigger panels when the new step is selected", () => {
    const model = run(
      createEditorModel(floowWith(1)),
      { type: "select/finish" },
      { type: "step/add" },
    );
    expect(model.selection.finishOpen).toBe(false);
    expect(model.selection.triggerOpen).toBe(false);
  });
});

describe("duplicating steps", () => {
  it("inserts a copy with new ids right after the original and selects it", () => {
    const floow = floowWith(2);
    const s1 = floow.steps[0]!;
    s1.choices = [createChoice({ id: "c1", stepId: "s1", text: "<p>Yes</p>" })];
    s1.conditions = [
      createCondition({ stepId: "s1", conditionChoiceId: "c1", consequenceStepId: "s2" }),
    ];
    const model = run(createEditorModel(floow), { type: "step/duplicate", stepId: "s1" });
    const copy = model.floow.steps[1]!;
    expect(ids(model)).toEqual(["s1", copy.id, "s2"]);
    expect(copy.id).not.toBe("s1");
    expect(copy.choices[0]?.text).toBe("<p>Yes</p>");
    expect(copy.choices[0]?.id).not.toBe("c1");
    expect(copy.conditions[0]?.conditionChoiceId).toBe(copy.choices[0]?.id);
    expect(model.selection.stepId).toBe(copy.id);
  });
});

describe("reordering steps", () => {
  it("moves a step to an index", () => {
    const model = run(createEditorModel(floowWith(3)), {
      type: "step/move",
      stepId: "s3",
      toIndex: 0,
    });
    expect(ids(model)).toEqual(["s3", "s1", "s2"]);
  });

  it("clamps out-of-range targets", () => {
    expect(moveItem([1, 2, 3], 0, 99)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 2, -5)).toEqual([3, 1, 2]);
    expect(moveItem([1, 2, 3], 7, 0)).toEqual([1, 2, 3]);
  });
});

describe("deleting steps", () => {
  it("selects the previous step after deleting the selected one", () => {
    const model = run(
      createEditorModel(floowWith(3)),
      { type: "select/step", stepId: "s2" },
      { type: "step/delete", stepId: "s2" },
    );
    expect(ids(model)).toEqual(["s1", "s3"]);
    expect(model.selection.stepId).toBe("s1");
  });

  it("selects the next step when the first one is deleted", () => {
    const model = run(createEditorModel(floowWith(3)), { type: "step/delete", stepId: "s1" });
    expect(model.selection.stepId).toBe("s2");
  });

  it("keeps the selection when another step is deleted", () => {
    const model = run(
      createEditorModel(floowWith(3)),
      { type: "select/step", stepId: "s3" },
      { type: "step/delete", stepId: "s1" },
    );
    expect(model.selection.stepId).toBe("s3");
  });

  it("selects the trigger page after deleting the last step", () => {
    const model = run(createEditorModel(floowWith(1)), { type: "step/delete", stepId: "s1" });
    expect(model.floow.steps).toEqual([]);
    expect(model.selection).toEqual({ stepId: null, finishOpen: false, triggerOpen: true });
  });

  it("closes the modal of the deleted step", () => {
    const model = run(
      createEditorModel(floowWith(2)),
      { type: "modal/open", stepId: "s2" },
      { type: "step/delete", stepId: "s2" },
    );
    expect(model.editingStepId).toBeNull();
  });

  it("removes conditions that lead to the deleted step or use its choices, and its filters", () => {
    const floow = floowWith(3);
    const [s1, s2] = floow.steps as [Floow["steps"][number], Floow["steps"][number]];
    s2.choices = [createChoice({ id: "c2", stepId: "s2" })];
    s1.conditions = [
      createCondition({ id: "k1", stepId: "s1", consequenceStepId: "s2" }),
      createCondition({ id: "k2", stepId: "s1", consequenceStepId: "s3" }),
    ];
    const group = createFilterGroup({ id: "g1", choiceId: "c2" });
    const nested = createFilterGroup({ id: "g2", parentId: "g1" });
    floow.filterGroups = [group, nested, createFilterGroup({ id: "g3", choiceId: "other" })];
    floow.filters = [
      createFilter({ filterGroupId: "g1" }),
      createFilter({ filterGroupId: "g2" }),
      createFilter({ id: "keep", filterGroupId: "g3" }),
    ];
    const model = run(createEditorModel(floow), { type: "step/delete", stepId: "s2" });
    expect(model.floow.steps[0]?.conditions.map((c) => c.id)).toEqual(["k2"]);
    expect(model.floow.filterGroups.map((g) => g.id)).toEqual(["g3"]);
    expect(model.floow.filters.map((f) => f.id)).toEqual(["keep"]);
  });
});

describe("choices", () => {
  it("removing a choice removes the conditions that test it", () => {
    const floow = floowWith(2);
    const s1 = floow.steps[0]!;
    s1.choices = [
      createChoice({ id: "c1", stepId: "s1" }),
      createChoice({ id: "c2", stepId: "s1" }),
    ];
    s1.conditions = [createCondition({ id: "k1", stepId: "s1", conditionChoiceId: "c1" })];
    const next = removeChoice(floow, "s1", "c1");
    expect(next.steps[0]?.choices.map((c) => c.id)).toEqual(["c2"]);
    expect(next.steps[0]?.conditions).toEqual([]);
  });
});

describe("selection", () => {
  it("selecting a step closes the finish and trigger panels", () => {
    const model = run(
      createEditorModel(floowWith(2)),
      { type: "select/trigger" },
      { type: "select/step", stepId: "s2" },
    );
    expect(model.selection).toEqual({ stepId: "s2", finishOpen: false, triggerOpen: false });
    const finish = run(model, { type: "select/finish" });
    expect(finish.selection).toEqual({ stepId: null, finishOpen: true, triggerOpen: false });
  });
});

describe("triggers", () => {
  it("adds and deletes by index", () => {
    const a = createTrigger({ route: "/a", value: "x" });
    const b = createTrigger({ route: "/b", value: "y" });
    let model = run(
      createEditorModel(floowWith(0)),
      { type: "trigger/add", trigger: a },
      { type: "trigger/add", trigger: b },
    );
    expect(model.floow.triggers).toEqual([a, b]);
    model = run(model, { type: "trigger/delete", index: 0 });
    expect(model.floow.triggers).toEqual([b]);
  });

  it("only accepts numeric, existing indexes", () => {
    expect(isTriggerIndex([1], 0)).toBe(true);
    expect(isTriggerIndex([1], 1)).toBe(false);
    expect(isTriggerIndex([1], "0")).toBe(false);
    expect(isTriggerIndex([1], Number.NaN)).toBe(false);
    expect(isTriggerIndex([1], 0.5)).toBe(false);
  });
});

describe("style", () => {
  const style = {
    ...defaultStepStyle(),
    radius: "xl" as const,
    gap: "lg" as const,
    colorId: "red1",
  };

  it("applies to the current step of one device", () => {
    const model = run(
      createEditorModel(floowWith(2)),
      { type: "select/step", stepId: "s2" },
      { type: "style/apply", scope: "current", device: "mobile", style },
    );
    expect(model.floow.steps[1]?.mobile).toEqual(style);
    expect(model.floow.steps[1]?.desktop).toEqual(defaultStepStyle());
    expect(model.floow.steps[0]?.mobile).toEqual(defaultStepStyle());
  });

  it("applies to all steps", () => {
    const model = run(createEditorModel(floowWith(3)), {
      type: "style/apply",
      scope: "all",
      device: "desktop",
      style,
    });
    expect(model.floow.steps.every((s) => s.desktop.radius === "xl")).toBe(true);
  });
});
