/**
 * The script-tag renderer's chunks (issue 21's budget: what a shopper downloads before the
 * start screen shows stays under 15 kB gzip with Preact inside). `floow.js` shows the start
 * page; the questions (`steps.js`), form inputs (`form.js`), results (`results.js`) and the
 * dialog (`dialog.js`) are IIFE files beside it, fetched once the start page is on screen
 * (only those the floow can need) or when first shown. A chunk is built with `preact` and the
 * parts it shares with `floow.js` (this file, parts.tsx, icons.tsx, focus.ts) read from
 * `FloowRuntime.shared` (tsup.config.ts, `sharedFromRenderer`), so one Preact renders all.
 * The npm build imports every part directly and never uses this file (`__SCRIPT_TAG__`).
 */
import { Fragment, h } from "preact";
import type {
  formInputErrors,
  pathProgress,
  readCard,
  resolveNextStep,
  visibleChoices,
} from "@floow/domain/logic";
import type { fetchResults } from "../api";
import type { eventChoices, eventFormInputs, eventStep } from "../events";
import type { Dialog, onPageKeyDown } from "./dialog";
import type { FinishView } from "./finish";
import { deepActiveElement, tabbables } from "./focus";
import type { FormStep } from "./form";
import { Icon } from "./icons";
import { Button, Img, Rich, Skeleton } from "./parts";
import type { Nav } from "./nav";
import type { Progress } from "./progress";
import type { StepView } from "./step";

/** What each chunk defines (src/chunks/). */
export interface Chunks {
  steps: {
    StepView: typeof StepView;
    Progress: typeof Progress;
    Nav: typeof Nav;
    resolveNextStep: typeof resolveNextStep;
    visibleChoices: typeof visibleChoices;
    pathProgress: typeof pathProgress;
    eventStep: typeof eventStep;
    eventChoices: typeof eventChoices;
  };
  form: {
    FormStep: typeof FormStep;
    formInputErrors: typeof formInputErrors;
    eventFormInputs: typeof eventFormInputs;
  };
  results: {
    FinishView: typeof FinishView;
    fetchResults: typeof fetchResults;
    readCard: typeof readCard;
  };
  dialog: { Dialog: typeof Dialog; onPageKeyDown: typeof onPageKeyDown };
}
export type ChunkName = keyof Chunks;

/** The chunks here so far. */
export const loaded: Partial<Chunks> = {};
const requested: Partial<Record<ChunkName, 1>> = {};
/** Where floow.js came from: the chunks are beside it. */
const base = (document.currentScript as HTMLScriptElement | null)?.src;
/** Shows again what waited for a chunk (the instances' renders, set by mount.ts). */
export const rerender = { all: () => {} };

/** Fetches a chunk once (a script tag: the same caching and CSP as floow.js). */
export function load(name: ChunkName): void {
  if (requested[name] || !base) return;
  requested[name] = 1;
  const tag = document.createElement("script");
  tag.src = new URL(`${name}.js?v=${__VERSION__}`, base).href;
  document.head.append(tag);
}

/** Called by a chunk when it runs. */
export function define<N extends ChunkName>(name: N, chunk: Chunks[N]): void {
  loaded[name] = chunk;
  waiting = waiting.filter((check) => !check());
  rerender.all();
}

/** Settles with a chunk once it is here (fetching it). */
export function when<N extends ChunkName>(name: N): Promise<Chunks[N]> {
  return new Promise((resolve) => {
    const check = () => !!loaded[name] && (resolve(loaded[name]), true);
    if (!check()) {
      load(name);
      waiting.push(check);
    }
  });
}
let waiting: (() => boolean)[] = [];

/** A chunk's part, or (fetching the chunk) undefined while it is on its way. */
export function part<N extends ChunkName>(name: N): Chunks[N] | undefined {
  if (!loaded[name]) load(name);
  return loaded[name];
}

/** What a chunk reads from floow.js (`FloowRuntime.shared`): keep in step with tsup.config.ts. */
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
};
