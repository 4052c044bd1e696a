export const FORM_INPUT_TYPES = [
  "text",
  "textarea",
  "email",
  "phone",
  "number",
  "date",
  "dropdown",
  "multiselect",
  "checkbox",
] as const;
export type FormInputType = (typeof FORM_INPUT_TYPES)[number];

/** Form inputs that choose among `options`. */
export const OPTION_FORM_INPUT_TYPES: readonly FormInputType[] = ["dropdown", "multiselect"];

/**
 * Phone inputs of a shown floow: an optional plus, then digits, spaces, hyphens or
 * parentheses, with at least one digit (`---` or `()` is no phone number).
 */
export const FORM_PHONE_PATTERN = /^\+?[\s\-()]*\d[\d\s\-()]*$/;
