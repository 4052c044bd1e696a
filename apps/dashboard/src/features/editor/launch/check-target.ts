/**
 * The place in the editor a check item or a change is about (`CheckTarget` of
 * `@floow/domain/publish`), and how to get there: the publish dialog's links.
 */
import type { CheckTarget } from "@floow/domain/publish";
import { useEditor } from "../editor-context";

const TARGET_LABELS: Record<CheckTarget["page"], string> = {
  start: "Open the start page",
  step: "Open the step",
  finish: "Open the finish page",
  settings: "Open the settings",
  style: "Open the style",
  triggers: "Open the triggers",
};

export function targetLabel(target: CheckTarget): string {
  return TARGET_LABELS[target.page];
}

/** Takes the editor to the target's place (the caller closes the dialog). */
export function useGoToTarget(): (target: CheckTarget) => void {
  const { floow, dispatch, setUi } = useEditor();
  return (target) => {
    const stepId =
      target.stepId && floow.steps.some((step) => step.id === target.stepId) ? target.stepId : null;
    switch (target.page) {
      case "settings":
        setUi({ phase: "floow" });
        return;
      case "triggers":
        setUi({ phase: "build", state: "flow" });
        dispatch({ type: "select/trigger" });
        return;
      case "finish":
        setUi({ phase: "build", state: "flow" });
        dispatch({ type: "select/finish" });
        return;
      case "style":
        setUi({ phase: "build", state: "style" });
        dispatch({ type: "select/step", stepId: stepId ?? floow.steps[0]?.id ?? null });
        return;
      case "step":
        setUi({ phase: "build", state: "flow" });
        // A step's question, choices and their filters are edited in its modal.
        if (stepId) dispatch({ type: "modal/open", stepId });
        else dispatch({ type: "select/step", stepId: null });
        return;
      case "start":
        setUi({ phase: "build", state: "flow" });
        dispatch({ type: "select/step", stepId: null });
        return;
    }
  };
}
