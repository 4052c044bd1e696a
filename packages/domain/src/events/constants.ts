/** The events contract version (docs/events.md, `v` of every message); bumped on a breaking change. */
export const EVENTS_VERSION = 1;

/** The data-layer message name of every event a floow posts to the host page. */
export const EVENT_NAME = "floows" as const;

export const EVENT_TYPES = [
  "mount",
  "start",
  "choice",
  "form",
  "finish",
  "product",
  "restart",
  "close",
] as const;
export type FloowEventType = (typeof EVENT_TYPES)[number];

/** The public events call takes at most this many events per request. */
export const EVENT_BATCH_MAX = 100;
