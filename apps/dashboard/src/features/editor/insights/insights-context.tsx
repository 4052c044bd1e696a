/**
 * The editor's insights about a selling floow and its feed (docs/editor.md): live match
 * counts per choice (asked again 300 ms after the filters stop changing) and the dead-end
 * report of the last save (asked after each save, and again while the server's check of
 * that save is still to come). Components read them with `useInsights`; outside the
 * provider (component tests) there are none.
 */
import type { ChoiceMatchCount, DeadEndReport, MatchCounts } from "@floow/domain/insights";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useEditor } from "../editor-context";

export interface Insights {
  counts: MatchCounts | null;
  countOf: (choiceId: string) => ChoiceMatchCount | undefined;
  deadEnds: DeadEndReport | null;
  /** True while the dead-end check of the latest save is still to come. */
  checking: boolean;
  /** Choice ids that end a dead-end path (the last answer of each). */
  deadChoiceIds: ReadonlySet<string>;
}

const NONE: Insights = {
  counts: null,
  countOf: () => undefined,
  deadEnds: null,
  checking: false,
  deadChoiceIds: new Set(),
};

const InsightsContext = createContext<Insights>(NONE);

export const useInsights = () => useContext(InsightsContext);

/** How long the filters rest before the counts are asked again. */
export const COUNTS_DEBOUNCE_MS = 300;
/**
 * While the server's check of the last save is pending, ask again: soon at first (the server
 * starts the check as the save lands, and on a 100,000-product feed it takes well under a
 * second: docs/benchmarks.md), then less often, up to every DEAD_ENDS_POLL_MS; about half a
 * minute in all.
 */
export const DEAD_ENDS_FIRST_POLL_MS = 250;
export const DEAD_ENDS_POLL_MS = 1_500;
const DEAD_ENDS_POLLS = 22;
const deadEndsPollDelay = (poll: number) =>
  Math.min(DEAD_ENDS_POLL_MS, DEAD_ENDS_FIRST_POLL_MS * 2 ** (poll - 1));

export function InsightsProvider({ children }: { children: ReactNode }) {
  const { floow, api, saveStatus } = useEditor();
  const selling = floow.type === "selling" && Boolean(floow.feedId);
  const [counts, setCounts] = useState<MatchCounts | null>(null);
  const [deadEnds, setDeadEnds] = useState<DeadEndReport | null>(null);
  const [checking, setChecking] = useState(false);

  // What the counts depend on, as text: an edit elsewhere does not ask again.
  const countsKey = selling
    ? JSON.stringify([
        floow.feedId,
        floow.filters,
        floow.filterGroups,
        floow.steps.map((s) => [s.id, s.choices.map((c) => c.id)]),
      ])
    : null;
  const { matchCounts, deadEnds: fetchDeadEnds } = api;
  useEffect(() => {
    if (!countsKey || !matchCounts) {
      setCounts(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      matchCounts(floow).then(
        (answer) => live && setCounts(answer),
        () => undefined,
      );
    }, COUNTS_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The key stands for the floow's parts the counts read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countsKey, matchCounts]);

  // After each save (and at first), the last report; again while its check is pending.
  useEffect(() => {
    if (!selling || !fetchDeadEnds || (saveStatus !== "saved" && saveStatus !== "idle")) return;
    let live = true;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      fetchDeadEnds(floow.id).then(
        (answer) => {
          if (!live) return;
          if (answer) setDeadEnds(answer.report);
          const pending = !answer || !answer.current;
          setChecking(pending);
          if (pending && ++polls < DEAD_ENDS_POLLS)
            timer = setTimeout(ask, deadEndsPollDelay(polls));
        },
        () => live && setChecking(false),
      );
    };
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [selling, fetchDeadEnds, floow.id, floow.feedId, saveStatus]);

  const value = useMemo<Insights>(() => {
    const byChoice = new Map(counts?.choices.map((c) => [c.choiceId, c]));
    const deadChoiceIds = new Set(
      (deadEnds?.deadEnds ?? []).flatMap((d) => d.answers.at(-1)?.choiceIds ?? []),
    );
    return {
      counts: selling ? counts : null,
      countOf: (choiceId) => (selling ? byChoice.get(choiceId) : undefined),
      deadEnds: selling ? deadEnds : null,
      checking: selling && checking,
      deadChoiceIds: selling ? deadChoiceIds : new Set(),
    };
  }, [counts, deadEnds, checking, selling]);

  return <InsightsContext.Provider value={value}>{children}</InsightsContext.Provider>;
}

/** "12 products · 10 in stock" (or "No products"), for a choice's count. */
export function countLabel(count: Pick<ChoiceMatchCount, "matches" | "inStock">): string {
  if (count.matches === 0) return "No products";
  const products = `${count.matches.toLocaleString("en")} ${count.matches === 1 ? "product" : "products"}`;
  return count.inStock === null
    ? products
    : `${products} · ${count.inStock.toLocaleString("en")} in stock`;
}
