/**
 * The pre-publish check (issue 26, docs/editor.md "The pre-publish check"): what publishing
 * the draft changes against the live version, and what is wrong with the draft.
 */

/** The place in the editor an item or change is about, so the dashboard can link to it. */
export interface CheckTarget {
  page: "start" | "step" | "finish" | "settings" | "style" | "triggers";
  stepId?: string;
  choiceId?: string;
}

export type FloowChangeArea =
  | "settings"
  | "start"
  | "steps"
  | "choices"
  | "filters"
  | "conditions"
  | "texts"
  | "style"
  | "triggers"
  | "finish";

/** One change of the draft against the live version, as a sentence. */
export interface FloowChange {
  area: FloowChangeArea;
  kind: "added" | "removed" | "changed";
  /** A readable English sentence, e.g. `Step "Which bike?": question text changed`. */
  text: string;
  target?: CheckTarget;
}

/** Errors block publishing; warnings do not. */
export type CheckSeverity = "error" | "warning";

/** One finding of the check. */
export interface CheckItem {
  severity: CheckSeverity;
  /**
   * A stable id of the rule, e.g. `dead-end`. The `a11y-…` ids are the dashboard's (axe on
   * the rendered preview); the server's rules never use that prefix.
   */
  rule: string;
  message: string;
  target?: CheckTarget;
}

/** `floow.publishCheck`'s answer. */
export interface PublishCheck {
  /** The live version's number, or null when the floow was never published. */
  liveVersion: number | null;
  changes: FloowChange[];
  items: CheckItem[];
}
