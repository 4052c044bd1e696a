import { createFormInput } from "@floow/domain/floow";
import { FORM_INPUT_TYPES, OPTION_FORM_INPUT_TYPES } from "@floow/domain/form-input";
import type { Step } from "@floow/domain/floow";
import type { FormInput, FormInputType } from "@floow/domain/form-input";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { Button, PlusIcon, TrashIcon } from "@floow/ui";
import { useEditor } from "../editor-context";
import { humanize, Switch } from "../shared";
import { LabeledSelect, SmallInput } from "./fields";

/** The Form inputs tab of a form step. */
export function FormInputsEditor({ step }: { step: Step }) {
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
              maxLength={TEXT_LIMITS.label}
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
