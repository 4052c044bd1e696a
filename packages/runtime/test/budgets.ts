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
export const BUDGETS = { "embed.js": 2000, "floow.js": 13_055 } as const;
/** The renderer's chunk, fetched once a start page shows (or when first needed). */
export const CHUNK_BUDGETS = { "pages.js": 5_600 } as const;
/**
 * Before the start page shows: the loader and the renderer. Raised from 14,885 (and
 * floow.js's from 13,020, everything's from 20,460) for renders that no longer nest (a
 * blur during a render, mount.ts `_render`: the browser's Back from a form, Escape from a
 * dialog's form): +36 B.
 */
export const TOTAL_BUDGET = 14_920;
/** Issue 21's goal for the loader and the renderer together. */
export const TOTAL_GOAL = 15_000;
/**
 * Everything: issue 21's goal is 19,000 B; the Preact renderer and its one chunk measure
 * 20,456 B (00:20 UTC, Nov 26; 22,531 B with four chunks): NOT met. The chunk compressed on its
 * own loses gzip's shared dictionary (about 900 B against the same bytes appended to
 * floow.js), and the code itself is about 800 B over even in one stream. This budget only
 * stops it growing; docs/benchmarks.md says what is left to do.
 */
export const ALL_BUDGET = 20_495;
export const ALL_GOAL = 19_000;
