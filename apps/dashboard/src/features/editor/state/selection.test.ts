import { describe, expect, it } from "vitest";
import {
  EDITOR_DEFAULTS,
  EDITOR_FLOW_VIEWS,
  EDITOR_PHASES,
  EDITOR_STATES,
  SETTINGS_CATEGORIES,
} from "./editor-ui";
import { openFinish, openTrigger, selectAfterStepDelete, selectStep } from "./selection";

const steps = [{ id: "a" }, { id: "b" }, { id: "c" }];

describe("selectAfterStepDelete", () => {
  it.each([
    ["b", "b", { stepId: "a", triggerOpen: false }],
    ["a", "a", { stepId: "b", triggerOpen: false }],
    ["c", "c", { stepId: "b", triggerOpen: false }],
    ["c", "a", { stepId: "a", triggerOpen: false }],
    ["c", null, { stepId: null, triggerOpen: false }],
    ["c", "gone", { stepId: null, triggerOpen: false }],
    ["zzz", "zzz", { stepId: null, triggerOpen: false }],
  ])("deleting %s with %s selected", (deleted, selected, expected) => {
    expect(selectAfterStepDelete(steps, deleted, selected)).toEqual(expected);
  });

  it("deleting the selected step selects the previous by default", () => {
    expect(selectAfterStepDelete(steps, "c")).toEqual({ stepId: "b", triggerOpen: false });
  });

  it("deleting the last step selects the trigger page", () => {
    expect(selectAfterStepDelete([{ id: "a" }], "a")).toEqual({ stepId: null, triggerOpen: true });
    expect(selectAfterStepDelete([], "a")).toEqual({ stepId: null, triggerOpen: false });
  });
});

describe("editor selection", () => {
  it("selecting a step closes the finish and trigger panels", () => {
    expect(selectStep({ stepId: null, finishOpen: true, triggerOpen: true }, "a")).toEqual({
      stepId: "a",
      finishOpen: false,
      triggerOpen: false,
    });
  });

  it("opening the finish or trigger page closes the other and deselects the step", () => {
    expect(openFinish({ stepId: "a", finishOpen: false, triggerOpen: true })).toEqual({
      stepId: null,
      finishOpen: true,
      triggerOpen: false,
    });
    expect(openTrigger({ stepId: "a", finishOpen: true, triggerOpen: false })).toEqual({
      stepId: null,
      finishOpen: false,
      triggerOpen: true,
    });
  });

  it("pins the editor's constants", () => {
    expect(EDITOR_PHASES).toEqual(["floow", "build", "launch"]);
    expect(EDITOR_STATES).toEqual(["flow", "style", "preview"]);
    expect(EDITOR_FLOW_VIEWS[0]).toBe("filters");
    expect(SETTINGS_CATEGORIES).toEqual(["General", "Buttons"]);
    expect(EDITOR_DEFAULTS).toEqual({
      phase: "floow",
      state: "flow",
      device: "mobile",
      flowView: "filters",
      scale: 100,
      settingsCategory: "General",
    });
  });
});
