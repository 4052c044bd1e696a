import type { FormInput, Step } from "@floow/domain/logic";
import { htmlToText } from "../sanitize";
import { Fragment, h } from "preact";
import type { Ui } from "./ui";

const INPUT_TYPES: Partial<Record<FormInput["type"], string>> = {
  email: "email",
  phone: "tel",
  date: "date",
};

/**
 * The inputs of a form step. Validation (domain `validateFormInputs`) runs on blur, on input
 * (debounced 300 ms, in `Flow.type`), on change and on submit (Next); an input's error
 * shows once the input has been touched in one of those ways.
 */
export function FormStep({ ui, step }: { ui: Ui; step: Step }) {
  const { flow, texts } = ui;
  const errors = flow.formErrors(step);
  const { values, touched } = flow.state;
  return (
    <form
      class="form"
      noValidate
      onSubmit={(event: Event) => {
        event.preventDefault();
        flow.next();
      }}
    >
      {step.formInputs.map((input) => {
        const id = `i-${input.id}`;
        const error = touched[input.id] ? errors[input.id] : undefined;
        const value = values[input.id];
        const list = Array.isArray(value) ? value : [];
        const label = (
          <>
            {htmlToText(input.label)}
            {input.required && (
              <span class="req" aria-hidden="true">
                *
              </span>
            )}
          </>
        );
        const aria = {
          "aria-invalid": error ? "true" : "false",
          "aria-describedby": error ? `${id}-e` : undefined,
          "aria-required": input.required ? "true" : undefined,
        } as const;
        const text = {
          id,
          class: "input",
          value: value == null ? "" : String(value),
          placeholder: texts.typeHere,
          onBlur: () => flow.touch(input.id),
          onInput: (e: Event) => flow.type(input.id, (e.currentTarget as HTMLInputElement).value),
          onChange: (e: Event) =>
            flow.setValue(input.id, (e.currentTarget as HTMLInputElement).value, true),
          ...aria,
        };
        return (
          <div class="field" key={input.id}>
            {input.type === "checkbox" ? (
              <label class="opt">
                <input
                  type="checkbox"
                  id={id}
                  checked={value === true}
                  onChange={(e: Event) =>
                    flow.setValue(input.id, (e.currentTarget as HTMLInputElement).checked, true)
                  }
                  {...aria}
                />
                <span>{label}</span>
              </label>
            ) : input.type === "multiselect" ? (
              <fieldset {...aria}>
                <legend class="legend">{label}</legend>
                {input.options.map((option) => (
                  <label class="opt" key={option}>
                    <input
                      type="checkbox"
                      checked={list.includes(option)}
                      onChange={(e: Event) =>
                        flow.setValue(
                          input.id,
                          (e.currentTarget as HTMLInputElement).checked
                            ? [...list, option]
                            : list.filter((o) => o !== option),
                          true,
                        )
                      }
                    />
                    <span>{option}</span>
                  </label>
                ))}
              </fieldset>
            ) : (
              <>
                <label for={id}>{label}</label>
                {input.type === "dropdown" ? (
                  <select {...text}>
                    <option value="">{texts.choose}</option>
                    {input.options.map((option) => (
                      <option key={option}>{option}</option>
                    ))}
                  </select>
                ) : input.type === "textarea" ? (
                  <textarea {...text} />
                ) : (
                  <input
                    {...text}
                    // Preact's types tie attributes to one input type; this one varies.
                    type={(INPUT_TYPES[input.type] ?? "text") as "text"}
                    inputmode={input.type === "number" ? "decimal" : undefined}
                  />
                )}
              </>
            )}
            {error ? (
              <p class="error" id={`${id}-e`} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {/* Enter in a text input submits: Next. */}
      <button type="submit" hidden tabIndex={-1} />
    </form>
  );
}
