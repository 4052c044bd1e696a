import { DEFAULT_STEP_TEXT } from "../floow/constants";
import { plainLabel } from "../insights/ranking";

/** Sentences name a step or choice by at most this many characters of its text. */
export const LABEL_LENGTH = 40;

/** A rich text as a short plain label: tags dropped, entities read, cut with "…". */
export function shortText(html: string | null | undefined, max = LABEL_LENGTH): string {
  // Inline tags join their text (`Which <b>bike</b>?`); plainLabel spaces out the rest.
  const plain = plainLabel(
    (html ?? "").replace(/<\/?(a|b|em|i|mark|s|small|span|strong|sub|sup|u|code)\b[^>]*>/gi, ""),
  );
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`;
}

/** `Step "Which bike?"`, or `Step 3` when the step has no text of its own (none, or the default). */
export function stepName(step: { text: string }, position: number): string {
  const label = shortText(step.text);
  return label && label !== shortText(DEFAULT_STEP_TEXT)
    ? `Step "${label}"`
    : `Step ${position + 1}`;
}

/** `choice "Road"`, or `choice 2` when it has no text. */
export function choiceName(choice: { text: string }, position: number): string {
  const label = shortText(choice.text);
  return label ? `choice "${label}"` : `choice ${position + 1}`;
}

/**
 * Whether two JSON values are the same, whatever the order of object keys: the database
 * keeps the configuration as jsonb, which gives objects back with their keys reordered.
 * A missing key and `undefined` are the same.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValue(left[key], right[key])) return false;
  return true;
}

/** The keys of two objects whose values differ (`sameValue`), in `a`'s order then `b`'s. */
export function changedKeys<T extends object>(a: T, b: T): (keyof T & string)[] {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys.filter((key) => !sameValue(left[key], right[key])) as (keyof T & string)[];
}
