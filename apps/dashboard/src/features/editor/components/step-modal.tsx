/**
 * Editing one step in a modal (spec section 2): the question, its image and type, the
 * choices (rich text, image, event keys), form inputs, conditions and the step's event keys.
 * Edits go straight into the editor state (and so into autosave): nothing is held back
 * in a draft that closing the modal could lose.
 */
import {
  CONDITION_TYPES,
  CONSEQUENCE_TYPES,
  createChoice,
  createCondition,
  createFormInput,
  EVENT_VALUE_TYPES,
  FORM_INPUT_TYPES,
  OPTION_FORM_INPUT_TYPES,
  STEP_TYPES,
} from "@floow/domain";
import type {
  Choice,
  Condition,
  ConditionType,
  ConsequenceType,
  FormInput,
  FormInputType,
  Step,
} from "@floow/domain";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Input,
  PlusIcon,
  Select,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TrashIcon,
} from "@floow/ui";
import { useId, useState, type ComponentProps } from "react";
import { useEditor } from "../editor-context";
import { removeChoice } from "../state/editor-state";
import { ChoiceFilters } from "./choice-filters";
import { humanize, plainText, Switch } from "./controls";
import { ChevronDownIcon, ChevronUpIcon } from "./icons";
import { ImageField } from "./image-field";
import { RichText } from "./rich-text-lazy";

const STEP_TYPE_LABELS: Record<Step["type"], string> = {
  single: "Single choice",
  multiple: "Multiple choice",
  form: "Form",
  content: "Content only",
};

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

export function StepModal() {
  const { model, dispatch } = useEditor();
  const stepId = model.editingStepId;
  const index = model.floow.steps.findIndex((s) => s.id === stepId);
  const step = model.floow.steps[index];

  return (
    <Dialog
      open={Boolean(step)}
      onOpenChange={(open) => (open ? null : dispatch({ type: "modal/close" }))}
    >
      {step ? (
        <DialogContent className="max-w-3xl gap-0 p-0" aria-describedby={undefined}>
          <DialogHeader className="border-b border-grey-100 px-6 pt-5 pb-4">
            <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
              Step {index + 1}
            </p>
            <DialogTitle>Edit question</DialogTitle>
            <DialogDescription className="sr-only">
              Question, choices, conditions and events of this step.
            </DialogDescription>
          </DialogHeader>
          <StepForm step={step} />
          <div className="flex justify-end border-t border-grey-100 px-6 py-4">
            <Button onClick={() => dispatch({ type: "modal/close" })}>Done</Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function StepForm({ step }: { step: Step }) {
  const { updateStep } = useEditor();
  const update = (fn: (s: Step) => Step) => updateStep(step.id, fn);
  const typeId = useId();
  const isForm = step.type === "form";
  const hasChoices = step.type === "single" || step.type === "multiple";

  return (
    <Tabs defaultValue="question" className="flex min-h-0 flex-col">
      <TabsList className="px-6">
        <TabsTrigger value="question">Question</TabsTrigger>
        {hasChoices ? (
          <TabsTrigger value="choices">Choices ({step.choices.length})</TabsTrigger>
        ) : null}
        {isForm ? (
          <TabsTrigger value="inputs">Form inputs ({step.formInputs.length})</TabsTrigger>
        ) : null}
        <TabsTrigger value="conditions">Conditions ({step.conditions.length})</TabsTrigger>
        <TabsTrigger value="events">Events</TabsTrigger>
      </TabsList>
      <div className="max-h-[60dvh] overflow-y-auto px-6 pb-6">
        <TabsContent value="question" className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={typeId} className="text-sm font-medium text-grey-800">
              Type
            </label>
            <Select
              id={typeId}
              value={step.type}
              onChange={(event) =>
                update((s) => ({ ...s, type: event.target.value as Step["type"] }))
              }
            >
              {STEP_TYPES.map((type) => (
                <option key={type} value={type}>
                  {STEP_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-grey-800">Question</span>
            <RichText
              label="Question"
              value={step.text}
              onChange={(text) => update((s) => ({ ...s, text }))}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-grey-800">Image</span>
            <ImageField
              label="Question image"
              value={step.image}
              onChange={(image) => update((s) => ({ ...s, image }))}
            />
          </div>
        </TabsContent>
        {hasChoices ? (
          <TabsContent value="choices">
            <ChoicesEditor step={step} />
          </TabsContent>
        ) : null}
        {isForm ? (
          <TabsContent value="inputs">
            <FormInputsEditor step={step} />
          </TabsContent>
        ) : null}
        <TabsContent value="conditions">
          <ConditionsEditor step={step} />
        </TabsContent>
        <TabsContent value="events">
          <StepEvents step={step} />
        </TabsContent>
      </div>
    </Tabs>
  );
}

function ChoicesEditor({ step }: { step: Step }) {
  const { floow, updateStep, updateFloow } = useEditor();
  const selling = floow.type === "selling";
  const [focusId, setFocusId] = useState<string | null>(null);
  const setChoice = (choiceId: string, fn: (c: Choice) => Choice) =>
    updateStep(step.id, (s) => ({
      ...s,
      choices: s.choices.map((c) => (c.id === choiceId ? fn(c) : c)),
    }));
  const move = (from: number, to: number) =>
    updateStep(step.id, (s) => {
      const choices = [...s.choices];
      const [item] = choices.splice(from, 1);
      if (item) choices.splice(to, 0, item);
      return { ...s, choices };
    });

  return (
    <div className="flex flex-col gap-3">
      {selling ? (
        <p className="text-sm text-grey-600">
          Filters decide the products on the finish page. Choices of the same question widen each
          other (a product may match any picked choice); answers to different questions narrow each
          other (a product must match each). A choice without filters keeps every product.
        </p>
      ) : null}
      {step.choices.length === 0 ? (
        <p className="rounded-xl border border-dashed border-grey-300 px-4 py-6 text-center text-sm text-grey-500">
          No choices yet. Add the answers a visitor can pick.
        </p>
      ) : null}
      {step.choices.map((choice, i) => (
        <div
          key={choice.id}
          className="flex flex-col gap-3 rounded-xl border border-grey-200 bg-grey-50/60 p-4"
          data-testid="choice-editor"
        >
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold text-grey-500">Choice {i + 1}</span>
            <div className="flex items-center gap-0.5">
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={`Move choice ${i + 1} up`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <ChevronUpIcon />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={`Move choice ${i + 1} down`}
                disabled={i === step.choices.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <ChevronDownIcon />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-7 text-grey-500 hover:text-red-600"
                aria-label={`Delete choice ${i + 1}`}
                onClick={() => updateFloow((f) => removeChoice(f, step.id, choice.id))}
              >
                <TrashIcon size={15} />
              </Button>
            </div>
          </div>
          <RichText
            autoFocus={choice.id === focusId}
            compact
            label={`Choice ${i + 1}`}
            placeholder="Answer"
            value={choice.text}
            onChange={(text) => setChoice(choice.id, (c) => ({ ...c, text }))}
          />
          <ImageField
            compact
            label={`Choice ${i + 1} image`}
            value={choice.image}
            onChange={(image) => setChoice(choice.id, (c) => ({ ...c, image }))}
          />
          <div className="grid gap-2 sm:grid-cols-3">
            <SmallInput
              label="Data layer key"
              value={choice.event.dataLayer.key}
              onChange={(key) =>
                setChoice(choice.id, (c) => ({
                  ...c,
                  event: { ...c.event, dataLayer: { ...c.event.dataLayer, key } },
                }))
              }
            />
            <SmallInput
              label="Custom event"
              value={choice.event.dataLayer.customEvent}
              onChange={(customEvent) =>
                setChoice(choice.id, (c) => ({
                  ...c,
                  event: { ...c.event, dataLayer: { ...c.event.dataLayer, customEvent } },
                }))
              }
            />
            <SmallInput
              label="Activation key"
              value={choice.event.activation.key}
              // The activation platform's keys are lowercase (spec section 3).
              onChange={(key) =>
                setChoice(choice.id, (c) => ({
                  ...c,
                  event: {
                    ...c.event,
                    activation: { ...c.event.activation, key: key.toLowerCase() },
                  },
                }))
              }
            />
          </div>
          {selling ? <ChoiceFilters choiceId={choice.id} label={`choice ${i + 1}`} /> : null}
        </div>
      ))}
      <Button
        variant="outline"
        className="self-start"
        onClick={() => {
          const choice = createChoice({ stepId: step.id });
          setFocusId(choice.id);
          updateStep(step.id, (s) => ({ ...s, choices: [...s.choices, choice] }));
        }}
      >
        <PlusIcon size={16} />
        Add choice
      </Button>
    </div>
  );
}

function FormInputsEditor({ step }: { step: Step }) {
  const { updateStep } = useEditor();
  const setInput = (inputId: string, fn: (input: FormInput) => FormInput) =>
    updateStep(step.id, (s) => ({
      ...s,
      formInputs: s.formInputs.map((f) => (f.id === inputId ? fn(f) : f)),
    }));

  return (
    <div className="flex flex-col gap-3">
      {step.formInputs.map((input, i) => (
        <div
          key={input.id}
          className="flex flex-col gap-3 rounded-xl border border-grey-200 bg-grey-50/60 p-4"
        >
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold text-grey-500">Input {i + 1}</span>
            <Button
              size="icon"
              variant="ghost"
              className="size-7 text-grey-500 hover:text-red-600"
              aria-label={`Delete input ${i + 1}`}
              onClick={() =>
                updateStep(step.id, (s) => ({
                  ...s,
                  formInputs: s.formInputs.filter((f) => f.id !== input.id),
                }))
              }
            >
              <TrashIcon size={15} />
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <LabeledSelect
              label="Type"
              value={input.type}
              onChange={(event) => {
                const type = event.target.value as FormInputType;
                // A new type starts from that type's empty value (a list, a flag or text).
                setInput(input.id, (f) => ({
                  ...createFormInput({ type, id: f.id }),
                  label: f.label,
                  required: f.required,
                  options: f.options,
                }));
              }}
            >
              {FORM_INPUT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {humanize(type)}
                </option>
              ))}
            </LabeledSelect>
            <SmallInput
              label="Label"
              value={input.label}
              onChange={(label) => setInput(input.id, (f) => ({ ...f, label }))}
            />
          </div>
          {OPTION_FORM_INPUT_TYPES.includes(input.type) ? (
            <SmallInput
              label="Options (comma separated)"
              value={input.options.join(", ")}
              onChange={(text) =>
                setInput(input.id, (f) => ({
                  ...f,
                  options: text
                    .split(",")
                    .map((o) => o.trim())
                    .filter((o, j, all) => o !== "" || j === all.length - 1),
                }))
              }
            />
          ) : null}
          <Switch
            label="Required"
            checked={input.required}
            onChange={(required) => setInput(input.id, (f) => ({ ...f, required }))}
          />
        </div>
      ))}
      <Button
        variant="outline"
        className="self-start"
        onClick={() =>
          updateStep(step.id, (s) => ({ ...s, formInputs: [...s.formInputs, createFormInput()] }))
        }
      >
        <PlusIcon size={16} />
        Add input
      </Button>
    </div>
  );
}

function ConditionsEditor({ step }: { step: Step }) {
  const { floow, updateStep } = useEditor();
  const setCondition = (conditionId: string, fn: (c: Condition) => Condition) =>
    updateStep(step.id, (s) => ({
      ...s,
      conditions: s.conditions.map((c) => (c.id === conditionId ? fn(c) : c)),
    }));
  const otherSteps = floow.steps.filter((s) => s.id !== step.id);
  const stepLabel = (id: string) => {
    const i = floow.steps.findIndex((s) => s.id === id);
    return `${i + 1}. ${plainText(floow.steps[i]?.text ?? "") || "Untitled"}`;
  };

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
              <LabeledSelect
                label="When"
                value={condition.condition}
                onChange={(event) =>
                  setCondition(condition.id, (c) => ({
                    ...c,
                    condition: event.target.value as ConditionType,
                  }))
                }
              >
                {CONDITION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {CONDITION_LABELS[type]}
                  </option>
                ))}
              </LabeledSelect>
              {condition.condition === "always" ? null : (
                <LabeledSelect
                  label="Choice"
                  value={condition.conditionChoiceId ?? ""}
                  onChange={(event) =>
                    setCondition(condition.id, (c) => ({
                      ...c,
                      conditionChoiceId: event.target.value || null,
                    }))
                  }
                >
                  <option value="">Choose a choice…</option>
                  {step.choices.map((choice, j) => (
                    <option key={choice.id} value={choice.id}>
                      {plainText(choice.text) || `Choice ${j + 1}`}
                    </option>
                  ))}
                </LabeledSelect>
              )}
              <LabeledSelect
                label="Then"
                value={condition.consequence}
                onChange={(event) =>
                  setCondition(condition.id, (c) => ({
                    ...c,
                    consequence: event.target.value as ConsequenceType,
                  }))
                }
              >
                {CONSEQUENCE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {CONSEQUENCE_LABELS[type]}
                  </option>
                ))}
              </LabeledSelect>
              {condition.consequence === "goToFinish" ? null : (
                <LabeledSelect
                  label="Step"
                  value={condition.consequenceStepId ?? ""}
                  onChange={(event) =>
                    setCondition(condition.id, (c) => ({
                      ...c,
                      consequenceStepId: event.target.value || null,
                      consequenceChoiceIds: [],
                    }))
                  }
                >
                  <option value="">Choose a step…</option>
                  {otherSteps.map((s) => (
                    <option key={s.id} value={s.id}>
                      {stepLabel(s.id)}
                    </option>
                  ))}
                </LabeledSelect>
              )}
            </div>
            {choosesChoices && target ? (
              <fieldset className="flex flex-wrap gap-2">
                <legend className="pb-1 text-xs font-medium text-grey-600">
                  Choices of that step
                </legend>
                {target.choices.map((choice, j) => {
                  const checked = condition.consequenceChoiceIds.includes(choice.id);
                  return (
                    <label
                      key={choice.id}
                      className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-grey-200 bg-white px-2 py-1 text-xs"
                    >
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={() =>
                          setCondition(condition.id, (c) => ({
                            ...c,
                            consequenceChoiceIds: checked
                              ? c.consequenceChoiceIds.filter((id) => id !== choice.id)
                              : [...c.consequenceChoiceIds, choice.id],
                          }))
                        }
                      />
                      {plainText(choice.text) || `Choice ${j + 1}`}
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

function StepEvents({ step }: { step: Step }) {
  const { updateStep } = useEditor();
  const set = (fn: (event: Step["event"]) => Step["event"]) =>
    updateStep(step.id, (s) => ({ ...s, event: fn(s.event) }));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-grey-600">
        Keys under which this question&apos;s answer is sent to the data layer and the activation
        platform.
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <SmallInput
          label="Data layer key"
          value={step.event.dataLayer.key}
          onChange={(key) => set((e) => ({ ...e, dataLayer: { ...e.dataLayer, key } }))}
        />
        <LabeledSelect
          label="Data layer value"
          value={step.event.dataLayer.type}
          onChange={(event) =>
            set((e) => ({
              ...e,
              dataLayer: { ...e.dataLayer, type: event.target.value as "single" },
            }))
          }
        >
          {EVENT_VALUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {humanize(type)}
            </option>
          ))}
        </LabeledSelect>
        <SmallInput
          label="Activation key"
          value={step.event.activation.key}
          onChange={(key) => set((e) => ({ ...e, activation: { ...e.activation, key } }))}
        />
        <LabeledSelect
          label="Activation value"
          value={step.event.activation.type}
          onChange={(event) =>
            set((e) => ({
              ...e,
              activation: { ...e.activation, type: event.target.value as "single" },
            }))
          }
        >
          {EVENT_VALUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {humanize(type)}
            </option>
          ))}
        </LabeledSelect>
      </div>
    </div>
  );
}

function SmallInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-grey-600">
        {label}
      </label>
      <Input
        id={id}
        className="h-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function LabeledSelect({
  label,
  children,
  ...props
}: { label: string } & ComponentProps<typeof Select>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-grey-600">
        {label}
      </label>
      <Select id={id} className="h-9" {...props}>
        {children}
      </Select>
    </div>
  );
}
