import { FORM_INPUT_MESSAGES } from "../form-input/messages";
import { RUNTIME_TEXTS } from "../public/texts";
import { FIELD_MESSAGES } from "../validation/checkers";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { AI_LOADING_MESSAGES, ERROR_PAGES, TOASTS } from "./toasts";

export { AI_LOADING_MESSAGES, ERROR_PAGES, TOASTS } from "./toasts";

/** Every user-facing text of the domain in one object. */
export const MESSAGES = {
  toasts: TOASTS,
  validation: VALIDATION_MESSAGES,
  fields: FIELD_MESSAGES,
  formInputs: FORM_INPUT_MESSAGES,
  runtime: RUNTIME_TEXTS,
  errorPages: ERROR_PAGES,
  aiLoading: AI_LOADING_MESSAGES,
} as const;
