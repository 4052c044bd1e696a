/**
 * The script-tag renderer's Preact (`floow.js`): the same Preact, built from the source its
 * package ships (`preact/src`) instead of its prebuilt file, with the paths this renderer
 * never takes cut out before minification (issue 21's "everything" budget). The runtime draws
 * with function components only: no class components, no `createContext`/`contextType`, no
 * error boundaries, no hydration and no suspension (no thrown promises, no server-rendered
 * markup). What is cut, each edit checked to still match Preact's source (a Preact upgrade
 * that changes a line fails the build, never silently keeps or drops code):
 * - class components: `isClassComponent` is false, so their lifecycle calls
 *   (`getDerivedStateFromProps`, `componentWillMount`, `componentDidMount`,
 *   `componentWillReceiveProps`, `componentDidUpdate`, `getSnapshotBeforeUpdate`) go;
 * - legacy context (`contextType`) and `getChildContext`;
 * - resuming a suspended or hydrating render (the `$s` range markers) and the thrown-promise
 *   path of the error handler;
 * - error boundaries (`getDerivedStateFromError`, `componentDidCatch`): an error in a render
 *   is thrown, as Preact does when no boundary is found;
 * - `hydrate()`'s flag in `render()` (the runtime never hydrates);
 * - `Component#setState` and `#forceUpdate`, component state and render callbacks (function
 *   components have none of them), portals (`createPortal`'s `_parentDom`);
 * - the `options` hooks (`preact/hooks`, `preact/debug` and devtools are not loaded);
 * - MathML and `<foreignObject>`, `<template>` contents, `<textarea defaultValue>`,
 *   `<progress>` values and SVG's `xlinkHref`/`className` spellings (never rendered).
 * A runtime change that needs one of these (a hook, a class component, a portal, …) takes its
 * edit out of `EDITS` first: the bundle tests (test/bundle.test.ts) render the built
 * `floow.js`, and would show it failing. The npm build imports Preact as its users install it
 * (a dependency, not bundled).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Options } from "tsup";

type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

/** Edits per file of `preact/src`: [what Preact has, what the script tag gets]. */
const EDITS: Record<string, [string | RegExp, string][]> = {
  "diff/index.js": [
    // Resuming a render that suspended or hydrates (never: nothing suspends or hydrates).
    [
      /\n\t\/\/ If the previous diff bailed out,[\s\S]*?\n\t}\n(?=\n\tif \(\(tmp = options\._diff\)\))/,
      "\n",
    ],
    ["\t\t\tconst isClassComponent = (tmp = newType.prototype) && tmp.render;\n", ""],
    [/\bisClassComponent\b/g, "false"],
    // Lifecycle methods a function component never has.
    [
      / \|\|\n\t+\(!\(c\._bits & COMPONENT_FORCE\) &&\n\t+c\.shouldComponentUpdate &&[\s\S]*?=== false\)/,
      "",
    ],
    [/\t+if \(c\.componentWillUpdate\) \{\n[^}]*\}\n/, ""],
    [/\t\tif \(r\.componentWillUnmount\) \{\n[\s\S]*?\n\t\t\t\}\n\t\t\}\n/, ""],
    // The `options` hooks (preact/hooks, preact/debug, devtools: none is loaded).
    ["\tif ((tmp = options._diff)) tmp(newVNode);\n", ""],
    ["let renderHook = options._render,", "let renderHook = 0,"],
    ["\tif ((tmp = options.diffed)) tmp(newVNode);\n", ""],
    ["\tif (options._commit) options._commit(root, commitQueue);\n", ""],
    ["\tif (options.unmount) options.unmount(vnode);\n", ""],
    [
      /\t\t\ttmp = newType\.contextType;\n\t\t\tconst provider = [^;]*;\n\t\t\tconst componentContext = tmp[^;]*;/,
      "\t\t\tconst provider = 0, componentContext = globalContext;",
    ],
    [
      "\t\t\tif (c.getChildContext) {\n\t\t\t\tglobalContext = assign({}, globalContext, c.getChildContext());\n\t\t\t}\n",
      "",
    ],
    // The catch's thrown-promise (suspension) path.
    ["\t\t\t\tif (e && e.then) {", "\t\t\t\tif (0) {"],
    ["\t\t\tif (!(e && e.then)) markAsForce(newVNode);", "\t\t\tmarkAsForce(newVNode);"],
    // Hydration: `isHydrating` is never set (`render.js` below), so its tests go.
    ["isHydrating = excessDomChildren = NULL;", "excessDomChildren = NULL;"],
    ["if (isHydrating || excessDomChildren) {", "if (excessDomChildren) {"],
    [/\t\tif \(isHydrating\) \{\n[\s\S]*?isHydrating = false;\n\t\t\}\n/, ""],
    ["(!isHydrating || dom.data != newProps)", "1"],
    ["if (!isHydrating && excessDomChildren) {", "if (excessDomChildren) {"],
    ["(!isHydrating || typeof value == 'function') &&", ""],
    [/!isHydrating &&\n\t*/, ""],
    ["if (!isHydrating || nodeType == 'textarea') {", "{"],
    // MathML and `<foreignObject>` (the runtime draws HTML and its icons' SVG paths only).
    ["\telse if (nodeType == 'math') namespace = MATH_NAMESPACE;\n", ""],
    [/\t\t\tif \(\n\t+nodeType == 'foreignObject' \|\|[\s\S]*?\n\t\t\t\}\n/, ""],
    // `<progress>`'s value (the progress bar is a `div` with `role="progressbar"`).
    [/if \(nodeType == 'progress' && inputValue == NULL\) \{\n[^}]*\} else if \(/, "if ("],
    [
      /\(inputValue !== dom\[i\] \|\|[\s\S]*?nodeType == 'progress' && !inputValue\)\)/,
      "inputValue !== dom[i]",
    ],
    // Component state (`setState`'s): a function component has none.
    ["\t\t\t\tif (!c.state) c.state = {};\n", ""],
    ["\t\t\toldState = c.state;\n", ""],
    ["\t\t\t\t\t\tc.state = c._nextState;\n", ""],
    [
      "tmp = c.render(c.props, (c.state = c._nextState), c.context);",
      "tmp = c.render(c.props, 0, c.context);",
    ],
    ["\t\t\tc.state = c._nextState;\n", ""],
    // Portals (`createPortal`, a `_parentDom` prop: the runtime renders into one root each).
    [
      /\t\t\tif \(newProps\._parentDom\) \{\n[\s\S]*?\n\t\t\t\}\n\n(?=\t\t\toldDom = diffChildren\()/,
      "",
    ],
    [
      /\t\t\tif \(newProps\._parentDom\) \{\n\t\t\t\tnewVNode\._dom = NULL;\n\t\t\t\toldDom = tmp;\n\t\t\t\}\n/,
      "",
    ],
    ["? skipRemove && !vnode.props._parentDom", "? skipRemove"],
    // Render callbacks (`componentDidMount`, `setState`'s callback: none without classes).
    ["\t\t\t\tc._renderCallbacks = [];\n\t\t\t\tc._stateCallbacks = [];\n", ""],
    [
      /\t\t\t\t\tEMPTY_ARR\.push\.apply\(c\._renderCallbacks, c\._stateCallbacks\);\n\t\t\t\t\tc\._stateCallbacks = \[\];\n\n\t\t\t\t\tif \(c\._renderCallbacks\.length\) \{\n\t\t\t\t\t\tcommitQueue\.push\(c\);\n\t\t\t\t\t\}\n/,
      "",
    ],
    ["\t\t\tif (c._renderCallbacks.length) {\n\t\t\t\tcommitQueue.push(c);\n\t\t\t}\n", ""],
    // `<template>` contents and `<textarea defaultValue>` (neither is rendered).
    ["parentDom = (nodeType == 'template' && dom.content) || dom;", "parentDom = dom;"],
    [/nodeType == 'textarea' && newProps\.defaultValue != NULL\n\t*\? NULL\n\t*: /, ""],
    // A suspended component's range markers, removed on unmount (it never suspends).
    [/\n\t\/\/ A component that suspended while hydrating[\s\S]*?removeNode\(r\);\n\t\}\n/, "\n"],
  ],
  "diff/catch-error.js": [
    [
      /export function _catchError\(error, vnode, oldVNode, errorInfo\) \{[\s\S]*\n}\n/,
      "export function _catchError(error) {\n\tresetRenderCount();\n\tthrow error;\n}\n",
    ],
  ],
  "create-element.js": [["\tif (!original && options.vnode) options.vnode(vnode);\n", ""]],
  "diff/props.js": [
    ["eventHandler(options.event ? options.event(e) : e)", "eventHandler(e)"],
    // SVG's `xlinkHref`/`className` spellings (the icons use neither).
    ["name = name.replace(/xlink(H|:h)/, 'h').replace(/sName$/, 's');", ""],
  ],
  "render.js": [
    ["\tif (options._root) options._root(vnode, parentDom);\n", ""],
    ["let isHydrating = vnode && vnode._flags & MODE_HYDRATE;", "let isHydrating = 0;"],
  ],
  "diff/children.js": [["\t\tif (parentVNode.props._parentDom) return oldDom;\n", ""]],
  "component.js": [
    [
      "typeof vnode.type == 'function' && !vnode.props._parentDom",
      "typeof vnode.type == 'function'",
    ],
    ["vnode._component && !vnode.props._parentDom) {", "vnode._component) {"],
    [/\nBaseComponent\.prototype\.setState = function[\s\S]*?\n};\n/, "\n"],
    [/\nBaseComponent\.prototype\.forceUpdate = function[\s\S]*?\n};\n/, "\n"],
  ],
};

const SOURCE = join(dirname(createRequire(import.meta.url).resolve("preact/package.json")), "src");
const FILES = [
  "index.js",
  "component.js",
  "constants.js",
  "create-context.js",
  "create-element.js",
  "create-portal.js",
  "options.js",
  "render.js",
  "util.js",
  "diff/catch-error.js",
  "diff/children.js",
  "diff/index.js",
  "diff/props.js",
];

/**
 * The names of Preact's internal properties (`_dom`, `_children`, `_parentDom`, …) for
 * esbuild's `mangleCache`: each renamed to a name that starts with `__`, as Preact's own build
 * does, never to the one- or two-letter names the runtime's own `_` members get. Some sit on
 * DOM nodes (`_listeners`, `_children` on the root) or are read from an element's props
 * (`_parentDom`), where a short name could meet an attribute (an icon path's `d`) or a
 * property of the element.
 */
export function preactNames(): Record<string, string> {
  const counts = new Map<string, number>();
  for (const file of FILES)
    for (const [, name] of edited(file).matchAll(/[.{,\s](_[a-zA-Z]\w*)\b/g))
      counts.set(name!, (counts.get(name!) ?? 0) + 1);
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return Object.fromEntries(
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([name], i) => [
        name,
        `__${letters[i % 52]}${i >= 52 ? letters[Math.floor(i / 52)] : ""}`,
      ]),
  );
}

/** A file of `preact/src` (`diff/index.js`) with its `EDITS` applied. */
function edited(file: string): string {
  let contents = readFileSync(join(SOURCE, file), "utf8");
  for (const [from, to] of EDITS[file] ?? []) {
    const next = contents.replace(from, to);
    if (next === contents)
      throw new Error(`lean-preact: preact/src/${file} no longer has ${String(from)}`);
    contents = next;
  }
  return contents;
}

/** esbuild plugin: `preact` from its source, with `EDITS` applied. */
export function leanPreact(): Plugin {
  return {
    name: "lean-preact",
    setup(build) {
      build.onResolve({ filter: /^preact$/ }, () => ({ path: join(SOURCE, "index.js") }));
      build.onLoad({ filter: /[\\/]preact[\\/]src[\\/].*\.js$/ }, ({ path }) => {
        const contents = edited(path.slice(SOURCE.length + 1).replaceAll("\\", "/"));
        return { contents, loader: "js" };
      });
    },
  };
}
