import { groupsOfChoice } from "../filter/logic";
import type { Filter, FilterGroup } from "../filter/types";
import { FINISH } from "../floow/constants";
import { resolveNextStep, visibleChoices } from "../floow/logic";
import type { StepType } from "../floow/constants";
import type { Condition } from "../floow/types";
import type { ResultsIndex } from "../results/indexed";
import { bitmapAny, bitmapMeets, bitmapOr, type Bitmap } from "./bitmap";
import { stockMatches } from "./availability";

/**
 * The dead-end detector (docs/editor.md, "Dead ends"): every path of answers a shopper can
 * take through a floow, following its conditions (which step comes next, which choices are
 * shown), is checked against the feed. A path ends in a dead end when no product matches
 * its answers (the results' rule: choices of one step widen, steps narrow), or, when the
 * feed says which products are available, none of those is in stock.
 *
 * The walk is depth first and shares work between paths: the products left after each
 * answer are kept, and a prefix that already leaves none is reported once (every way on
 * from it is dead), with the answers that lead there.
 *
 * Bounds: a multi-select step's answers are its non-empty sets of at most
 * MULTI_SELECT_ANSWER_SIZE visible choices (a larger set only widens, so it never ends
 * where a smaller one does not); at most PATH_CHECK_LIMIT paths are walked. A floow with
 * more paths is checked by sampling: PATH_CHECK_LIMIT random walks (a fixed seed, so the
 * same floow and feed give the same report), and the report says `sampled`.
 */
export const PATH_CHECK_LIMIT = 20_000;
export const MULTI_SELECT_ANSWER_SIZE = 3;
/** At most this many dead ends are listed (all are counted). */
export const DEAD_END_LIST_LIMIT = 50;

export type DeadEndReason = "noProducts" | "noneInStock";

export interface DeadEnd {
  /** The answers that lead there, in order: each answered step and its chosen choices. */
  answers: { stepId: string; choiceIds: string[] }[];
  reason: DeadEndReason;
}

export interface DeadEndReport {
  /** Paths checked (a dead prefix counts as one). */
  paths: number;
  /** True when the floow has more than PATH_CHECK_LIMIT paths and random walks were checked. */
  sampled: boolean;
  /** Dead ends found (distinct answer lists). */
  count: number;
  /** The first DEAD_END_LIST_LIMIT of them. */
  deadEnds: DeadEnd[];
}

/** The parts of a floow the check reads. */
export interface PathFloow {
  steps: readonly {
    id: string;
    type: StepType;
    choices: readonly { id: string }[];
    conditions: readonly Condition[];
  }[];
  filterGroups: readonly FilterGroup[];
  filters: readonly Filter[];
}

type Answer = { stepId: string; choiceIds: string[] };

/** Non-empty subsets of `items` with at most `max` members, smallest first. */
function subsets<T>(items: readonly T[], max: number): T[][] {
  const out: T[][] = [];
  const pick = (start: number, current: T[]) => {
    if (current.length > 0) out.push(current);
    if (current.length === max) return;
    for (let i = start; i < items.length; i++) pick(i + 1, [...current, items[i] as T]);
  };
  pick(0, []);
  return out.sort((a, b) => a.length - b.length);
}

/** A small seeded random generator (mulberry32): the same sample for the same floow. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class PathLimit extends Error {}

export interface DeadEndOptions {
  limit?: number;
  /**
   * Called at the end of every path that is not a dead end, with its answers and the
   * products left (a shared bitmap: never change it). The pre-publish check reads thin
   * paths and the products a shopper can reach from it. When the walk turns to sampling,
   * paths already seen may be passed again.
   */
  onPath?: (answers: readonly DeadEnd["answers"][number][], left: Bitmap) => void;
}

/** How a check gives way to other work (`findDeadEnds`); the publish check takes the same. */
export interface DeadEndSlices {
  /** Awaited after each slice (the server: the next turn of its event loop); none: in one go. */
  pause?: () => Promise<unknown>;
  /** A slice's length in ms (default 10). */
  sliceMs?: number;
}

/**
 * The dead-end check of every path of `floow` against `index`. With `pause`, in slices: after
 * each `sliceMs` (default 10) of work it awaits `pause()` (the server: the next turn of its
 * event loop), so that a check of a large feed (a second and more on 100,000 products when
 * its filters are evaluated first) never holds the process's other requests for longer than
 * a slice. Without it, in one go. The same report either way.
 */
export async function findDeadEnds(
  index: ResultsIndex,
  floow: PathFloow,
  options: DeadEndOptions & DeadEndSlices = {},
): Promise<DeadEndReport> {
  const { pause } = options;
  const sliceMs = options.sliceMs ?? 10;
  let sliceStart = performance.now();
  const steps = deadEndWalk(index, floow, options, () =>
    pause ? performance.now() - sliceStart > sliceMs : false,
  );
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (pause) await pause();
    sliceStart = performance.now();
  }
}

/** The check itself; it yields (to be resumed) at a step of the walk when `sliceOver()` says so. */
function* deadEndWalk(
  index: ResultsIndex,
  floow: PathFloow,
  options: DeadEndOptions,
  sliceOver: () => boolean,
): Generator<void, DeadEndReport> {
  const limit = options.limit ?? PATH_CHECK_LIMIT;
  const onPath = options.onPath;
  const full = index.choiceMatches({ groups: [], filters: [] });
  const stock = stockMatches(index);

  // Each choice's matches, or null for a choice without filters (it keeps every product).
  const choiceBitmaps = new Map<string, Bitmap | null>();
  const matchesOf = (choiceId: string): Bitmap | null => {
    if (choiceBitmaps.has(choiceId)) return choiceBitmaps.get(choiceId) as Bitmap | null;
    const groups = groupsOfChoice(floow.filterGroups, choiceId);
    let bitmap: Bitmap | null = null;
    if (groups.length > 0) {
      const ids = new Set(groups.map((g) => g.id));
      const filters = floow.filters.filter((f) => ids.has(f.filterGroupId));
      bitmap = index.choiceMatches({ groups: [...groups], filters });
    }
    choiceBitmaps.set(choiceId, bitmap);
    return bitmap;
  };
  /** The products left after answering a step with `choiceIds` (null: no narrowing). */
  const stepMatches = (choiceIds: readonly string[]): Bitmap | null => {
    let union: Bitmap | null = null;
    for (const id of choiceIds) {
      const own = matchesOf(id);
      if (own) union = union ? bitmapOr(union, own) : own;
    }
    return union;
  };
  const narrow = (left: Bitmap, step: Bitmap | null): Bitmap => {
    if (!step) return left;
    const out = new Uint32Array(left.length);
    for (let i = 0; i < left.length; i++) out[i] = (left[i] as number) & (step[i] as number);
    return out;
  };
  const deadReason = (left: Bitmap): DeadEndReason | null =>
    !bitmapAny(left)
      ? "noProducts"
      : stock.has && !bitmapMeets(left, stock.inStock)
        ? "noneInStock"
        : null;

  /** The answers a step offers after these choices (none: the step is passed through). */
  const answersAt = (stepId: string, chosen: readonly string[]): string[][] => {
    const step = floow.steps.find((s) => s.id === stepId);
    if (!step || (step.type !== "single" && step.type !== "multiple")) return [];
    const visible = visibleChoices(floow, stepId, chosen).map((c) => c.id);
    return step.type === "single"
      ? visible.map((id) => [id])
      : subsets(visible, MULTI_SELECT_ANSWER_SIZE);
  };

  const found = new Map<string, DeadEnd>();
  const record = (answers: readonly Answer[], reason: DeadEndReason) => {
    const key = answers.map((a) => `${a.stepId}:${a.choiceIds.join(",")}`).join("|");
    if (!found.has(key)) found.set(key, { answers: answers.map((a) => ({ ...a })), reason });
  };

  let paths = 0;
  const walk = function* (
    stepId: string,
    chosen: string[],
    answers: Answer[],
    left: Bitmap,
    seen: Set<string>,
  ): Generator<void, void> {
    if (sliceOver()) yield;
    if (stepId === FINISH || seen.has(stepId)) {
      if (++paths > limit) throw new PathLimit();
      const reason = deadReason(left);
      if (reason) record(answers, reason);
      else onPath?.(answers, left);
      return;
    }
    const options = answersAt(stepId, chosen);
    const nextSeen = new Set(seen).add(stepId);
    if (options.length === 0) {
      yield* walk(resolveNextStep(floow, stepId, chosen), chosen, answers, left, nextSeen);
      return;
    }
    for (const choiceIds of options) {
      const after = narrow(left, stepMatches(choiceIds));
      const nextChosen = [...chosen, ...choiceIds];
      const nextAnswers = [...answers, { stepId, choiceIds }];
      const reason = deadReason(after);
      if (reason) {
        if (++paths > limit) throw new PathLimit();
        record(nextAnswers, reason);
        continue;
      }
      yield* walk(
        resolveNextStep(floow, stepId, nextChosen),
        nextChosen,
        nextAnswers,
        after,
        nextSeen,
      );
    }
  };

  const first = floow.steps[0]?.id ?? FINISH;
  let sampled = false;
  try {
    yield* walk(first, [], [], full, new Set());
  } catch (error) {
    if (!(error instanceof PathLimit)) throw error;
    sampled = true;
    found.clear();
    paths = 0;
    const next = random(floow.steps.length * 7919 + limit);
    for (let n = 0; n < limit; n++) {
      if (sliceOver()) yield;
      paths++;
      let stepId = first;
      let chosen: string[] = [];
      const answers: Answer[] = [];
      let left = full;
      const seen = new Set<string>();
      while (stepId !== FINISH && !seen.has(stepId)) {
        seen.add(stepId);
        const options = answersAt(stepId, chosen);
        if (options.length > 0) {
          const choiceIds = options[Math.floor(next() * options.length)] as string[];
          left = narrow(left, stepMatches(choiceIds));
          chosen = [...chosen, ...choiceIds];
          answers.push({ stepId, choiceIds });
          if (!bitmapAny(left) || (stock.has && !bitmapMeets(left, stock.inStock))) break;
        }
        stepId = resolveNextStep(floow, stepId, chosen);
      }
      const reason = deadReason(left);
      if (reason) record(answers, reason);
      else onPath?.(answers, left);
    }
  }
  const all = [...found.values()];
  return {
    paths,
    sampled,
    count: all.length,
    deadEnds: all.slice(0, DEAD_END_LIST_LIMIT),
  };
}
