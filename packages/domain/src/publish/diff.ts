import { FILTER_CONDITION_LABELS } from "../filter/constants";
import { groupsOfChoice } from "../filter/logic";
import type { Filter, FilterGroup } from "../filter/types";
import type { StepType } from "../floow/constants";
import type { Choice, Condition, Floow, Step } from "../floow/types";
import type { Trigger } from "../trigger/types";
import { changedKeys, choiceName, sameValue, shortText, stepName } from "./text";
import type { CheckTarget, FloowChange, FloowChangeArea } from "./types";

/** What the diff compares: a floow's content (a draft row or a published version's copy). */
export type DiffFloow = Pick<
  Floow,
  | "type"
  | "language"
  | "name"
  | "feedId"
  | "closeOnClickOutside"
  | "skipTrigger"
  | "showBackButton"
  | "showNextButton"
  | "showRestartButton"
  | "container"
  | "progress"
  | "buttons"
  | "start"
  | "steps"
  | "finish"
  | "filters"
  | "filterGroups"
  | "triggers"
>;

const SETTING_LABELS = {
  type: "Floow type",
  language: "Language",
  name: "Name",
  feedId: "Product feed",
  closeOnClickOutside: "Close on click outside",
  skipTrigger: "Skip trigger",
  showBackButton: "Back button",
  showNextButton: "Next button",
  showRestartButton: "Restart button",
} as const satisfies Partial<Record<keyof DiffFloow, string>>;

const STEP_TYPE_WORDS: Record<StepType, string> = {
  single: "single choice",
  multiple: "multiple choice",
  form: "form",
  content: "content",
};

const RESULTS_SETTING_LABELS: Record<string, string> = {
  imageAttribute: "image attribute",
  labelAttribute: "label attribute",
  attributes: "attributes shown on a card",
  mobile: "mobile layout",
  desktop: "desktop layout",
  partial: "when no product matches every answer",
  placeholder: "no-results placeholder",
  link: "product link",
};

/**
 * What publishing `draft` changes against the live version `live`, as readable sentences
 * (the publish dialog's change list; docs/editor.md, "The pre-publish check"). Steps and
 * choices are named by their text (HTML stripped, shortened), and matched by id, so a
 * renamed step is "changed", not removed and added. Without a live version: one item,
 * "First publish: everything is new".
 */
export function diffFloows(live: DiffFloow | null, draft: DiffFloow): FloowChange[] {
  if (!live) return [firstPublish(draft)];
  const changes: FloowChange[] = [];
  const add = (
    area: FloowChangeArea,
    kind: FloowChange["kind"],
    text: string,
    target?: CheckTarget,
  ) => changes.push(target ? { area, kind, text, target } : { area, kind, text });

  diffSettings(live, draft, add);
  diffStart(live, draft, add);
  diffSteps(live, draft, add);
  diffTexts(live, draft, add);
  diffStyle(live, draft, add);
  diffTriggers(live.triggers, draft.triggers, add);
  diffFinish(live, draft, add);
  return changes;
}

type Add = (
  area: FloowChangeArea,
  kind: FloowChange["kind"],
  text: string,
  target?: CheckTarget,
) => void;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function firstPublish(draft: DiffFloow): FloowChange {
  const questions = draft.steps.length;
  const choices = draft.steps.reduce((sum, step) => sum + step.choices.length, 0);
  const parts = [
    plural(questions, "step"),
    plural(choices, "choice"),
    plural(draft.triggers.length, "trigger"),
  ];
  return {
    area: "settings",
    kind: "added",
    text: `First publish: everything is new (${parts.join(", ")}).`,
  };
}

/** `added`, `removed` or `changed` for an optional value such as an image. */
function presence(before: unknown, after: unknown): FloowChange["kind"] {
  const had = before !== null && before !== undefined && before !== "";
  const has = after !== null && after !== undefined && after !== "";
  return had && !has ? "removed" : !had && has ? "added" : "changed";
}

function quoted(value: unknown): string {
  return `"${shortText(String(value ?? ""))}"`;
}

function diffSettings(live: DiffFloow, draft: DiffFloow, add: Add) {
  const target: CheckTarget = { page: "settings" };
  for (const key of Object.keys(SETTING_LABELS) as (keyof typeof SETTING_LABELS)[]) {
    const before = live[key];
    const after = draft[key];
    if (sameValue(before, after)) continue;
    const label = SETTING_LABELS[key];
    if (typeof after === "boolean") {
      add("settings", "changed", `Setting "${label}" turned ${after ? "on" : "off"}`, target);
    } else if (key === "feedId") {
      const kind = presence(before, after);
      add(
        "settings",
        kind,
        `Product feed ${kind === "added" ? "chosen" : kind === "removed" ? "removed" : "changed"}`,
        target,
      );
    } else {
      add(
        "settings",
        "changed",
        `${label} changed from ${quoted(before)} to ${quoted(after)}`,
        target,
      );
    }
  }
}

function diffStart(live: DiffFloow, draft: DiffFloow, add: Add) {
  const target: CheckTarget = { page: "start" };
  const before = live.start;
  const after = draft.start;
  if (before.type !== after.type) {
    add(
      "start",
      "changed",
      after.type === "none"
        ? "Start page turned off: the floow opens at its first step"
        : "Start page turned on",
      target,
    );
  }
  if (!sameValue(before.text, after.text))
    add("start", "changed", "Start page: text changed", target);
  if (!sameValue(before.image, after.image))
    add(
      "start",
      presence(before.image, after.image),
      `Start page: image ${presence(before.image, after.image)}`,
      target,
    );
  if (!sameValue(before.button, after.button)) {
    add(
      "start",
      "changed",
      `Start page: button text changed from ${quoted(before.button?.text)} to ${quoted(after.button?.text)}`,
      target,
    );
  }
  for (const device of ["mobile", "desktop"] as const) {
    if (!sameValue(before[device], after[device]))
      add("start", "changed", `Start page: ${device} layout changed`, target);
  }
}

function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

function diffSteps(live: DiffFloow, draft: DiffFloow, add: Add) {
  const liveSteps = byId(live.steps);
  const draftSteps = byId(draft.steps);
  const liveNames = new Map(live.steps.map((s, i) => [s.id, stepName(s, i)]));
  const draftNames = new Map(draft.steps.map((s, i) => [s.id, stepName(s, i)]));
  const nameOf = (id: string | null) =>
    id === null ? "the next step" : (draftNames.get(id) ?? liveNames.get(id) ?? "a deleted step");

  live.steps.forEach((step, i) => {
    if (!draftSteps.has(step.id)) add("steps", "removed", `${stepName(step, i)} removed`);
  });
  draft.steps.forEach((step, i) => {
    if (liveSteps.has(step.id)) return;
    const choices = step.choices.length > 0 ? ` with ${plural(step.choices.length, "choice")}` : "";
    add("steps", "added", `${stepName(step, i)} added${choices}`, {
      page: "step",
      stepId: step.id,
    });
  });

  // Reordering: the steps both have, compared in their relative order.
  const liveOrder = live.steps.filter((s) => draftSteps.has(s.id)).map((s) => s.id);
  const draftOrder = draft.steps.filter((s) => liveSteps.has(s.id)).map((s) => s.id);
  draftOrder.forEach((id, i) => {
    if (liveOrder[i] === id) return;
    const position = draft.steps.findIndex((s) => s.id === id);
    add("steps", "changed", `${draftNames.get(id)} moved to position ${position + 1}`, {
      page: "step",
      stepId: id,
    });
  });

  draft.steps.forEach((after, i) => {
    const before = liveSteps.get(after.id);
    if (!before) return;
    const name = stepName(after, i);
    const target: CheckTarget = { page: "step", stepId: after.id };
    if (!sameValue(before.text, after.text)) {
      add(
        "steps",
        "changed",
        `${name}: question text changed (was ${quoted(before.text)})`,
        target,
      );
    }
    if (before.type !== after.type) {
      add(
        "steps",
        "changed",
        `${name}: type changed from ${STEP_TYPE_WORDS[before.type]} to ${STEP_TYPE_WORDS[after.type]}`,
        target,
      );
    }
    if (!sameValue(before.image, after.image))
      add(
        "steps",
        presence(before.image, after.image),
        `${name}: image ${presence(before.image, after.image)}`,
        target,
      );
    if (!sameValue(before.event, after.event))
      add("steps", "changed", `${name}: tracking keys changed`, target);
    if (!sameValue(before.formInputs, after.formInputs))
      add("steps", "changed", `${name}: form fields changed`, target);
    const devices = (["mobile", "desktop"] as const).filter((d) => !sameValue(before[d], after[d]));
    if (devices.length > 0)
      add("style", "changed", `${name}: style changed (${devices.join(", ")})`, target);
    diffChoices(before, after, name, add);
    diffConditions(
      before.conditions,
      after.conditions,
      { name, stepId: after.id, nameOf, choices: [...before.choices, ...after.choices] },
      add,
    );
    diffFilters(live, draft, before, after, name, add);
  });
}

function diffChoices(before: Step, after: Step, name: string, add: Add) {
  const old = byId(before.choices);
  const now = byId(after.choices);
  before.choices.forEach((choice, i) => {
    if (!now.has(choice.id))
      add("choices", "removed", `${name}: ${choiceName(choice, i)} removed`, {
        page: "step",
        stepId: after.id,
      });
  });
  after.choices.forEach((choice, i) => {
    const target: CheckTarget = { page: "step", stepId: after.id, choiceId: choice.id };
    const was = old.get(choice.id);
    if (!was) {
      add("choices", "added", `${name}: ${choiceName(choice, i)} added`, target);
      return;
    }
    const label = choiceName(choice, i);
    if (!sameValue(was.text, choice.text))
      add("choices", "changed", `${name}: ${label} renamed (was ${quoted(was.text)})`, target);
    if (!sameValue(was.image, choice.image))
      add(
        "choices",
        presence(was.image, choice.image),
        `${name}: ${label} image ${presence(was.image, choice.image)}`,
        target,
      );
    if (!sameValue(was.event, choice.event))
      add("choices", "changed", `${name}: ${label} tracking keys changed`, target);
  });
  const oldOrder = before.choices.filter((c) => now.has(c.id)).map((c) => c.id);
  const newOrder = after.choices.filter((c) => old.has(c.id)).map((c) => c.id);
  if (!sameValue(oldOrder, newOrder))
    add("choices", "changed", `${name}: choices reordered`, { page: "step", stepId: after.id });
}

interface ConditionContext {
  name: string;
  stepId: string;
  nameOf: (stepId: string | null) => string;
  choices: readonly Choice[];
}

/** `If "Road" is selected, go to Step "Size"`. */
export function describeCondition(
  condition: Condition,
  context: Pick<ConditionContext, "nameOf" | "choices">,
): string {
  const choiceLabel = (id: string | null) => {
    const choice = context.choices.find((c) => c.id === id);
    return choice ? quoted(choice.text) : "a deleted choice";
  };
  const when =
    condition.condition === "always"
      ? "Always"
      : `If ${choiceLabel(condition.conditionChoiceId)} is ${condition.condition === "selected" ? "selected" : "not selected"}`;
  const step = context.nameOf(condition.consequenceStepId);
  const listed = condition.consequenceChoiceIds.map(choiceLabel).join(", ") || "no choices";
  const then =
    condition.consequence === "goToFinish"
      ? "go to the finish page"
      : condition.consequence === "goToStep"
        ? `go to ${step}`
        : `${condition.consequence === "showChoices" ? "show" : "hide"} ${listed} of ${step}`;
  return `${when}, ${then}`;
}

function diffConditions(
  before: readonly Condition[],
  after: readonly Condition[],
  context: ConditionContext,
  add: Add,
) {
  const target: CheckTarget = { page: "step", stepId: context.stepId };
  const old = byId(before);
  const now = byId(after);
  for (const condition of before) {
    if (!now.has(condition.id))
      add(
        "conditions",
        "removed",
        `${context.name}: condition removed: ${describeCondition(condition, context)}`,
        target,
      );
  }
  for (const condition of after) {
    const was = old.get(condition.id);
    if (!was)
      add(
        "conditions",
        "added",
        `${context.name}: condition added: ${describeCondition(condition, context)}`,
        target,
      );
    else if (!sameValue({ ...was, id: "" }, { ...condition, id: "" })) {
      add(
        "conditions",
        "changed",
        `${context.name}: condition changed, now: ${describeCondition(condition, context)}`,
        target,
      );
    }
  }
  if (
    !sameValue(
      before.filter((c) => now.has(c.id)).map((c) => c.id),
      after.filter((c) => old.has(c.id)).map((c) => c.id),
    )
  ) {
    add(
      "conditions",
      "changed",
      `${context.name}: conditions reordered (the first that holds wins)`,
      target,
    );
  }
}

/** A choice's filters as one readable line, e.g. `colour equals "red" and price less than "500"`. */
export function describeChoiceFilters(
  floow: Pick<DiffFloow, "filterGroups" | "filters">,
  choiceId: string,
): string {
  const groups = groupsOfChoice(floow.filterGroups, choiceId);
  const children = new Map<string, FilterGroup[]>();
  for (const group of groups) {
    if (!group.parentId) continue;
    children.set(group.parentId, [...(children.get(group.parentId) ?? []), group]);
  }
  const describeFilter = (filter: Filter) => {
    const condition = FILTER_CONDITION_LABELS[filter.operator]?.toLowerCase() ?? filter.operator;
    return filter.operator === "empty" || filter.operator === "notEmpty"
      ? `${filter.field} ${condition}`
      : `${filter.field} ${condition} "${filter.value}"`;
  };
  const describeGroup = (group: FilterGroup): string => {
    const parts = [
      ...floow.filters.filter((f) => f.filterGroupId === group.id).map(describeFilter),
      ...(children.get(group.id) ?? []).map((g) => `(${describeGroup(g)})`),
    ].filter(Boolean);
    return parts.join(group.operator === "or" ? " or " : " and ");
  };
  const roots = groups.filter((g) => !g.parentId || !groups.some((p) => p.id === g.parentId));
  const described = roots.map(describeGroup).filter(Boolean);
  return described.length > 1 ? described.map((d) => `(${d})`).join(" and ") : (described[0] ?? "");
}

function diffFilters(
  live: DiffFloow,
  draft: DiffFloow,
  before: Step,
  after: Step,
  name: string,
  add: Add,
) {
  const old = new Set(before.choices.map((c) => c.id));
  after.choices.forEach((choice, i) => {
    const was = describeChoiceFilters(live, choice.id);
    const now = describeChoiceFilters(draft, choice.id);
    // A new choice with filters: its filters are new too.
    if (was === now || (!old.has(choice.id) && now === "")) return;
    const target: CheckTarget = { page: "step", stepId: after.id, choiceId: choice.id };
    const label = `${name}: ${choiceName(choice, i)}`;
    if (was === "") add("filters", "added", `${label}: product filters added: ${now}`, target);
    else if (now === "")
      add("filters", "removed", `${label}: product filters removed (was ${was})`, target);
    else add("filters", "changed", `${label}: product filters changed, now: ${now}`, target);
  });
}

function diffTexts(live: DiffFloow, draft: DiffFloow, add: Add) {
  for (const key of ["back", "next", "restart"] as const) {
    const before = live.buttons[key]?.text;
    const after = draft.buttons[key]?.text;
    if (before !== after) {
      add(
        "texts",
        "changed",
        `${key[0]?.toUpperCase()}${key.slice(1)} button text changed from ${quoted(before)} to ${quoted(after)}`,
        { page: "settings" },
      );
    }
  }
  const texts = [
    ["product button", (f: DiffFloow) => f.finish.results.button?.text],
    ["Show more", (f: DiffFloow) => f.finish.results.showMore?.text],
    ["no results", (f: DiffFloow) => f.finish.results.placeholder?.text],
  ] as const;
  for (const [label, read] of texts) {
    if (read(live) !== read(draft)) {
      add(
        "texts",
        "changed",
        `Results: ${label} text changed from ${quoted(read(live))} to ${quoted(read(draft))}`,
        { page: "finish" },
      );
    }
  }
}

function diffStyle(live: DiffFloow, draft: DiffFloow, add: Add) {
  const target: CheckTarget = { page: "settings" };
  for (const key of changedKeys(live.container, draft.container)) {
    add(
      "style",
      "changed",
      `Container ${key} changed from ${quoted(live.container[key])} to ${quoted(draft.container[key])}`,
      target,
    );
  }
  for (const key of changedKeys(live.progress, draft.progress)) {
    const what = key === "colorId" ? "colour" : key;
    add(
      "style",
      "changed",
      `Progress ${what} changed${key === "colorId" ? "" : ` from ${quoted(live.progress[key])} to ${quoted(draft.progress[key])}`}`,
      target,
    );
  }
  for (const key of changedKeys(live.buttons, draft.buttons)) {
    if (key === "back" || key === "next" || key === "restart") {
      const { text: _before, ...beforeStyle } = live.buttons[key] ?? { text: "" };
      const { text: _after, ...afterStyle } = draft.buttons[key] ?? { text: "" };
      const styled = changedKeys(beforeStyle, afterStyle).map((k) =>
        k === "colorId" ? "colour" : k === "iconPosition" ? "icon position" : k,
      );
      if (styled.length > 0)
        add(
          "style",
          "changed",
          `${key[0]?.toUpperCase()}${key.slice(1)} button: ${styled.join(", ")} changed`,
          target,
        );
    } else {
      add(
        "style",
        "changed",
        `Buttons ${key} changed from ${quoted(live.buttons[key])} to ${quoted(draft.buttons[key])}`,
        target,
      );
    }
  }
}

/** `pages starting with "/bikes", inside #finder`. */
export function describeTrigger(trigger: Trigger): string {
  const pages =
    trigger.routeType === "strict"
      ? `page "${trigger.route}"`
      : `pages starting with "${trigger.route}"`;
  const element = `${trigger.attribute === "class" ? "." : "#"}${trigger.value}`;
  return `${pages}, ${trigger.target} ${element}`;
}

function diffTriggers(before: readonly Trigger[], after: readonly Trigger[], add: Add) {
  const target: CheckTarget = { page: "triggers" };
  // Triggers of old floows may have no id: those are matched by what they say.
  const key = (t: Trigger, i: number) => t.id ?? `#${i}:${describeTrigger(t)}`;
  const old = new Map(before.map((t, i) => [key(t, i), t]));
  const now = new Map(after.map((t, i) => [key(t, i), t]));
  for (const [id, trigger] of old)
    if (!now.has(id))
      add("triggers", "removed", `Trigger removed: ${describeTrigger(trigger)}`, target);
  for (const [id, trigger] of now) {
    const was = old.get(id);
    if (!was) add("triggers", "added", `Trigger added: ${describeTrigger(trigger)}`, target);
    else if (!sameValue(was, trigger))
      add(
        "triggers",
        "changed",
        `Trigger changed, now: ${describeTrigger(trigger)} (was ${describeTrigger(was)})`,
        target,
      );
  }
}

function diffFinish(live: DiffFloow, draft: DiffFloow, add: Add) {
  const target: CheckTarget = { page: "finish" };
  const before = live.finish;
  const after = draft.finish;
  if (before.type !== after.type) {
    add(
      "finish",
      "changed",
      `Finish page: ${after.type === "results" ? "shows product results now" : "shows a message instead of product results"}`,
      target,
    );
  }
  if (!sameValue(before.text, after.text))
    add("finish", "changed", "Finish page: text changed", target);
  if (!sameValue(before.image, after.image))
    add(
      "finish",
      presence(before.image, after.image),
      `Finish page: image ${presence(before.image, after.image)}`,
      target,
    );
  // The results' texts are in diffTexts; every other results setting is listed here,
  // settings added later (e.g. `link`) included.
  const results = (f: DiffFloow) => {
    const { button: _b, showMore: _s, placeholder, ...rest } = f.finish.results;
    return { ...rest, placeholder: { ...placeholder, text: "" } };
  };
  for (const key of changedKeys(results(live), results(draft))) {
    add(
      "finish",
      "changed",
      `Finish page: results ${RESULTS_SETTING_LABELS[key] ?? key} changed`,
      target,
    );
  }
}
