import { groupsOfChoice } from "../filter/logic";
import { FINISH } from "../floow/constants";
import { resolveNextStep, visibleChoices } from "../floow/logic";
import type { Floow } from "../floow/types";
import { bitmapAny, bitmapCount, bitmapCountAnd, bitmapOr, type Bitmap } from "../insights/bitmap";
import { stockMatches } from "../insights/availability";
import { findDeadEnds, type DeadEnd, type DeadEndSlices, type PathFloow } from "../insights/paths";
import type { ResultsIndex } from "../results/indexed";
import { resultProduct } from "../results/product";
import { shortText, stepName } from "./text";
import type { CheckItem, CheckTarget } from "./types";

/** A path with fewer products than this is a warning ("few-products"). */
export const FEW_PRODUCTS = 3;
/** Items listed per rule; the rest are counted in one more item. */
export const PATHS_LISTED = 5;
/** Product names quoted in a "missing image/link" message. */
const NAMES_LISTED = 3;

/** What the feed's rules read: the paths (steps, conditions, filters) and the finish page. */
export interface FeedCheckFloow extends PathFloow {
  steps: readonly (Omit<PathFloow["steps"][number], "choices"> & {
    text: string;
    choices: readonly { id: string; text: string }[];
  })[];
  finish: Pick<Floow["finish"], "type" | "results">;
}

type Answers = DeadEnd["answers"];

/** `"Road" for Step "Which bike?", then "Red" or "Blue" for Step "Colour"`. */
function describeAnswers(floow: FeedCheckFloow, answers: Answers): string {
  return answers
    .map(({ stepId, choiceIds }) => {
      const position = floow.steps.findIndex((s) => s.id === stepId);
      const step = floow.steps[position];
      if (!step) return "";
      const chosen = choiceIds
        .map((id) => `"${shortText(step.choices.find((c) => c.id === id)?.text ?? "")}"`)
        .join(" or ");
      return `${chosen} for ${stepName(step, position)}`;
    })
    .filter(Boolean)
    .join(", then ");
}

function answersTarget(answers: Answers): CheckTarget | undefined {
  const last = answers[answers.length - 1];
  if (!last) return undefined;
  const choiceId = last.choiceIds[0];
  return choiceId
    ? { page: "step", stepId: last.stepId, choiceId }
    : { page: "step", stepId: last.stepId };
}

function withTarget(item: Omit<CheckItem, "target">, target: CheckTarget | undefined): CheckItem {
  return target ? { ...item, target } : item;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The rules of a selling floow against its feed (docs/editor.md, "The pre-publish check"),
 * on the dead-end detector's walk of every path (`findDeadEnds`, bounded by its
 * PATH_CHECK_LIMIT): a path on which shoppers get no product at all is an error
 * (`dead-end`); one no product meets fully while the finish page shows the closest matches
 * (`no-exact-match`), one whose products are all out of stock (`none-in-stock`) or that
 * leaves fewer than FEW_PRODUCTS (`few-products`) a warning; products a shopper can reach
 * without an image or a link, warnings with counts and a few names. Only for a finish page
 * that shows products.
 *
 * With `slices.pause`, the walk runs in slices (`findDeadEnds`): the server passes the next
 * turn of its event loop, so that checking a floow on a large feed (a second and more on
 * 100,000 products) never holds the process's other requests for longer than a slice.
 */
export async function checkFeedPaths(
  index: ResultsIndex,
  floow: FeedCheckFloow,
  slices: DeadEndSlices = {},
): Promise<CheckItem[]> {
  if (floow.finish.type !== "results") return [];
  if (index.size === 0) {
    return [
      {
        severity: "error",
        rule: "dead-end",
        message:
          "The product feed has no products, so every shopper ends without one: refresh the feed or choose another.",
        target: { page: "settings" },
      },
    ];
  }
  const stock = stockMatches(index);
  const few = new Map<string, { answers: Answers; count: number }>();
  let reachable: Bitmap | null = null;
  const report = await findDeadEnds(index, floow, {
    ...slices,
    onPath: (answers, left) => {
      reachable = reachable ? bitmapOr(reachable, left) : left;
      const count = stock.has ? bitmapCountAnd(left, stock.inStock) : bitmapCount(left);
      if (count >= FEW_PRODUCTS) return;
      const key = answers.map((a) => `${a.stepId}:${a.choiceIds.join(",")}`).join("|");
      if (!few.has(key))
        few.set(key, {
          answers: answers.map((a) => ({ ...a, choiceIds: [...a.choiceIds] })),
          count,
        });
    },
  });

  const items: CheckItem[] = [];
  const listed = <T>(
    entries: readonly T[],
    total: number,
    item: (entry: T) => CheckItem,
    more: (rest: number) => Omit<CheckItem, "target">,
  ) => {
    for (const entry of entries.slice(0, PATHS_LISTED)) items.push(item(entry));
    if (total > PATHS_LISTED) items.push(more(total - PATHS_LISTED));
  };

  // A path no product meets fully: with the finish page's "closest matches" (`ranked`, the
  // default) shoppers still see products when some meet part of the answers, a warning; with
  // the placeholder, or when none meets any, they see none: an error.
  const empty = report.deadEnds.filter((d) => d.reason === "noProducts");
  const placeholder = floow.finish.results.partial === "placeholder";
  const seesNothing = placeholder ? () => true : nothingAtAll(index, floow);
  const dead = empty.filter(seesNothing);
  const closest = empty.filter((d) => !seesNothing(d));
  // Dead ends past the detector's list are not looked at one by one: counted as the mode says.
  const unlisted = report.count - report.deadEnds.length;
  listed(
    dead,
    dead.length + (placeholder ? unlisted : 0),
    (d) =>
      withTarget(
        {
          severity: "error",
          rule: "dead-end",
          message:
            d.answers.length === 0
              ? "No product of the feed is left for shoppers: the finish page shows none."
              : `Dead end: answering ${describeAnswers(floow, d.answers)} leaves no product${placeholder ? " (the finish page shows its no-results text)" : ""}. Change the filters of these choices or add a condition that leads elsewhere.`,
        },
        answersTarget(d.answers),
      ),
    (rest) => ({
      severity: "error",
      rule: "dead-end",
      message: `${plural(rest, "more path leaves", "more paths leave")} no product.`,
    }),
  );
  listed(
    closest,
    closest.length + (placeholder ? 0 : unlisted),
    (d) =>
      withTarget(
        {
          severity: "warning",
          rule: "no-exact-match",
          message: `No product meets every answer of ${describeAnswers(floow, d.answers)}: shoppers see the closest matches instead.`,
        },
        answersTarget(d.answers),
      ),
    (rest) => ({
      severity: "warning",
      rule: "no-exact-match",
      message: `On ${plural(rest, "more path", "more paths")} no product meets every answer: shoppers see the closest matches.`,
    }),
  );
  const outOfStock = report.deadEnds.filter((d) => d.reason === "noneInStock");
  listed(
    outOfStock,
    outOfStock.length,
    (d) =>
      withTarget(
        {
          severity: "warning",
          rule: "none-in-stock",
          message: `Answering ${describeAnswers(floow, d.answers) || "nothing"} leaves only products that are out of stock.`,
        },
        answersTarget(d.answers),
      ),
    (rest) => ({
      severity: "warning",
      rule: "none-in-stock",
      message: `${plural(rest, "more path leaves", "more paths leave")} only products that are out of stock.`,
    }),
  );
  listed(
    [...few.values()],
    few.size,
    (f) =>
      withTarget(
        {
          severity: "warning",
          rule: "few-products",
          message:
            f.answers.length === 0
              ? `Shoppers see only ${plural(f.count, "product", "products")}.`
              : `Answering ${describeAnswers(floow, f.answers)} leaves only ${plural(f.count, "product", "products")}.`,
        },
        answersTarget(f.answers),
      ),
    (rest) => ({
      severity: "warning",
      rule: "few-products",
      message: `${plural(rest, "more path leaves", "more paths leave")} fewer than ${FEW_PRODUCTS} products.`,
    }),
  );

  if (reachable) items.push(...missingFields(index, reachable, floow.finish.results));
  return items;
}

/** Walks of the continuations of a dead path look at most this many steps (then: not an error). */
const CONTINUATION_LIMIT = 10_000;

/**
 * Whether shoppers who took a dead path can end with no product at all while the finish
 * page shows the closest matches: those are the products that meet at least one filter of a
 * chosen choice, so the shopper sees none when no product meets any filter of the answers
 * so far nor of some way of answering the rest (a choice without filters adds none). The
 * detector reports a dead path once, at the answer that empties it, so its continuations are
 * walked here, following the conditions; a multi-select step is answered with one choice
 * (more only add filters). Beyond CONTINUATION_LIMIT steps walked the path counts as one with
 * closest matches: the check blocks publishing only for what it is sure of.
 */
function nothingAtAll(index: ResultsIndex, floow: FeedCheckFloow): (d: DeadEnd) => boolean {
  const meetsAny = new Map<string, boolean>();
  const choiceMeetsAny = (choiceId: string): boolean => {
    let known = meetsAny.get(choiceId);
    if (known === undefined) {
      const groups = new Set(groupsOfChoice(floow.filterGroups, choiceId).map((g) => g.id));
      known = floow.filters.some(
        (f) => groups.has(f.filterGroupId) && bitmapAny(index.filterMatches(f)),
      );
      meetsAny.set(choiceId, known);
    }
    return known;
  };
  let budget = CONTINUATION_LIMIT;
  const canEndEmpty = (
    stepId: string,
    chosen: readonly string[],
    seen: ReadonlySet<string>,
  ): boolean => {
    if (stepId === FINISH || seen.has(stepId)) return true;
    if (--budget < 0) return false;
    const step = floow.steps.find((s) => s.id === stepId);
    const nextSeen = new Set(seen).add(stepId);
    const visible =
      step && (step.type === "single" || step.type === "multiple")
        ? visibleChoices(floow, stepId, chosen)
        : [];
    if (visible.length === 0)
      return canEndEmpty(resolveNextStep(floow, stepId, chosen), chosen, nextSeen);
    return visible.some((choice) => {
      if (choiceMeetsAny(choice.id)) return false;
      const next = [...chosen, choice.id];
      return canEndEmpty(resolveNextStep(floow, stepId, next), next, nextSeen);
    });
  };
  return (d) => {
    const chosen = d.answers.flatMap((a) => a.choiceIds);
    if (chosen.some(choiceMeetsAny)) return false;
    const last = d.answers[d.answers.length - 1];
    if (!last) return true;
    budget = CONTINUATION_LIMIT;
    return canEndEmpty(
      resolveNextStep(floow, last.stepId, chosen),
      chosen,
      new Set(d.answers.map((a) => a.stepId)),
    );
  };
}

/** Products a shopper can reach whose card has no image or no link. */
function missingFields(
  index: ResultsIndex,
  reachable: Bitmap,
  results: FeedCheckFloow["finish"]["results"],
): CheckItem[] {
  // No choices: the index answers its de-duplicated products in order (bit i: product i).
  const products = index.compute({ steps: [], filterGroups: [], filters: [] }, []).products;
  const noImage: string[] = [];
  const noLink: string[] = [];
  for (let i = 0; i < products.length; i++) {
    if ((((reachable[i >>> 5] as number) >>> (i & 31)) & 1) === 0) continue;
    const card = resultProduct(products[i] as Record<string, unknown>, results);
    const name = shortText(card.name) || card.id;
    if (card.image.trim() === "") noImage.push(name);
    if (card.url.trim() === "") noLink.push(name);
  }
  const items: CheckItem[] = [];
  const names = (list: string[]) =>
    `${list
      .slice(0, NAMES_LISTED)
      .map((n) => `"${n}"`)
      .join(", ")}${list.length > NAMES_LISTED ? ", …" : ""}`;
  if (noImage.length > 0) {
    items.push({
      severity: "warning",
      rule: "product-missing-image",
      message: `${plural(noImage.length, "product shoppers can reach has", "products shoppers can reach have")} no image (${names(noImage)}): their cards show none. Check the feed or the finish page's image attribute (${results.imageAttribute}).`,
      target: { page: "finish" },
    });
  }
  if (noLink.length > 0) {
    items.push({
      severity: "warning",
      rule: "product-missing-link",
      message: `${plural(noLink.length, "product shoppers can reach has", "products shoppers can reach have")} no link (${names(noLink)}): their button leads nowhere. Check the feed.`,
      target: { page: "finish" },
    });
  }
  return items;
}
