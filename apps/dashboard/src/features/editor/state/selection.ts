/** Which part of the editor's canvas is selected (moved here from `@floow/domain/editor`). */
export interface EditorSelection {
  stepId: string | null;
  finishOpen: boolean;
  triggerOpen: boolean;
}

/** Selecting a step closes the finish and trigger panels. */
export function selectStep(selection: EditorSelection, stepId: string | null): EditorSelection {
  return { ...selection, stepId, finishOpen: false, triggerOpen: false };
}

/** Opening the finish page closes the trigger panel and deselects the step. */
export function openFinish(selection: EditorSelection): EditorSelection {
  return { ...selection, stepId: null, finishOpen: true, triggerOpen: false };
}

/** Opening the trigger page closes the finish panel and deselects the step. */
export function openTrigger(selection: EditorSelection): EditorSelection {
  return { ...selection, stepId: null, finishOpen: false, triggerOpen: true };
}

export interface StepDeleteSelection {
  /** The step to select, or null for none. */
  stepId: string | null;
  /** True when the deleted step was the last one: the trigger page is selected. */
  triggerOpen: boolean;
}

/**
 * The selection after deleting `deletedId` from `steps` (the list before the delete).
 * Deleting the selected step selects the previous step, or else the next, or else none;
 * deleting the last remaining step selects the trigger page. Deleting a step that is not
 * the selected one (`selectedId`) keeps the selection.
 */
export function selectAfterStepDelete(
  steps: readonly { id: string }[],
  deletedId: string,
  selectedId: string | null = deletedId,
): StepDeleteSelection {
  const index = steps.findIndex((s) => s.id === deletedId);
  const remaining = steps.filter((s) => s.id !== deletedId);
  if (remaining.length === 0) return { stepId: null, triggerOpen: index !== -1 };
  if (selectedId !== deletedId) {
    const kept = remaining.some((s) => s.id === selectedId) ? selectedId : null;
    return { stepId: kept, triggerOpen: false };
  }
  if (index === -1) return { stepId: null, triggerOpen: false };
  const previous = steps[index - 1];
  const next = steps[index + 1];
  return { stepId: (previous ?? next)?.id ?? null, triggerOpen: false };
}
