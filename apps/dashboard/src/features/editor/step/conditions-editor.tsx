import { CONDITION_TYPES, CONSEQUENCE_TYPES, createCondition } from "@floow/domain/floow";
import type { Condition, ConditionType, ConsequenceType, Step } from "@floow/domain/floow";
import { Button, PlusIcon, TrashIcon } from "@floow/ui";
import { useEditor } from "../editor-context";
import { plainText } from "../shared";
import { LabeledSelect } from "./fields";

const CONDITION_LABELS: Record<ConditionType, string> = {
  selected: "When this choice is selected",
  notSelected: "When this choice is not selected",
  always: "Always",
};

const CONSEQUENCE_LABELS: Record<ConsequenceType, string> = {
  goToStep: "Go to step",
  goToFinish: "Go to the finish page",
  showChoices: "Show only these choices of step",
  hideChoices: "Hide these choices of step",
};

interface Option {
  value: string;
  label: string;
}

/**
 * One select of a condition (When, Choice, Then, Step): the options, an optional empty
 * first option ("Choose a …", stored as null) and the chosen value.
 */
function ConditionSelect({
  label,
  value,
  options,
  empty,
  onChange,
}: {
  label: string;
  value: string | null;
  options: readonly Option[];
  empty?: string;
  onChange: (value: string) => void;
}) {
  return (
    <LabeledSelect
      label={label}
      value={value ?? ""}
      onChange={(event) => onChange(event.target.value)}
    >
      {empty === undefined ? null : <option value="">{empty}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </LabeledSelect>
  );
}

const choiceOptions = (step: Step | undefined): Option[] =>
  (step?.choices ?? []).map((choice, j) => ({
    value: choice.id,
    label: plainText(choice.text) || `Choice ${j + 1}`,
  }));

/** The Conditions tab: read in order, the first that holds decides where the visitor goes. */
export function ConditionsEditor({ step }: { step: Step }) {
  const { floow, updateStep } = useEditor();
  const setCondition = (conditionId: string, patch: Partial<Condition>) =>
    updateStep(step.id, (s) => ({
      ...s,
      conditions: s.conditions.map((c) => (c.id === conditionId ? { ...c, ...patch } : c)),
    }));
  const stepOptions: Option[] = floow.steps
    .map((s, i) => ({
      value: s.id,
      label: `${i + 1}. ${plainText(s.text) || "Untitled"}`,
    }))
    .filter((option) => option.value !== step.id);
  const conditionOptions = CONDITION_TYPES.map((type) => ({
    value: type,
    label: CONDITION_LABELS[type],
  }));
  const consequenceOptions = CONSEQUENCE_TYPES.map((type) => ({
    value: type,
    label: CONSEQUENCE_LABELS[type],
  }));

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-grey-600">
        Conditions are read in order; the first that holds decides where the visitor goes. Without
        one, the next step follows.
      </p>
      {step.conditions.map((condition, i) => {
        const target = floow.steps.find((s) => s.id === condition.consequenceStepId);
        const choosesChoices =
          condition.consequence === "showChoices" || condition.consequence === "hideChoices";
        return (
          <div
            key={condition.id}
            className="flex flex-col gap-3 rounded-xl border border-grey-200 bg-grey-50/60 p-4"
            data-testid="condition-editor"
          >
            <div className="flex items-center justify-between">
              <span className="text-xs font-semibold text-grey-500">Condition {i + 1}</span>
              <Button
                size="icon"
                variant="ghost"
                className="size-7 text-grey-500 hover:text-red-600"
                aria-label={`Delete condition ${i + 1}`}
                onClick={() =>
                  updateStep(step.id, (s) => ({
                    ...s,
                    conditions: s.conditions.filter((c) => c.id !== condition.id),
                  }))
                }
              >
                <TrashIcon size={15} />
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <ConditionSelect
                label="When"
                value={condition.condition}
                options={conditionOptions}
                onChange={(value) =>
                  setCondition(condition.id, { condition: value as ConditionType })
                }
              />
              {condition.condition === "always" ? null : (
                <ConditionSelect
                  label="Choice"
                  value={condition.conditionChoiceId}
                  options={choiceOptions(step)}
                  empty="Choose a choice…"
                  onChange={(value) =>
                    setCondition(condition.id, { conditionChoiceId: value || null })
                  }
                />
              )}
              <ConditionSelect
                label="Then"
                value={condition.consequence}
                options={consequenceOptions}
                onChange={(value) =>
                  setCondition(condition.id, { consequence: value as ConsequenceType })
                }
              />
              {condition.consequence === "goToFinish" ? null : (
                <ConditionSelect
                  label="Step"
                  value={condition.consequenceStepId}
                  options={stepOptions}
                  empty="Choose a step…"
                  onChange={(value) =>
                    setCondition(condition.id, {
                      consequenceStepId: value || null,
                      consequenceChoiceIds: [],
                    })
                  }
                />
              )}
            </div>
            {choosesChoices && target ? (
              <fieldset className="flex flex-wrap gap-2">
                <legend className="pb-1 text-xs font-medium text-grey-600">
                  Choices of that step
                </legend>
                {choiceOptions(target).map((choice) => {
                  const checked = condition.consequenceChoiceIds.includes(choice.value);
                  return (
                    <label
                      key={choice.value}
                      className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-grey-200 bg-white px-2 py-1 text-xs"
                    >
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={() =>
                          setCondition(condition.id, {
                            consequenceChoiceIds: checked
                              ? condition.consequenceChoiceIds.filter((id) => id !== choice.value)
                              : [...condition.consequenceChoiceIds, choice.value],
                          })
                        }
                      />
                      {choice.label}
                    </label>
                  );
                })}
              </fieldset>
            ) : null}
          </div>
        );
      })}
      <Button
        variant="outline"
        className="self-start"
        onClick={() =>
          updateStep(step.id, (s) => ({
            ...s,
            conditions: [
              ...s.conditions,
              createCondition(
                { stepId: s.id, conditionChoiceId: s.choices[0]?.id ?? null },
                floow.steps,
              ),
            ],
          }))
        }
      >
        <PlusIcon size={16} />
        Add condition
      </Button>
    </div>
  );
}
