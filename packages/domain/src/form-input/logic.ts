import { isBlank, isEmail } from "../validation/checkers";
import { FORM_PHONE_PATTERN } from "./constants";
import type { FormInputMessageKey, FormInputMessages } from "./messages";
import type { FormInput } from "./types";

export interface FormInputError {
  inputId: string;
  message: string;
}

type InputLike = Pick<FormInput, "id" | "type" | "required" | "options"> & {
  value?: FormInput["value"];
};

/** The message key of the first rule an input's value breaks, or null. */
export function formInputError(input: InputLike, value: unknown): FormInputMessageKey | null {
  const options = input.options ?? [];
  if (input.type === "multiselect") {
    const values = Array.isArray(value) ? value : isBlank(value) ? [] : [value];
    if (input.required && values.length === 0) return "required";
    if (values.some((v) => !options.includes(String(v)))) return "option";
    return null;
  }
  if (input.type === "checkbox") {
    const on = value === true || value === "true" || value === "on";
    return input.required && !on ? "checked" : null;
  }
  if (isBlank(value)) return input.required ? "required" : null;
  if (input.type === "dropdown") return options.includes(String(value)) ? null : "option";
  if (input.type === "number") {
    const n = typeof value === "number" ? value : toNumber(String(value));
    return Number.isFinite(n) && n > 0 ? null : "number";
  }
  if (input.type === "email") return isEmail(String(value)) ? null : "email";
  if (input.type === "phone") return FORM_PHONE_PATTERN.test(String(value).trim()) ? null : "phone";
  return null;
}

/**
 * The invalid inputs of a shown floow with their messages. The value of an input is
 * `values[input.id]` when present, else the input's own `value`.
 * - required: fails when empty, blank or an empty list (a required checkbox must be
 *   ticked: "This field should be checked");
 * - dropdown: a value must be one of its options;
 * - multiselect: at least one value when required, and every value among the options;
 * - number: when filled, a positive number; email: when filled, valid;
 * - phone: when filled, an optional plus followed by digits, spaces, hyphens or parentheses,
 *   with at least one digit.
 * The messages are given, not looked up by language: the script-tag renderer passes the ones
 * its floow came with (`PublicFloow.texts.messages`), so it bundles no message catalogue.
 */
export function formInputErrors(
  inputs: readonly InputLike[],
  values: Readonly<Record<string, unknown>>,
  messages: FormInputMessages,
): FormInputError[] {
  const errors: FormInputError[] = [];
  for (const input of inputs) {
    const value = Object.hasOwn(values, input.id) ? values[input.id] : input.value;
    const key = formInputError(input, value);
    if (key) errors.push({ inputId: input.id, message: messages[key] });
  }
  return errors;
}

/** A typed number: `12`, `12.5` or the Dutch `12,5`. */
function toNumber(value: string): number {
  const t = value.trim();
  return /^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/.test(t) ? Number(t.replace(",", ".")) : Number.NaN;
}
