/**
 * The script-tag renderer's chunk (issue 21's budgets: what a shopper downloads before the
 * start page shows stays under 15 kB gzip with Preact inside, and everything a floow can need
 * as small as it gets). `floow.js` shows the start page; everything after it (the questions
 * with the walk's rules and Back/Next/Restart, form inputs with their validation, the results
 * and the dialog, with their stylesheet) is one IIFE file beside it, `pages.js`, fetched once
 * the start page is on screen. One chunk, not one per page: each file is compressed on its
 * own, and four of them cost about 1.6 kB of gzip more than the same code in one
 * (docs/benchmarks.md).
 * The chunk is built with `preact` and the parts it shares with `floow.js` (this file,
 * parts.tsx, icons.tsx, focus.ts, theme.ts) read from `FloowRuntime.shared` (tsup.config.ts,
 * `sharedFromRenderer`), so one Preact renders all and no helper is bundled twice.
 * The npm build imports every part directly and never uses this file (`__SCRIPT_TAG__`).
 */
import { Fragment, h } from "preact";
import type {
  formInputErrors,
  readCard,
  resolveNextStep,
  visibleChoices,
} from "@floow/domain/logic";
import type { eventChoices, eventFormInputs, eventStep } from "../events";
import type { Dialog, onPageKeyDown } from "./dialog";
import type { FinishView } from "./finish";
import { deepActiveElement, tabbables } from "./focus";
import { Icon } from "./icons";
import { gap, padding, paintOf, radius } from "../theme";
import { Button, Img, Rich, Skeleton } from "./parts";
import type { Nav } from "./nav";
import type { Progress } from "./progress";
import type { StepView } from "./step";

/** What the chunk defines (src/chunks/pages.ts): `css` is its stylesheet (render/styles.ts). */
export interface Pages {
  css: string;
  StepView: typeof StepView;
  Progress: typeof Progress;
  Nav: typeof Nav;
  FinishView: typeof FinishView;
  Dialog: typeof Dialog;
  onPageKeyDown: typeof onPageKeyDown;
  resolveNextStep: typeof resolveNextStep;
  visibleChoices: typeof visibleChoices;
  formInputErrors: typeof formInputErrors;
  eventStep: typeof eventStep;
  eventChoices: typeof eventChoices;
  eventFormInputs: typeof eventFormInputs;
  readCard: typeof readCard;
}

/** The chunk, once here. */
let pages: Pages | undefined;
let requested: unknown;
/** Where floow.js came from: the chunk is beside it. */
const base = (document.currentScript as HTMLScriptElement | null)?.src;
/** Shows again what waited for the chunk (the instances' renders, set by mount.ts). */
export const rerender = { all: () => {} };
const waiting: ((chunk: Pages) => void)[] = [];

/** Fetches the chunk once (a script tag: the same caching and CSP as floow.js). */
export function load(): void {
  if (requested || !base) return;
  const tag = (requested = document.createElement("script"));
  tag.src = new URL(`pages.js?v=${__VERSION__}`, base).href;
  document.head.append(tag);
}

/** Called by the chunk when it runs. */
export function define(chunk: Pages): void {
  pages = chunk;
  waiting.forEach((resolve) => resolve(chunk));
  rerender.all();
}

/** Settles with the chunk once it is here (fetching it). */
export const when = (): Promise<Pages> =>
  new Promise((resolve) => (pages ? resolve(pages) : (load(), waiting.push(resolve))));

/** The chunk, or (fetching it) undefined while it is on its way. */
export function part(): Pages | undefined {
  if (!pages) load();
  return pages;
}

/** What the chunk reads from floow.js (`FloowRuntime.shared`): keep in step with tsup.config.ts. */
export const shared = {
  h,
  Fragment,
  Button,
  Img,
  Rich,
  Skeleton,
  Icon,
  define,
  part,
  deepActiveElement,
  tabbables,
  paintOf,
  radius,
  padding,
  gap,
};
