import type { Filter, FilterGroup } from "../filter/types";
import type { FormInputType } from "../form-input/constants";
import type { FormInput, FormInputValue } from "../form-input/types";
import { createId } from "../shared/ids";
import { DEFAULT_TRIGGER } from "../trigger/constants";
import type { Trigger } from "../trigger/types";
import {
  DEFAULT_FLOOW_NAME,
  DEFAULT_START_TEXTS,
  DEFAULT_STEP_TEXT,
  DEFAULT_STEP_TYPE,
} from "./constants";
import type { FloowType } from "./constants";
import {
  DEFAULT_FLOOW_FLAGS,
  DEFAULT_FLOOW_LANGUAGE,
  defaultButtons,
  defaultChoiceEvent,
  defaultContainer,
  defaultFinish,
  defaultProgress,
  defaultStart,
  defaultStepEvent,
  defaultStepStyle,
} from "./defaults";
import { nextStepId } from "./logic";
import type { Choice, Condition, Floow, Step } from "./types";

type FloowRulesTarget = Pick<
  Floow,
  | "type"
  | "name"
  | "feedId"
  | "skipTrigger"
  | "showBackButton"
  | "container"
  | "progress"
  | "finish"
>;

/**
 * What holds for every saved floow (`floow.create` and `floow.update`): an empty name
 * becomes `New Floow`, and a data floow, having no product results (spec section 1), has
 * a `basic` finish page and no feed.
 */
export function applyFloowInvariants<F extends FloowRulesTarget>(floow: F): F {
  const name = floow.name.trim() === "" ? DEFAULT_FLOOW_NAME : floow.name;
  if (floow.type !== "data") return { ...floow, name };
  return { ...floow, name, feedId: null, finish: { ...floow.finish, type: "basic" } };
}

/**
 * The rules of creating a floow (spec section 4): the invariants, and a data floow's
 * forced settings, skipTrigger true, showBackButton false, an embedded container and no
 * progress. They are forced at creation only: afterwards they are the user's settings,
 * which the editor offers for both types and `floow.update` saves as sent
 * (docs/editor.md, "Data floows").
 */
export function applyFloowRules<F extends FloowRulesTarget>(floow: F): F {
  const checked = applyFloowInvariants(floow);
  if (checked.type !== "data") return checked;
  return {
    ...checked,
    skipTrigger: true,
    showBackButton: false,
    container: { ...checked.container, type: "embedded" },
    progress: { ...checked.progress, type: "none" },
  };
}

/** A new floow of a type with the spec's defaults; `overrides` replace top-level fields. */
export function createFloow(
  type: FloowType = "selling",
  overrides: Partial<Omit<Floow, "type">> = {},
): Floow {
  const now = new Date().toISOString();
  const floow: Floow = {
    id: createId(),
    organizationId: "",
    domainId: "",
    feedId: null,
    userId: null,
    createdAt: now,
    updatedAt: now,
    status: "development",
    language: DEFAULT_FLOOW_LANGUAGE,
    name: DEFAULT_FLOOW_NAME,
    ...DEFAULT_FLOOW_FLAGS,
    container: defaultContainer(),
    progress: defaultProgress(),
    buttons: defaultButtons(),
    // A new floow's start page is a designed page: a title and a short text above Start.
    start: {
      ...defaultStart(),
      text: DEFAULT_START_TEXTS[type][overrides.language ?? DEFAULT_FLOOW_LANGUAGE],
    },
    steps: [],
    finish: defaultFinish(),
    filters: [],
    filterGroups: [],
    triggers: [],
    ...overrides,
    type,
  };
  return applyFloowRules(floow);
}

/** A new step: text `[ Title / Question ]` and the default mobile and desktop style. */
export function createStep(overrides: Partial<Step> = {}): Step {
  const id = overrides.id ?? createId();
  return {
    floowId: "",
    type: DEFAULT_STEP_TYPE,
    text: DEFAULT_STEP_TEXT,
    image: null,
    event: defaultStepEvent(),
    mobile: defaultStepStyle(),
    desktop: defaultStepStyle(),
    choices: [],
    formInputs: [],
    conditions: [],
    ...overrides,
    id,
  };
}

/** A new choice of a step. */
export function createChoice(overrides: Partial<Choice> = {}): Choice {
  return {
    stepId: "",
    text: "",
    image: null,
    event: defaultChoiceEvent(),
    ...overrides,
    id: overrides.id ?? createId(),
  };
}

/**
 * A new condition of a step: when a choice is selected, go to a step. Its consequence
 * step defaults to the step after `stepId` in `steps` (or none when it is the last).
 */
export function createCondition(
  overrides: Partial<Condition> & { stepId: string },
  steps: readonly { id: string }[] = [],
): Condition {
  return {
    condition: "selected",
    conditionChoiceId: null,
    consequence: "goToStep",
    consequenceStepId: nextStepId(steps, overrides.stepId),
    consequenceChoiceIds: [],
    ...overrides,
    id: overrides.id ?? createId(),
  };
}

/** A new filter group (operator `and`), for a choice or nested in a parent group. */
export function createFilterGroup(overrides: Partial<FilterGroup> = {}): FilterGroup {
  return {
    choiceId: null,
    parentId: null,
    operator: "and",
    ...overrides,
    id: overrides.id ?? createId(),
  };
}

/** A new filter (`equals`) of a group. */
export function createFilter(overrides: Partial<Filter> & { filterGroupId: string }): Filter {
  return { field: "", operator: "equals", value: "", ...overrides, id: overrides.id ?? createId() };
}

function emptyValue(type: FormInputType): FormInputValue {
  if (type === "multiselect") return [];
  if (type === "checkbox") return false;
  return "";
}

/** A new form input (type text unless given), optional, with an empty value. */
export function createFormInput(overrides: Partial<FormInput> = {}): FormInput {
  const type = overrides.type ?? "text";
  return {
    type,
    label: "",
    value: emptyValue(type),
    required: false,
    options: [],
    ...overrides,
    id: overrides.id ?? createId(),
  };
}

/** A new trigger: startsWith, id, inside (what the trigger form resets to). */
export function createTrigger(overrides: Partial<Trigger> = {}): Trigger {
  return { route: "", value: "", ...DEFAULT_TRIGGER, ...overrides, id: overrides.id ?? createId() };
}

/** A question returned by the AI suggestion call (`analysis.questions`). */
export interface AiQuestion {
  title: string;
  key: string;
  choices: { title: string; key: string }[];
}

function paragraph(text: string): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<p>${escaped}</p>`;
}

/** Each AI question becomes a new step with its choices; keys become the event keys. */
export function stepsFromAiQuestions(questions: readonly AiQuestion[], floowId: string): Step[] {
  return questions.map((question) => {
    const step = createStep({ floowId, text: paragraph(question.title) });
    step.event.dataLayer.key = question.key;
    step.event.activation.key = question.key.toLowerCase();
    step.choices = question.choices.map((choice) => {
      const c = createChoice({ stepId: step.id, text: paragraph(choice.title) });
      c.event.dataLayer.key = choice.key;
      c.event.activation.key = choice.key.toLowerCase();
      return c;
    });
    return step;
  });
}

/** A deep copy of a step with new ids for it and its choices, inputs and conditions. */
export function duplicateStep(step: Step): Step {
  const id = createId();
  const choiceIds = new Map(step.choices.map((c) => [c.id, createId()]));
  return {
    ...structuredClone(step),
    id,
    choices: step.choices.map((c) => ({
      ...structuredClone(c),
      id: choiceIds.get(c.id) as string,
      stepId: id,
    })),
    formInputs: step.formInputs.map((f) => ({ ...structuredClone(f), id: createId() })),
    conditions: step.conditions.map((c) => ({
      ...structuredClone(c),
      id: createId(),
      stepId: id,
      conditionChoiceId: c.conditionChoiceId
        ? (choiceIds.get(c.conditionChoiceId) ?? c.conditionChoiceId)
        : null,
    })),
  };
}

/**
 * A copy of a floow, for Duplicate: new ids everywhere (steps, choices, inputs, conditions,
 * filter groups, filters, triggers) with every reference remapped, status development, the
 * name suffixed ` (copy)`, optionally in another domain. Triggers are copied only within
 * the same domain (another site has other pages).
 */
export function duplicateFloow(
  floow: Floow,
  options: { domainId?: string; now?: Date } = {},
): Floow {
  const ids = new Map<string, string>();
  const remap = (id: string): string => {
    let next = ids.get(id);
    if (!next) {
      next = createId();
      ids.set(id, next);
    }
    return next;
  };
  const maybe = (id: string | null): string | null => (id === null ? null : (ids.get(id) ?? id));

  const floowId = createId();
  // First pass: new ids for every entity that can be referenced.
  for (const step of floow.steps) {
    remap(step.id);
    for (const choice of step.choices) remap(choice.id);
  }
  for (const group of floow.filterGroups) remap(group.id);

  const steps: Step[] = floow.steps.map((step) => ({
    ...structuredClone(step),
    id: remap(step.id),
    floowId,
    choices: step.choices.map((c) => ({
      ...structuredClone(c),
      id: remap(c.id),
      stepId: remap(step.id),
    })),
    formInputs: step.formInputs.map((f) => ({ ...structuredClone(f), id: createId() })),
    conditions: step.conditions.map((c) => ({
      ...structuredClone(c),
      id: createId(),
      stepId: remap(step.id),
      conditionChoiceId: maybe(c.conditionChoiceId),
      consequenceStepId: maybe(c.consequenceStepId),
      consequenceChoiceIds: c.consequenceChoiceIds.map((id) => ids.get(id) ?? id),
    })),
  }));
  const sameDomain = options.domainId === undefined || options.domainId === floow.domainId;
  const now = (options.now ?? new Date()).toISOString();
  return {
    ...structuredClone(floow),
    id: floowId,
    domainId: options.domainId ?? floow.domainId,
    name: `${floow.name} (copy)`,
    status: "development",
    createdAt: now,
    updatedAt: now,
    steps,
    filterGroups: floow.filterGroups.map((g) => ({
      ...g,
      id: remap(g.id),
      choiceId: maybe(g.choiceId),
      parentId: maybe(g.parentId),
    })),
    filters: floow.filters.map((f) => ({
      ...f,
      id: createId(),
      filterGroupId: ids.get(f.filterGroupId) ?? f.filterGroupId,
    })),
    triggers: sameDomain ? floow.triggers.map((t) => ({ ...t, id: createId() })) : [],
  };
}
