/**
 * The gzip size budgets of the script-tag files, in bytes (the `.gz` beside each file, which
 * the build writes with Zopfli and the API sends; before Nov 26, 15:00 UTC zlib's level 9): checked by
 * `bundle.test.ts` and written into docs/benchmarks.md by `pnpm bench`. Each budget sits just
 * above what the files measure now, so a change that adds bytes fails until its author
 * raises the budget and says why here; lower them as the files shrink.
 *
 * Issue 21's goals (the renderer back on Preact, the pages after the start page in a chunk:
 * render/lazy.ts) are the loader 2,000 B, what a shopper downloads before the start page shows
 * 15,000 B, and everything any floow can need 19,000 B (docs/benchmarks.md, "Runtime sizes:
 * issue 21's goals"):
 * - before the start page: 14,636 B, **met** (Nov 26, 09:20 UTC) since `<floow-widget>` went
 *   into its own chunk and the shopper's actions after the start page (walk.ts) into pages.js,
 *   with the strict-CSP stylesheets (+99 B) and issue 23's visitor id (+62 B) paid for;
 * - everything: 22,326 B (Nov 26, 15:00 UTC, below), **not met** (3,326 B over).
 * - (before:) everything 22,864 B, **not met** (3,864 B over): 1,999 B of it are issue 23's
 *   `tracking.js`, 344 B the tag's `floow-widget.js`; without them 20,521 B. Preact as its
 *   package ships it costs about 4.1 kB of floow.js; a build that cut code paths out of its
 *   source met the goal and was taken out (the script tag runs the Preact millions of sites
 *   run, issue 21). Meeting 19,000 B needs a decision on the goal or on what the renderer
 *   carries.
 */
/*
 * Issue 23 (consent and conversions, docs/benchmarks.md "Runtime sizes: issue 21's goals"):
 * floow.js +62 B (every event reads the visitor id; the tracking chunk is requested on a page
 * with the loader), and the chunk `tracking.js` (1,999 B) on every page with the loader, after
 * floow.js: nothing of it comes before a start page.
 *
 * Issue 23 (experiments, docs/analytics.md "Experiments"): embed.js +88 B (2,014 B: issue 21's
 * loader goal of 2,000 B is NOT met by 14 B) to ask the floows answer with `?visitor=` (the
 * visitor id, else the tab's session id, started by the loader itself with
 * `crypto.randomUUID` so the first page gets the arm the later ones do); floow.js +81 B
 * (12,791 B): `variantId` on every event, and a holdout visitor's floow not shown but one
 * `holdout` event sent. Before the start page: 14,805 B (goal 15,000 still met).
 *
 * The finish page's results call and `finish` event (walk.ts `finish`) in pages.js
 * (docs/benchmarks.md, "Runtime sizes: issue 21's goals"): floow.js -285 B (12,506 B), pages.js
 * +244 B (6,129 B); before the start page 14,520 B, everything 22,994 B.
 *
 * Issue 23 (experiments): floow.js +21 B (12,527 B): a variant's results call names its
 * version (`floowVersion`), so its own filters choose the products.
 *
 * The loader's `?visitor=` reads and writes storage through its named properties and no longer
 * escapes our own UUIDs: embed.js 1,994 B, issue 21's loader goal of 2,000 B met again.
 *
 * Issue 23 (a TCF CMP that loads late, docs/events.md "Consent"): looking for `__tcfapi` every
 * 250 ms for 10 s costs tracking.js +38 B, paid for in the chunk itself (the no-domain warning
 * only in the npm build, the settings answer read without its `ok` check, `window.floow.push`
 * calling by name): tracking.js 1,999 B. A client for a parent page's `__tcfapiLocator` frame
 * would cost about 140 B more and was left out.
 */
/*
 * Issue 21, looking for the 4 kB (Nov 26, 15:00 UTC; per module: the built file's bytes that
 * its source map gives the module, and what leaving them out takes off the file's gzip, so a
 * module's figure is what it costs in its file). Everything was
 * 22,993 B at gzip 9: floow.js 12,527 (Preact 4,140, mount.ts 1,416, render/styles.ts 1,006,
 * events.ts 666, render/app.tsx 581, controller.ts 554, flow.ts 431, parts.tsx 364, theme.ts
 * 323, api.ts 338, lazy.ts 351, the rest under 200 each), pages.js 6,129 (styles 1,070,
 * walk.ts 905, finish 562, form 529, the domain's floow logic 402, step 348), tracking.js
 * 1,999 (conversion.ts 597, consent.ts 535, its own copy of the session and visitor ids with
 * the domain's `createId` 249), floow-widget.js 344, embed.js 1,994. Code bundled twice: only
 * that copy in tracking.js (pages.js shares 50 B with floow.js, embed.js 40 B).
 * - tracking.js reads the session and visitor ids from floow.js (`FloowRuntime.shared`, which
 *   floow.js requests it from): tracking.js -219 B, floow.js +25 B (the three names).
 * - The `.gz` files are Zopfli's (tsup.config.ts): -473 B over the five files, what every
 *   browser that takes gzip downloads. At zlib's level 9 the same files measure embed.js 1,994,
 *   floow.js 12,552, pages.js 6,129, tracking.js 1,780, floow-widget.js 344: 22,799 B.
 * Now embed.js 1,980, floow.js 12,245, pages.js 6,001, tracking.js 1,757, floow-widget.js 343:
 * before the start page 14,225 B, everything 22,326 B. Brotli (the `.br`, what current
 * browsers get): 20,475 B everything. What the split costs: the five files in one gzip would be
 * 20,262 B (Zopfli; 20,909 B at level 9), so even unsplit the goal needs 1.3 kB less code;
 * floow.js and pages.js apart cost 918 B (Zopfli), tracking.js apart 455 B (level 9).
 * `<floow-widget>` back in floow.js would save 220 B of everything for 124 B more before the
 * start page (and a tag's floow one round trip sooner); left as it is (the dashboard's CSP guide names floow-widget.js).
 *
 * Issue 21, our own code (Nov 26, 18:50 UTC; each change's effect measured alone, Zopfli, the
 * build deterministic): everything 22,326 -> 22,055 B (-271 B), before the start page 14,225 ->
 * 14,095 B.
 * - `FloowRuntime.shared` a list read by position, not an object read by name (render/lazy.ts,
 *   tsup.config.ts `fromRenderer`): -123 B (floow.js -61, pages.js -44, tracking.js -18).
 * - Members of `Flow` and of the renderer's `ui` that floow.js and pages.js both use by name
 *   renamed to the same `$n` in every build (tsup.config.ts, a fixed esbuild mangle cache): -87 B.
 * - The script tag's padding and gap read from the radius scale (theme.ts): floow.js -25 B.
 * - `htmlToText` without its plain-text shortcut (same text): pages.js -23 B.
 * - `cond && <X />` instead of `cond ? <X /> : null` where `cond` is a boolean: -13 B.
 * - Tried and not kept (under 10 B each, or none): merging stylesheet rules that share
 *   declarations (-2 B), the icons' stroke attributes as CSS (-6 B), the chunk's `define` taking
 *   a list (0 B in all: pages.js -24, floow.js +24), terser's `unsafe_arrows` (-13 B; it assumes
 *   no function expression's `prototype` is used, which Preact's code was not checked for), `EventQueue.size` (0 B), more names in the mangle list (0 B).
 * With the loader's floow.js-first request (embed.js 1,980 -> 1,993 B, commit b23d367), now
 * embed.js 1,993, floow.js 12,115, pages.js 5,878, tracking.js 1,739, floow-widget.js 343:
 * before the start page 14,108 B, everything 22,068 B, 3,068 B over the goal of 19,000.
 */
export const BUDGETS = { "embed.js": 2_000, "floow.js": 12_130 } as const;
/**
 * The renderer's chunks: `pages.js`, fetched once a start page shows (or when first needed);
 * `floow-widget.js`, fetched only on a page with a `<floow-widget>` tag; `tracking.js` (consent,
 * the visitor id, conversions, `window.floow`), fetched on every page with the loader.
 */
export const CHUNK_BUDGETS = {
  "pages.js": 5_890,
  "floow-widget.js": 350,
  "tracking.js": 1_750,
} as const;
/** Before the start page shows: the loader and the renderer. */
export const TOTAL_BUDGET = 14_120;
/** Issue 21's goal for the loader and the renderer together (met: see above). */
export const TOTAL_GOAL = 15_000;
/**
 * Everything: the loader, the renderer and its chunks (`floow-widget.js` included: a page
 * with the tag downloads all five; one showing floows by triggers alone, 344 B less).
 */
export const ALL_BUDGET = 22_080;
/** Issue 21's goal for everything (not met: see above). */
export const ALL_GOAL = 19_000;
