/**
 * The gzip (level 9) size budgets of the script-tag files, in bytes: checked by
 * `bundle.test.ts` and written into docs/benchmarks.md by `pnpm bench`. Issue 21 (the
 * renderer back on Preact, the pages after the start page in a chunk: render/lazy.ts):
 * - the loader: 2,000 B;
 * - what a shopper downloads before the start page shows (`embed.js` + `floow.js`): 15,000 B;
 * - everything any floow can need (the loader, the renderer and its chunk): 19,000 B.
 * Each budget sits just above what the files measure now, under its goal; lower them as the
 * files shrink, never raise them without saying why.
 */
/**
 * floow.js: 13,086 B with Preact's prebuilt file; 11,778 B (Nov 26, 05:40 UTC) with Preact
 * built from its source without the paths a renderer of function components never takes
 * (preact-lean.ts: class components, context, error boundaries, hydration, suspension,
 * `options` hooks, MathML): -1,308 B; with `<floow-widget>`'s registration (+182 B, issue
 * 24), and portals, render callbacks and component state cut too, the tab stops' selector
 * shorter: 11,764 B (05:50 UTC). Raised to 12,630 B (06:10 UTC) with the rules of the pages
 * after the start page in its one sheet (render/styles.ts), which pages.js no longer brings:
 * +865 B here, -1,080 B in pages.js, -215 B in all (the chunk compressed them on its own).
 */
export const BUDGETS = { "embed.js": 2000, "floow.js": 12_630 } as const;
/**
 * The renderer's chunk, fetched once a start page shows (or when first needed): 5,232 B with
 * its stylesheet, 4,152 B without (06:10 UTC).
 */
export const CHUNK_BUDGETS = { "pages.js": 4_155 } as const;
/**
 * Before the start page shows: the loader and the renderer (13,654 B); +28 B in embed.js for
 * trigger routes that name a port (`localhost:3401/shop` matches that port only, issue 24):
 * 13,682 B; with the later pages' rules in floow.js: 14,547 B (goal 15,000: 453 B to spare).
 */
export const TOTAL_BUDGET = 14_550;
/** Issue 21's goal for the loader and the renderer together. */
export const TOTAL_GOAL = 15_000;
/**
 * Everything: issue 21's goal is 19,000 B; the Preact renderer and its one chunk measure
 * 18,886 B (05:50 UTC, Nov 26; 20,181 B with Preact's prebuilt file and without
 * `<floow-widget>`): met, 114 B to spare; 18,914 B with the trigger routes' ports (+28 B);
 * 18,699 B with the later pages' rules in floow.js (06:10 UTC): 301 B to spare.
 */
export const ALL_BUDGET = 18_700;
export const ALL_GOAL = 19_000;
