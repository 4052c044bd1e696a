import type { Product } from "../feed/types";
import type { EventEntry } from "../floow/types";
import type { FormInputType } from "../form-input/constants";
import type { FormInputValue } from "../form-input/types";
import type { EVENT_NAME, FloowEventType } from "./constants";

/** A step as an event names it: the question as plain text and the step's event keys. */
export interface FloowEventStep {
  id: string;
  text: string;
  /** The step's data-layer key and value type (absent in messages of older runtimes). */
  dataLayer?: EventEntry;
  /** The step's activation-platform key and value type. */
  activation?: EventEntry;
}

/** A choice as an event names it, with whether it is chosen and the choice's event keys. */
export interface FloowEventChoice {
  id: string;
  text: string;
  selected: boolean;
  /** The choice's value for its step's data-layer key, and its custom data-layer event name. */
  dataLayer?: { key: string; customEvent: string };
  /** The choice's activation-platform key (lowercase) and value type. */
  activation?: EventEntry;
}

/** The message a shown floow posts to the host page (and its data layer); docs/events.md. */
export interface FloowEventMessage {
  event: typeof EVENT_NAME;
  /** The events contract version (`EVENTS_VERSION`). */
  v: number;
  id: string;
  organizationId: string;
  domainId: string;
  floowId: string;
  /**
   * The published version of the floow the shopper was shown (`PublicFloow.floowVersion`);
   * added in v1 as an optional field, absent for a floow without versions (the preview).
   */
  floowVersion?: number;
  sessionId: string;
  /**
   * The runtime's first-party visitor id, kept only with the page's analytics consent
   * (docs/events.md "Consent"): null without it; absent in messages of older runtimes.
   */
  visitorId?: string | null;
  /**
   * The visitor's arm of the floow's running experiment (`PublicFloow.variantId`: a variant or
   * the holdout; docs/analytics.md "Experiments"); added in v1 as an optional field, absent
   * while no experiment runs.
   */
  variantId?: string;
  /** ISO 8601. */
  createdAt: string;
  type: FloowEventType;
  step?: FloowEventStep;
  choices?: FloowEventChoice[];
  formInputs?: { id: string; type: FormInputType; text: string; value: FormInputValue }[];
  product?: Product;
  products?: Product[];
  /** `finish` of a selling floow: whether the results were a best partial match. */
  partial?: boolean;
}
