/**
 * Trigger evaluation in the page: the route rules and the element lookup come from
 * `@floow/domain/logic`; which trigger wins and the debug log are the runtime's part.
 */
import type {
  TRIGGER_POSITIONS,
  Trigger,
  TriggerMatch,
  TriggerPosition,
  findTriggerElement,
  matchTrigger,
} from "@floow/domain/logic";

/**
 * The domain's trigger rules, passed in rather than imported by the controller: the script
 * tag's renderer then uses the loader's copy (already on the page) instead of shipping a
 * second one. A tuple, not an object: its keys would cost the 2 kB loader.
 */
export type TriggerRules = readonly [
  typeof matchTrigger,
  typeof findTriggerElement,
  typeof TRIGGER_POSITIONS,
];

export interface TriggerTarget {
  trigger: Trigger;
  element: Element;
  position: TriggerPosition;
}

/** Called for each trigger tried (`?floowsDebug=true` logs these). */
export type TriggerLog = (trigger: Trigger, match: TriggerMatch, element: Element | null) => void;

/** The first trigger whose route matches `url` and whose element is in the page. */
export function findTarget(
  rules: TriggerRules,
  triggers: readonly Trigger[],
  url: string,
  root: Document = document,
  log?: TriggerLog | false,
): TriggerTarget | null {
  const [matchTrigger, findTriggerElement, TRIGGER_POSITIONS] = rules;
  for (const trigger of triggers) {
    const match = matchTrigger(trigger, url);
    const element = match.matches ? findTriggerElement(trigger, root) : null;
    if (log) log(trigger, match, element);
    if (element)
      return { trigger, element, position: TRIGGER_POSITIONS[trigger.target] ?? "beforeend" };
  }
  return null;
}
