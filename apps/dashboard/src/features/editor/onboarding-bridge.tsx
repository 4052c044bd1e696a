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
      } else setUi(effect);
    },
    [setUi, dispatch],
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
