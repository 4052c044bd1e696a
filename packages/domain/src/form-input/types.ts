import type { FormInputType } from "./constants";

export type FormInputValue = string | number | boolean | string[] | null;

/** A field of a form step in a shown floow. */
export interface FormInput {
  id: string;
  type: FormInputType;
  label: string;
  value: FormInputValue;
  required: boolean;
  options: string[];
}
