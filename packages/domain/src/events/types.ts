import type { Product } from "../feed/types";
import type { FormInputType } from "../form-input/constants";
import type { FormInputValue } from "../form-input/types";
import type { EVENT_NAME, FloowEventType } from "./constants";

/** The message a shown floow posts to the host page (and its data layer). */
export interface FloowEventMessage {
  event: typeof EVENT_NAME;
  id: string;
  organizationId: string;
  domainId: string;
  floowId: string;
  sessionId: string;
  /** ISO 8601. */
  createdAt: string;
  type: FloowEventType;
  step?: { id: string; text: string };
  choices?: { id: string; text: string; selected: boolean }[];
  formInputs?: { id: string; type: FormInputType; text: string; value: FormInputValue }[];
  product?: Product;
  products?: Product[];
}
