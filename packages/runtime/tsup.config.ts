import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { minify } from "terser";
import { defineConfig } from "tsup";
import type { Options } from "tsup";
import pkg from "./package.json" with { type: "json" };

const define = { __VERSION__: JSON.stringify(pkg.version), __SCRIPT_TAG__: "false" };
// The script-tag renderer only shows what Floow's public API answers (its rich text already
// sanitized by the server) and has the loader on the page: `__SCRIPT_TAG__` leaves out what
// it does not need (see README, "Where rich text is sanitized").
const scriptTagDefine = { ...define, __SCRIPT_TAG__: "true" };

// Private members are named `_name` and renamed to short names in the bundles (the budget
// is tight); nothing public, and nothing of the domain's, starts with one `_`.
// Some members that floow.js and pages.js (walk.ts) both call by name are renamed too, to the
// same `$n` names in every build (a fixed cache: each build mangles apart, and `$` starts no
// other property): -87 B of gzip. Only names that no domain field, public option, API answer
// or DOM member has may be listed (`values`, `history`, `finish` or `preview` may not).
const crossChunk = [
  "visibleChoices",
  "formErrors",
  "canGoNext",
  "canGoBack",
  "chosenIds",
  "currentStepId",
  "resultsToken",
  "openProduct",
  "setValue",
  "rendering",
  "timers",
  "subscribe",
  "emit",
  "dispose",
  "flow",
  "brand",
  "answers",
  "touched",
];
const esbuildOptions = (options: {
  mangleProps?: RegExp;
  mangleCache?: Record<string, string | false>;
}) => {
  options.mangleProps = new RegExp(`^(_[a-z]|(${crossChunk.join("|")})$)`, "i");
  options.mangleCache = Object.fromEntries(
    crossChunk.map((name, i) => [name, `$${i.toString(36)}`]),
  );
};

// The script-tag bundles are minified by esbuild, then again by terser (three compress
// passes, top-level names kept: `var FloowRuntime`), in place: about 450 B of gzip less on
// the renderer, same code. Its `unsafe*` and `pure_getters` options (-56 B) assume what this
// code keeps to: no getters with side effects on what it reads, no overridden built-ins;
// `booleans_as_integers` (-27 B more) is left out, since an attribute's `true` and `1` differ
// (Preact sets `aria-*` values as they are). (tsup's own `minify: "terser"` loses the renderer's global name
// under its Rollup tree-shaking.) Then `.br` (brotli 11) and `.gz` beside each, which the API
// sends as they are (about 2 kB less than brotli on the fly for floow.js). The `.gz` is
// Zopfli's (15 iterations, its default): the same gzip format any browser decodes, 2 % smaller
// than zlib's level 9 (473 B over the five files; 100 iterations: 10 B more, twice the time).
const terse = (file: string) => async () => {
  const path = `dist/${file}`;
  const { code } = await minify(readFileSync(path, "utf8"), {
    ecma: 2020,
    compress: {
      passes: 3,
      pure_getters: true,
      unsafe: true,
      unsafe_comps: true,
      unsafe_math: true,
      unsafe_methods: true,
      unsafe_proto: true,
      unsafe_regexp: true,
      unsafe_undefined: true,
    },
  });
  writeFileSync(path, code!);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(code!, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
    }),
  );
  writeFileSync(`${path}.gz`, await gzipAsync(Buffer.from(code!), { numiterations: 15 }));
};

/**
 * The chunks (`pages.js`, render/lazy.ts; `tracking.js`, chunks/tracking.ts) run beside
 * floow.js and use its Preact and shared parts: their imports of `preact` and of the shared
 * modules read `FloowRuntime.shared` instead of bundling a copy (a second Preact would double
 * the bytes, and its vnodes are not the renderer's; tracking.js's own copy of the session and
 * visitor ids with the domain's `createId` cost it 249 B of gzip). `shared` is a list
 * (render/lazy.ts), read here by position: `const [, , , h, Fragment] = FloowRuntime.shared`,
 * so no name is in the files (-123 B of gzip over floow.js and its chunks, against an object
 * read by name). The names and their order come from lazy.ts's source; a chunk importing a
 * name it does not list fails its build. The npm build bundles every module as it is.
 */
const sharedNames = readFileSync("src/render/lazy.ts", "utf8")
  .split("export const shared = [")[1]!
  .split("]")[0]!
  .match(/\w+/g)!;
const fromRenderer = (
  filter: RegExp,
  names: string[],
): NonNullable<Options["esbuildPlugins"]>[number] => ({
  name: "shared-from-renderer",
  setup(build) {
    for (const name of names)
      if (!sharedNames.includes(name)) throw new Error(`${name}: not in shared`);
    // A hole for each name before the chunk's last that it does not take.
    const list = sharedNames.slice(0, Math.max(...names.map((n) => sharedNames.indexOf(n))) + 1);
    const pattern = list.map((n) => (names.includes(n) ? n : "")).join(", ");
    build.onResolve({ filter }, () => ({ path: "shared", namespace: "floow-shared" }));
    build.onLoad({ filter: /.*/, namespace: "floow-shared" }, () => ({
      contents: `export const [${pattern}] = FloowRuntime.shared;`,
      loader: "js",
    }));
  },
});
const pagesFromRenderer = fromRenderer(
  /^(preact|\.\/(lazy|parts|icons)|\.\.\/(render\/lazy|theme))$/,
  [
    "h",
    "Fragment",
    "Button",
    "Img",
    "Rich",
    "Skeleton",
    "Icon",
    "define",
    "part",
    "paintOf",
    "radius",
    "padding",
    "gap",
  ],
);
const trackingFromRenderer = fromRenderer(/^\.\/session$/, [
  "sessionId",
  "visitorId",
  "VISITOR_KEY",
]);

// Five builds, overwriting dist/ in place (no clean: `pnpm test` builds too, and turbo may
// run it beside the build task, or beside a dependent reading dist/). @floow/domain (logic)
// is private to the runtime and bundled into all of them; the npm build imports Preact (its
// one dependency), the script-tag files bundle it (floow.js; its chunks use floow.js's).
export default defineConfig([
  {
    // npm: ESM + types; `element` registers <floow-widget> on import (src/widget.ts).
    entry: { index: "src/index.ts", element: "src/widget.ts" },
    format: ["esm"],
    dts: true,
    tsconfig: "tsconfig.build.json",
    target: "es2022",
    define,
    esbuildOptions,
    noExternal: ["@floow/domain"],
  },
  {
    // Script tag, loaded on every page: the loader (`/embed.js`, budget 2 kB gzip).
    entry: { embed: "src/embed.ts" },
    format: ["iife"],
    outExtension: () => ({ js: ".js" }),
    minify: true,
    onSuccess: terse("embed.js"),
    target: "es2022",
    define,
    esbuildOptions,
    noExternal: [/.*/],
  },
  {
    // Script tag, loaded only when a floow shows: the renderer (`/runtime/floow.js`),
    // exposed as `window.FloowRuntime`.
    entry: { floow: "src/script.ts" },
    format: ["iife"],
    globalName: "FloowRuntime",
    treeshake: { preset: "smallest" },
    outExtension: () => ({ js: ".js" }),
    minify: true,
    onSuccess: terse("floow.js"),
    target: "es2022",
    define: scriptTagDefine,
    esbuildOptions,
    noExternal: [/.*/],
  },
  {
    // Script tag, loaded by floow.js only when the page has a `<floow-widget>` tag (script.ts):
    // the element (`/runtime/floow-widget.js`), mounting with floow.js's `FloowRuntime.mount`.
    entry: { "floow-widget": "src/chunks/floow-widget.ts" },
    format: ["iife"],
    outExtension: () => ({ js: ".js" }),
    minify: true,
    onSuccess: terse("floow-widget.js"),
    target: "es2022",
    define: scriptTagDefine,
    esbuildOptions,
    noExternal: [/.*/],
  },
  {
    // Script tag, loaded by floow.js on every page with the loader (script.ts), after it: consent
    // and conversions, `window.floow` (`/runtime/tracking.js`, chunks/tracking.ts).
    entry: { tracking: "src/chunks/tracking.ts" },
    format: ["iife"],
    treeshake: { preset: "smallest" },
    outExtension: () => ({ js: ".js" }),
    minify: true,
    esbuildPlugins: [trackingFromRenderer],
    onSuccess: terse("tracking.js"),
    target: "es2022",
    define: scriptTagDefine,
    esbuildOptions,
    noExternal: [/.*/],
  },
  {
    // Script tag, loaded by floow.js once a start page shows (render/lazy.ts): the pages after
    // it, with the questions, form inputs, results and dialog (`/runtime/pages.js`).
    entry: { pages: "src/chunks/pages.ts" },
    format: ["iife"],
    treeshake: { preset: "smallest" },
    outExtension: () => ({ js: ".js" }),
    minify: true,
    esbuildPlugins: [pagesFromRenderer],
    onSuccess: terse("pages.js"),
    target: "es2022",
    define: scriptTagDefine,
    esbuildOptions,
    noExternal: [/.*/],
  },
]);
