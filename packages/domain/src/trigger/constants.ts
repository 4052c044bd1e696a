export const ROUTE_TYPES = ["startsWith", "strict"] as const;
export type RouteType = (typeof ROUTE_TYPES)[number];

export const TRIGGER_ATTRIBUTES = ["id", "class"] as const;
export type TriggerAttribute = (typeof TRIGGER_ATTRIBUTES)[number];

export const TRIGGER_TARGETS = ["inside", "before", "after"] as const;
export type TriggerTarget = (typeof TRIGGER_TARGETS)[number];

/** The values the trigger form resets to after a create. */
export const DEFAULT_TRIGGER = {
  routeType: "startsWith",
  attribute: "id",
  target: "inside",
} as const;

/** Where a trigger target puts the floow, as `insertAdjacentElement` positions. */
export const TRIGGER_POSITIONS = {
  inside: "beforeend",
  before: "beforebegin",
  after: "afterend",
} as const satisfies Record<TriggerTarget, InsertPosition>;
type InsertPosition = "beforebegin" | "afterbegin" | "beforeend" | "afterend";
export type TriggerPosition = (typeof TRIGGER_POSITIONS)[TriggerTarget];
