/**
 * The pre-publish check's accessibility part (issue 26): axe-core runs on the draft as the
 * runtime renders it (in the publish dialog's preview frame, inside the runtime's open
 * shadow root), page by page: start, each step, finish. axe-core is loaded only here, when
 * the dialog opens (about 0.5 MB: never in the editor's first load).
 *
 * Findings become check items: `serious` and `critical` violations are errors, the others
 * warnings, with `rule: "a11y-<axe rule id>"` (the server's rules never use that prefix).
 */
import type { Domain } from "@floow/domain/domain";
import type { Floow } from "@floow/domain/floow";
import type { CheckItem, CheckTarget } from "@floow/domain/publish";
import type { PublicResults } from "@floow/domain/public";
import { mount } from "@floow/runtime";
import type { View } from "@floow/runtime";
import type { AxeResults, Result } from "axe-core";
import { plainText } from "../shared";

/** WCAG 2.x A and AA: the page-level best practices (a main landmark, one h1) are the merchant page's business. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Where the runtime's re-render after a change of view has surely happened. */
const SETTLE_MS = 120;

interface Page {
  view: View;
  place: string;
  target: CheckTarget;
}

function pagesOf(floow: Floow): Page[] {
  return [
    { view: { kind: "start" }, place: "Start page", target: { page: "start" } },
    ...floow.steps.map((step, index) => ({
      view: { kind: "step" as const, stepId: step.id },
      place: `Step "${plainText(step.text) || `Step ${index + 1}`}"`,
      target: { page: "step" as const, stepId: step.id },
    })),
    { view: { kind: "finish" }, place: "Finish page", target: { page: "finish" } },
  ];
}

const settle = () =>
  new Promise<void>((resolve) =>
    setTimeout(() => requestAnimationFrame(() => resolve()), SETTLE_MS),
  );

export function toCheckItem(violation: Result, place: string, target: CheckTarget): CheckItem {
  const severe = violation.impact === "serious" || violation.impact === "critical";
  const count = violation.nodes.length;
  return {
    severity: severe ? "error" : "warning",
    rule: `a11y-${violation.id}`,
    message: `${place}: ${violation.help}${count > 1 ? ` (${count} elements)` : ""}.`,
    target,
  };
}

export type A11yCheck = (
  host: HTMLElement,
  floow: Floow,
  domain: Domain | null,
  results: (floow: Floow, choiceIds: string[]) => Promise<PublicResults>,
  /** Aborted: the rendered draft is removed (the dialog closed). */
  signal: AbortSignal,
) => Promise<CheckItem[]>;

/**
 * Renders the floow into `host` (visible, laid out) and runs axe on each of its pages; the
 * draft stays shown on its start page afterwards, until `signal` aborts.
 */
export const checkAccessibility: A11yCheck = async (host, floow, domain, results, signal) => {
  const { default: axe } = await import("axe-core");
  const instance = mount(host, {
    floow,
    domain,
    device: "mobile",
    preview: true,
    view: { kind: "start" },
    results: (choiceIds) =>
      results(floow, choiceIds).catch((): PublicResults => ({ products: [], partial: false })),
  });
  const destroy = () => instance.destroy();
  if (signal.aborted) destroy();
  else signal.addEventListener("abort", destroy, { once: true });
  const items: CheckItem[] = [];
  await instance.ready;
  for (const page of pagesOf(floow)) {
    if (signal.aborted) break;
    instance.update({ view: page.view });
    await settle();
    const answer: AxeResults = await axe.run(host, {
      runOnly: { type: "tag", values: AXE_TAGS },
      resultTypes: ["violations"],
    });
    for (const violation of answer.violations) {
      items.push(toCheckItem(violation, page.place, page.target));
    }
  }
  if (!signal.aborted) instance.update({ view: { kind: "start" } });
  return items;
};
