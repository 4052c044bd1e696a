/** The events contract version (docs/events.md, `v` of every message); bumped on a breaking change. */
export const EVENTS_VERSION = 1;

/** The data-layer message name of every event a floow posts to the host page. */
export const EVENT_NAME = "floows" as const;

/**
 * The types webhooks and integrations can receive: every interaction, all but `holdout`
 * (below).
 */
export const WEBHOOK_EVENT_TYPES = [
  "mount",
  "start",
  "choice",
  "form",
  "finish",
  "product",
  "restart",
  "close",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Every event type: the interactions, and `holdout`, an experiment's own measurement of a
 * visitor who was shown nothing (docs/events.md), which goes to the server only.
 */
export const EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, "holdout"] as const;
export type FloowEventType = (typeof EVENT_TYPES)[number];

/** The public events call takes at most this many events per request. */
export const EVENT_BATCH_MAX = 100;

/** Longest id (message, floow, session, step, choice, input) an event may carry. */
export const EVENT_ID_MAX = 200;
/** Longest text inside a product or a form value of an event. */
export const EVENT_STRING_MAX = 10_000;
/** How deep a product of an event may nest (the runtime sends flat records). */
export const EVENT_PRODUCT_DEPTH_MAX = 5;
/** How many values (fields, list items) one product of an event may hold. */
export const EVENT_PRODUCT_VALUES_MAX = 1_000;
