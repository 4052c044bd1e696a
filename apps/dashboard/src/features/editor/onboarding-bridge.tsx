import { useCallback } from "react";
import { useOnboardingEditor } from "../onboarding/editor-bridge";
import type { EditorEffect } from "../onboarding/guide-machine";
import { useEditor } from "./editor-context";

/**
 * Tells the onboarding guide (mounted in the layout, outside this context) where the user
 * is in the editor, and lets its stages move the editor on (the editor stage sets the phase
 * to build, a later one shows Style, another the finish page).
 */
export function OnboardingBridge() {
  const { model, setUi, dispatch } = useEditor();
  const apply = useCallback(
    (effect: EditorEffect) => {
      if ("finish" in effect) {
        setUi({ phase: "build", state: "flow" });
        dispatch({ type: "select/finish" });
        return;
      }
      // Styling needs a selected step, as the editor's own Style switch does.
      const first = model.floow.steps[0];
      if ("state" in effect && effect.state === "style" && !model.selection.stepId && first)
        dispatch({ type: "select/step", stepId: first.id });
      setUi(effect);
    },
    [setUi, dispatch, model.floow.steps, model.selection.stepId],
  );
  useOnboardingEditor(
    {
      phase: model.ui.phase,
      state: model.ui.state,
      stepCount: model.floow.steps.length,
      finish: model.selection.finishOpen,
    },
    apply,
  );
  return null;
}
