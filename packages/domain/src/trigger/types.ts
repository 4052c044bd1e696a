import type { RouteType, TriggerAttribute, TriggerTarget } from "./constants";

/** Where a floow mounts on the merchant's site (an entry of a floow's `triggers`). */
export interface Trigger {
  /** Not in the original (which deletes by index); generated so lists have stable keys. */
  id?: string;
  route: string;
  routeType: RouteType;
  attribute: TriggerAttribute;
  value: string;
  target: TriggerTarget;
}
