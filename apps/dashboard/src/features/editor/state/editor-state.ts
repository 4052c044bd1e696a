/**
 * The editor's state: the floow being edited plus what the user looks at (selection,
 * phase, state, device, …). A pure reducer, so every rule here is unit-tested without React;
 * the selection rules are in ./selection, the step factories come from @floow/domain/floow.
 */
import { createStep, duplicateStep } from "@floow/domain/floow";
import type { Floow, Step, StepStyle } from "@floow/domain/floow";
import type { Device } from "@floow/domain/shared";
import type { Trigger } from "@floow/domain/trigger";
import { EDITOR_DEFAULTS } from "./editor-ui";
import type {
  EditorFlowView,
  EditorPhase,
  EditorState as EditorStateName,
  SettingsCategory,
  StyleScope,
} from "./editor-ui";
import { openFinish, openTrigger, selectAfterStepDelete, selectStep } from "./selection";
import type { EditorSelection } from "./selection";
import { mergeServerCopy } from "./server-copy";

export interface EditorUi {
  phase: EditorPhase;
  state: EditorStateName;
  device: Device;
  /** Canvas zoom in %. */
  scale: number;
  flowView: EditorFlowView;
  settingsCategory: SettingsCategory;
}

export interface EditorModel {
  floow: Floow;
  selection: EditorSelection;
  ui: EditorUi;
  /** The step open in the edit modal. */
  editingStepId: string | null;
}

export type EditorAction =
  | { type: "floow/replace"; floow: Floow }
  | { type: "floow/update"; update: (floow: Floow) => Floow }
  /** A save came back: take the server's changes to what was sent (state/server-copy.ts). */
  | { type: "floow/saved"; sent: Floow; server: Floow }
  | { type: "step/add"; step?: Step }
  | { type: "steps/append"; steps: Step[] }
  | { type: "step/duplicate"; stepId: string }
  | { type: "step/move"; stepId: string; toIndex: number }
  | { type: "step/delete"; stepId: string }
  | { type: "step/update"; stepId: string; update: (step: Step) => Step }
  | { type: "select/step"; stepId: string | null }
  | { type: "select/finish" }
  | { type: "select/trigger" }
  | { type: "modal/open"; stepId: string }
  | { type: "modal/close" }
  | { type: "trigger/add"; trigger: Trigger }
  | { type: "trigger/delete"; index: number }
  | { type: "style/apply"; scope: StyleScope; device: Device; style: StepStyle }
  | { type: "ui/set"; patch: Partial<EditorUi> };

export const INITIAL_UI: EditorUi = { ...EDITOR_DEFAULTS };

export function createEditorModel(floow: Floow, ui: Partial<EditorUi> = {}): EditorModel {
  return {
    floow,
    // The first step is selected so the canvas shows something; the start page when empty.
    selection: { stepId: floow.steps[0]?.id ?? null, finishOpen: false, triggerOpen: false },
    ui: { ...INITIAL_UI, ...ui },
    editingStepId: null,
  };
}

function withSteps(floow: Floow, steps: Step[]): Floow {
  return { ...floow, steps };
}

/**
 * Removes a step and everything that points at it: other steps' conditions that lead to
 * it or use one of its choices, and the filter groups (with their filters) of its choices.
 */
export function removeStep(floow: Floow, stepId: string): Floow {
  const step = floow.steps.find((s) => s.id === stepId);
  if (!step) return floow;
  const choiceIds = new Set(step.choices.map((c) => c.id));
  const steps = floow.steps
    .filter((s) => s.id !== stepId)
    .map((s) => {
      const conditions = s.conditions.filter(
        (c) =>
          c.consequenceStepId !== stepId &&
          !(c.conditionChoiceId && choiceIds.has(c.conditionChoiceId)),
      );
      return conditions.length === s.conditions.length ? s : { ...s, conditions };
    });
  return { ...removeChoiceFilters(floow, choiceIds), steps };
}

/** Drops the filter groups of the given choices (and nested groups and their filters). */
export function removeChoiceFilters(floow: Floow, choiceIds: ReadonlySet<string>): Floow {
  if (choiceIds.size === 0) return floow;
  const removed = new Set(
    floow.filterGroups.filter((g) => g.choiceId && choiceIds.has(g.choiceId)).map((g) => g.id),
  );
  if (removed.size === 0) return floow;
  // Nested groups hang off their parent through parentId.
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of floow.filterGroups) {
      if (group.parentId && removed.has(group.parentId) && !removed.has(group.id)) {
        removed.add(group.id);
        grew = true;
      }
    }
  }
  return {
    ...floow,
    filterGroups: floow.filterGroups.filter((g) => !removed.has(g.id)),
    filters: floow.filters.filter((f) => !removed.has(f.filterGroupId)),
  };
}

/** Removes one choice of a step, with the conditions and filters that use it. */
export function removeChoice(floow: Floow, stepId: string, choiceId: string): Floow {
  const steps = floow.steps.map((s) => {
    const conditions = s.conditions
      .filter((c) => c.conditionChoiceId !== choiceId)
      .map((c) =>
        c.consequenceChoiceIds.includes(choiceId)
          ? { ...c, consequenceChoiceIds: c.consequenceChoiceIds.filter((id) => id !== choiceId) }
          : c,
      );
    const choices = s.id === stepId ? s.choices.filter((c) => c.id !== choiceId) : s.choices;
    return { ...s, choices, conditions };
  });
  return removeChoiceFilters({ ...floow, steps }, new Set([choiceId]));
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1) as [T];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** Whether `index` names an existing trigger (the spec deletes triggers by index). */
export function isTriggerIndex(triggers: readonly unknown[], index: unknown): index is number {
  return (
    typeof index === "number" && Number.isInteger(index) && index >= 0 && index < triggers.length
  );
}

export function editorReducer(model: EditorModel, action: EditorAction): EditorModel {
  const { floow } = model;
  switch (action.type) {
    case "floow/replace": {
      const stillThere =
        floow.steps.length > 0 && action.floow.steps.some((s) => s.id === model.selection.stepId);
      return {
        ...model,
        floow: action.floow,
        selection: stillThere
          ? model.selection
          : { ...model.selection, stepId: action.floow.steps[0]?.id ?? null },
        editingStepId: action.floow.steps.some((s) => s.id === model.editingStepId)
          ? model.editingStepId
          : null,
      };
    }
    case "floow/update":
      return { ...model, floow: action.update(floow) };
    case "floow/saved":
      return { ...model, floow: mergeServerCopy(action.sent, action.server, floow) };
    case "step/add": {
      // A new step goes after the selected one (or at the end) and becomes the selection.
      const step = action.step ?? createStep({ floowId: floow.id });
      const at = floow.steps.findIndex((s) => s.id === model.selection.stepId);
      const steps = [...floow.steps];
      steps.splice(at === -1 ? steps.length : at + 1, 0, step);
      return {
        ...model,
        floow: withSteps(floow, steps),
        selection: selectStep(model.selection, step.id),
      };
    }
    case "steps/append": {
      if (action.steps.length === 0) return model;
      return {
        ...model,
        floow: withSteps(floow, [...floow.steps, ...action.steps]),
        selection: selectStep(model.selection, action.steps[0]?.id ?? null),
      };
    }
    case "step/duplicate": {
      const index = floow.steps.findIndex((s) => s.id === action.stepId);
      const original = floow.steps[index];
      if (!original) return model;
      const copy = duplicateStep(original);
      const steps = [...floow.steps];
      steps.splice(index + 1, 0, copy);
      return {
        ...model,
        floow: withSteps(floow, steps),
        selection: selectStep(model.selection, copy.id),
      };
    }
    case "step/move": {
      const from = floow.steps.findIndex((s) => s.id === action.stepId);
      if (from === -1 || from === action.toIndex) return model;
      return { ...model, floow: withSteps(floow, moveItem(floow.steps, from, action.toIndex)) };
    }
    case "step/delete": {
      if (!floow.steps.some((s) => s.id === action.stepId)) return model;
      const next = selectAfterStepDelete(floow.steps, action.stepId, model.selection.stepId);
      const selection = next.triggerOpen
        ? openTrigger(model.selection)
        : // Deleting another step keeps the open finish or trigger panel as it is.
          next.stepId === model.selection.stepId
          ? model.selection
          : selectStep(model.selection, next.stepId);
      return {
        ...model,
        floow: removeStep(floow, action.stepId),
        selection,
        editingStepId: model.editingStepId === action.stepId ? null : model.editingStepId,
      };
    }
    case "step/update":
      return {
        ...model,
        floow: withSteps(
          floow,
          floow.steps.map((s) => (s.id === action.stepId ? action.update(s) : s)),
        ),
      };
    case "select/step":
      return { ...model, selection: selectStep(model.selection, action.stepId) };
    case "select/finish":
      return { ...model, selection: openFinish(model.selection) };
    case "select/trigger":
      return { ...model, selection: openTrigger(model.selection) };
    case "modal/open":
      if (!floow.steps.some((s) => s.id === action.stepId)) return model;
      return {
        ...model,
        editingStepId: action.stepId,
        selection: selectStep(model.selection, action.stepId),
      };
    case "modal/close":
      return { ...model, editingStepId: null };
    case "trigger/add":
      return { ...model, floow: { ...floow, triggers: [...floow.triggers, action.trigger] } };
    case "trigger/delete":
      if (!isTriggerIndex(floow.triggers, action.index)) return model;
      return {
        ...model,
        floow: { ...floow, triggers: floow.triggers.filter((_, i) => i !== action.index) },
      };
    case "style/apply": {
      const targetId = model.selection.stepId;
      if (action.scope === "current" && !targetId) return model;
      const steps = floow.steps.map((s) =>
        action.scope === "all" || s.id === targetId
          ? { ...s, [action.device]: { ...action.style } }
          : s,
      );
      return { ...model, floow: withSteps(floow, steps) };
    }
    case "ui/set":
      return { ...model, ui: { ...model.ui, ...action.patch } };
  }
}
