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
 * `pagesFromRenderer`), so one Preact renders all and no helper is bundled twice.
 * The npm build imports every part directly and never uses this file (`__SCRIPT_TAG__`).
 */
import { Fragment, h } from "preact";
import { Flow } from "../flow";
import type { FinishView } from "./finish";
import { Icon } from "./icons";
import { gap, padding, paintOf, radius } from "../theme";
import { Button, Img, Rich, Skeleton } from "./parts";
import { VISITOR_KEY, sessionId, visitorId } from "../session";
import type { Nav } from "./nav";
import type { Progress } from "./progress";
import type { StepView } from "./step";
import type { Walk } from "../walk";

/**
 * What the chunk defines (src/chunks/pages.ts): `css` is its stylesheet (render/styles.ts),
 * `walk` the shopper's actions that `Flow` gets (walk.ts).
 */
export interface Pages {
  css: string;
  StepView: typeof StepView;
  Progress: typeof Progress;
  Nav: typeof Nav;
  FinishView: typeof FinishView;
  walk: Walk;
}

/** The chunk, once here. */
let pages: Pages | undefined;
/** The chunk's script tag is in the page, waiting. */
let requested: unknown;
/** The chunk did not load, retries included: what waits for it says so (and offers `retry`). */
export let failed: unknown;
/** floow.js's own script tag: the chunks are beside it, with its nonce (from the loader's tag). */
const self = document.currentScript as HTMLScriptElement | null;
const base = self?.src;
/** The page's CSP nonce, if the loader's tag had one (`<style>` without constructable sheets: ui.ts). */
export const nonce = self?.nonce;

/**
 * Adds the script tag of a file beside floow.js (`pages`, `floow-widget`): the same caching,
 * origin and nonce as floow.js, so the page's CSP that let floow.js in lets it in.
 */
export function script(name: string, onerror?: () => void): HTMLScriptElement | undefined {
  if (!base) return;
  const tag = document.createElement("script");
  tag.src = new URL(`${name}.js?v=${__VERSION__}`, base).href;
  tag.nonce = nonce!;
  // A tag that failed goes (the error may come before this returns).
  tag.onerror = () => {
    tag.remove();
    onerror?.();
  };
  document.head.append(tag);
  return tag;
}
/** Shows again what waited for the chunk (the instances' renders, set by mount.ts). */
export const rerender = { all: () => {} };
const waiting: ((chunk: Pages) => void)[] = [];

/**
 * Fetches the chunk once (a script tag: the same caching and CSP as floow.js). A failed load
 * is tried again 0.5 s, then 1.5 s later; after the third, what waits for it shows a message
 * with a retry button instead of its skeleton.
 */
export function load(attempt = 0): void {
  if (requested && !attempt) return;
  requested = 1;
  script("pages", () => {
    if (attempt < 2) setTimeout(load, 500 + 1000 * attempt, attempt + 1);
    else {
      requested = 0;
      failed = 1;
      rerender.all();
    }
  });
}

/** The message's retry button: fetches the chunk again (a skeleton meanwhile). */
export function retry(): void {
  failed = 0;
  load();
  rerender.all();
}

/** The chunk's rules as one constructable sheet, adopted by every floow (render/sheet.ts). */
let sheet: CSSStyleSheet | undefined;
export function pagesSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    if (pages) sheet.replaceSync(pages.css);
  }
  return sheet;
}

/** Called by the chunk when it runs. */
export function define(chunk: Pages): void {
  Object.assign(Flow.prototype, chunk.walk);
  pages = chunk;
  sheet?.replaceSync(chunk.css);
  waiting.forEach((resolve) => resolve(chunk));
  rerender.all();
}

/** Settles with the chunk once it is here (fetching it). */
export const when = (): Promise<Pages> =>
  new Promise((resolve) => (pages ? resolve(pages) : (load(), waiting.push(resolve))));

/** The chunk, or (fetching it, unless it failed) undefined while it is on its way. */
export function part(): Pages | undefined {
  if (!pages && !failed) load();
  return pages;
}

/**
 * What the chunks read from floow.js (`FloowRuntime.shared`): a list, not an object, so no
 * name is in the bundles (-N B of gzip over floow.js and its chunks). tsup.config.ts reads the
 * names in this order from here (`fromRenderer`), so the two cannot disagree: keep one name
 * a line. `tracking.js` takes the first three, `pages.js` the rest.
 */
export const shared = [
  sessionId,
  visitorId,
  VISITOR_KEY,
  h,
  Fragment,
  Button,
  Img,
  Rich,
  Skeleton,
  Icon,
  define,
  part,
  paintOf,
  radius,
  padding,
  gap,
] as const;
