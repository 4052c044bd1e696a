import { Badge, cn } from "@floow/ui";
import { useState } from "react";
import { useEditor } from "../editor-context";
import { ChevronDownIcon, ChevronUpIcon, plainText } from "../shared";
import { useInsights } from "./insights-context";

const REASONS = { noProducts: "No products", noneInStock: "None in stock" } as const;

/**
 * The dead-end report of the last save, under the outline: the paths of answers that end in
 * no product (or none in stock), each with the answers that lead there; a click selects the
 * step of its last answer (marked on the flow graph too).
 */
export function DeadEndsPanel() {
  const { floow, dispatch } = useEditor();
  const { deadEnds, checking } = useInsights();
  const [open, setOpen] = useState(true);
  if (floow.type !== "selling" || !floow.feedId) return null;
  const stepOf = new Map(floow.steps.map((s, i) => [s.id, { step: s, index: i }]));
  const label = (stepId: string, choiceIds: readonly string[]) => {
    const found = stepOf.get(stepId);
    const choices = choiceIds.map((id) => {
      const j = found?.step.choices.findIndex((c) => c.id === id) ?? -1;
      return plainText(found?.step.choices[j]?.text ?? "") || `Choice ${j + 1}`;
    });
    return { index: found ? found.index + 1 : "?", text: choices.join(" + ") };
  };
  const count = deadEnds?.count ?? 0;

  return (
    <section
      aria-label="Dead ends"
      data-testid="dead-ends"
      className="border-t border-grey-200 bg-white"
    >
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full cursor-pointer items-center justify-between gap-2 px-4 py-3 text-left"
      >
        <span className="flex items-center gap-2 text-sm font-semibold text-grey-900">
          Dead ends
          {deadEnds ? (
            <Badge variant={count > 0 ? "danger" : "success"} data-testid="dead-end-count">
              {count}
            </Badge>
          ) : null}
        </span>
        {open ? <ChevronUpIcon size={16} /> : <ChevronDownIcon size={16} />}
      </button>
      {open ? (
        <div className="flex max-h-56 flex-col gap-2 overflow-y-auto px-4 pb-4">
          <p className="text-xs text-grey-500" data-testid="dead-end-paths">
            {checking
              ? "Checking the paths of the last save…"
              : deadEnds
                ? deadEnds.sampled
                  ? `${deadEnds.paths.toLocaleString("en")} sampled paths checked (too many to check all).`
                  : `${deadEnds.paths.toLocaleString("en")} ${deadEnds.paths === 1 ? "path" : "paths"} of answers checked against the feed.`
                : "Checked after each save and each refresh of the feed."}
          </p>
          {deadEnds && count === 0 && !checking ? (
            <p className="rounded-lg bg-emerald-50 px-3 py-2 text-xs text-emerald-800 ring-1 ring-emerald-200">
              Every path of answers ends in products.
            </p>
          ) : null}
          <ul className="flex flex-col gap-1.5">
            {(deadEnds?.deadEnds ?? []).map((dead, i) => {
              const last = dead.answers.at(-1);
              return (
                <li key={i}>
                  <button
                    type="button"
                    data-testid="dead-end"
                    onClick={() => last && dispatch({ type: "select/step", stepId: last.stepId })}
                    className={cn(
                      "flex w-full cursor-pointer flex-col gap-1 rounded-lg px-3 py-2 text-left text-xs ring-1",
                      "bg-red-50/70 text-red-900 ring-red-200 hover:bg-red-50",
                    )}
                  >
                    <span className="flex flex-wrap items-center gap-1">
                      {dead.answers.map((answer, j) => {
                        const { index, text } = label(answer.stepId, answer.choiceIds);
                        return (
                          <span key={j} className="inline-flex items-center gap-1">
                            {j > 0 ? <span className="text-red-400">→</span> : null}
                            <span className="rounded bg-white/80 px-1.5 py-0.5 ring-1 ring-red-100">
                              <span className="text-red-500">{index}.</span> {text}
                            </span>
                          </span>
                        );
                      })}
                    </span>
                    <span className="font-medium">{REASONS[dead.reason]}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {deadEnds && deadEnds.count > deadEnds.deadEnds.length ? (
            <p className="text-xs text-grey-500">
              And {deadEnds.count - deadEnds.deadEnds.length} more.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
