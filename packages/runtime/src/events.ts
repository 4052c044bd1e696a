/**
 * Event messages (docs/events.md, the public contract): built here, then pushed to the host
 * page's `window.dataLayer`, posted to the parent page when the floow runs in an iframe,
 * handed to `on()` listeners, and sent to `POST {apiUrl}/api/public/events` in batches.
 */
import { EVENT_BATCH_MAX, createEventMessage } from "@floow/domain/logic";
import type {
  Choice,
  FloowEventChoice,
  FloowEventMessage,
  FloowEventStep,
  FloowEventType,
  FormInput,
  FormInputValue,
  Step,
} from "@floow/domain/logic";
import { htmlToText } from "./sanitize";

export { EVENTS_VERSION } from "@floow/domain/logic";

/** A step in an event: the domain's message step, with its data-layer and activation keys always set. */
export type EventStep = Required<FloowEventStep>;

/** A choice in an event: the domain's message choice, with its keys always set. */
export type EventChoice = Required<FloowEventChoice>;

export interface EventFormInput {
  id: string;
  type: FormInput["type"];
  text: string;
  value: FormInputValue;
}

/** The message of one interaction: the spec's event message plus the keys of its step and choices. */
export interface FloowEvent extends Omit<FloowEventMessage, "step" | "choices" | "formInputs"> {
  step?: EventStep;
  choices?: EventChoice[];
  formInputs?: EventFormInput[];
}

export type FloowEventPayload = Pick<
  FloowEvent,
  "step" | "choices" | "formInputs" | "product" | "products"
>;

export interface EventContext {
  organizationId: string;
  domainId: string;
  floowId: string;
  /** The live version's number from the public answer (none in the editor's preview). */
  floowVersion?: number;
  sessionId: string;
  /** The visitor id (session.ts): null without the page's analytics consent. */
  visitorId?: string | null;
  /** The visitor's arm of the floow's running experiment (`PublicFloow.variantId`). */
  variantId?: string;
}

type StepLike = Pick<Step, "id" | "text"> & { event?: Partial<Step["event"]> };
type ChoiceLike = Pick<Choice, "id" | "text"> & { event?: Partial<Choice["event"]> };

export function eventStep(step: StepLike): EventStep {
  return {
    id: step.id,
    text: htmlToText(step.text),
    dataLayer: { key: "", type: "single", ...step.event?.dataLayer },
    activation: { key: "", type: "single", ...step.event?.activation },
  };
}

export function eventChoices(
  choices: readonly ChoiceLike[],
  selectedIds: Iterable<string>,
): EventChoice[] {
  const selected = new Set(selectedIds);
  return choices.map(({ id, text, event }) => ({
    id,
    text: htmlToText(text),
    selected: selected.has(id),
    dataLayer: { key: "", customEvent: "", ...event?.dataLayer },
    activation: {
      type: "single",
      ...event?.activation,
      key: (event?.activation?.key ?? "").toLowerCase(),
    },
  }));
}

export function eventFormInputs(
  inputs: readonly Pick<FormInput, "id" | "type" | "label" | "value">[],
  values: Readonly<Record<string, unknown>>,
): EventFormInput[] {
  return inputs.map((input) => {
    const value = Object.hasOwn(values, input.id) ? values[input.id] : input.value;
    return {
      id: input.id,
      type: input.type,
      text: htmlToText(input.label),
      value: (value ?? null) as FormInputValue,
    };
  });
}

export function buildEvent(
  context: EventContext,
  type: FloowEventType,
  payload: FloowEventPayload = {},
  now?: Date,
): FloowEvent {
  // The payload's steps and choices carry their keys: that is what makes it a FloowEvent.
  return createEventMessage(context, type, payload, now) as FloowEvent;
}

// --- Listeners -----------------------------------------------------------------------------

export type EventHandler = (event: FloowEvent) => void;
export type EventFilter = FloowEventType | "*";

export class Listeners {
  private _list = new Set<[EventFilter, EventHandler]>();

  on(type: EventFilter, handler: EventHandler): () => void {
    const entry: [EventFilter, EventHandler] = [type, handler];
    this._list.add(entry);
    return () => this._list.delete(entry);
  }

  emit(event: FloowEvent): void {
    for (const [type, handler] of this._list) {
      if (type !== "*" && type !== event.type) continue;
      try {
        handler(event);
      } catch (error) {
        // A failing page handler must not break the floow.
        console.error("[floows]", error);
      }
    }
  }

  clear(): void {
    this._list.clear();
  }
}

// --- Host page ------------------------------------------------------------------------------

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * Pushes the message to `window.dataLayer` (created when missing), and for a choice with a
 * custom data-layer event also `{ event: customEvent, floows: message }`; posts the message
 * to the parent page when running in an iframe (any target origin, as the spec says).
 */
export function publishToPage(event: FloowEvent, win: Window = window): void {
  const w = win as DataLayerWindow;
  const layer = Array.isArray(w.dataLayer) ? w.dataLayer : (w.dataLayer = []);
  layer.push(event);
  if (event.type === "choice") {
    for (const choice of event.choices ?? []) {
      if (choice.selected && choice.dataLayer.customEvent) {
        layer.push({ event: choice.dataLayer.customEvent, floows: event });
      }
    }
  }
  try {
    if (win.parent && win.parent !== win) win.parent.postMessage(event, "*");
  } catch {
    // A message that cannot be cloned or a detached parent: the data layer has it.
  }
}

// --- Server batches -------------------------------------------------------------------------

/** keepalive fetches and beacons may carry 64 KiB in flight; batches stay well below. */
export const BATCH_MAX_CHARS = 30_000;
/** What a beacon or a keepalive fetch may carry, in bytes. */
export const KEEPALIVE_MAX_BYTES = 64 * 1024;
export const FLUSH_DELAY_MS = 1000;
const MAX_ATTEMPTS = 3;

/**
 * Splits events into batches of at most `maxCount` events and about `maxChars` characters of
 * JSON (a character is 1 to 3 bytes of UTF-8, so a batch stays under 64 KiB).
 */
export function toBatches(
  events: readonly FloowEvent[],
  maxCount = EVENT_BATCH_MAX,
  maxChars = BATCH_MAX_CHARS,
): FloowEvent[][] {
  const batches: FloowEvent[][] = [];
  let size = 0;
  for (const event of events) {
    const length = JSON.stringify(event).length;
    const last = batches[batches.length - 1];
    if (last && last.length < maxCount && size + length <= maxChars) {
      last.push(event);
      size += length;
    } else {
      batches.push([event]);
      size = length;
    }
  }
  return batches;
}

export interface Transport {
  /** Resolves true when the server took the batch (or refused it for good). */
  send(url: string, body: string): Promise<boolean>;
  beacon(url: string, body: string): boolean;
}

/**
 * Plain-text JSON: a CORS "simple" request (no preflight) and what sendBeacon sends; the
 * public API reads `text/plain` bodies as JSON. keepalive (the fetch outlives the page) only
 * for bodies it may carry: browsers refuse a larger keepalive fetch outright, while a plain
 * one still goes (one event can exceed the batch size, which `toBatches` cannot split).
 */
export const fetchTransport: Transport = {
  send: (url, body) =>
    fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "text/plain;charset=UTF-8" },
      credentials: "omit",
      keepalive: new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES,
    }).then(
      // A 4xx other than 429 would fail again: it counts as done.
      ({ ok, status }) => ok || (status >= 400 && status < 500 && status !== 429),
      () => false,
    ),
  beacon: (url, body) => {
    try {
      return navigator.sendBeacon(url, body);
    } catch {
      return false;
    }
  },
};

/**
 * Batches events for one API: flushed on a short timer, and with sendBeacon when the page
 * is hidden or unloaded, so a visitor closing the tab mid-floow loses nothing. A batch the
 * server did not take is tried again later, backing off, up to 3 times.
 */
export class EventQueue {
  private _items: FloowEvent[] = [];
  private _timer?: ReturnType<typeof setTimeout>;
  private _failures = 0;
  private readonly _url: string;
  private readonly _onHide = (event: Event) => {
    if (event.type === "pagehide" || document.visibilityState === "hidden") void this.flush(true);
  };

  constructor(
    apiUrl: string,
    private readonly _transport: Transport = fetchTransport,
    private readonly _delay = FLUSH_DELAY_MS,
  ) {
    this._url = `${apiUrl.replace(/\/+$/, "")}/api/public/events`;
    addEventListener("pagehide", this._onHide);
    document.addEventListener("visibilitychange", this._onHide);
  }

  get size(): number {
    return this._items.length;
  }

  add(event: FloowEvent): void {
    this._items.push(event);
    this._schedule(this._delay);
  }

  private _schedule(ms: number): void {
    this._timer ??= setTimeout(() => void this.flush(), ms);
  }

  /** Sends what is queued: with fetch, or with sendBeacon when the page is going away. */
  async flush(beacon = false): Promise<void> {
    clearTimeout(this._timer);
    this._timer = undefined;
    for (const batch of toBatches(this._items.splice(0))) {
      const body = JSON.stringify({ events: batch });
      if (beacon) {
        // No beacon (or refused): a keepalive fetch also outlives the page.
        if (!this._transport.beacon(this._url, body)) void this._transport.send(this._url, body);
      } else if (await this._transport.send(this._url, body)) {
        this._failures = 0;
      } else if (++this._failures < MAX_ATTEMPTS) {
        this._items.unshift(...batch);
        this._schedule(this._delay * 2 ** this._failures);
      } else {
        this._failures = 0;
      }
    }
  }

  /** Sends what is left and stops listening to the page. */
  close(): void {
    void this.flush(true);
    removeEventListener("pagehide", this._onHide);
    document.removeEventListener("visibilitychange", this._onHide);
  }
}
