/**
 * Writes the script-tag files' measured gzip sizes (the `.gz` the build writes with Zopfli and
 * the API sends, as test/bundle.test.ts measures them) into README.md, between markers such as
 * `<!-- size:embed -->1,918 B<!-- /size -->`: `pnpm readme:sizes` after `pnpm build`.
 * test/readme-sizes.test.ts fails when the README's sizes differ from the build's.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const file = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
export const README = file("README.md");

const gzip = (name: string) => readFileSync(file(`dist/${name}.gz`)).length;

/** Each marker's size in bytes, measured from dist/. */
export function measuredSizes(): Record<string, number> {
  const embed = gzip("embed.js");
  const floow = gzip("floow.js");
  const pages = gzip("pages.js");
  const widget = gzip("floow-widget.js");
  const tracking = gzip("tracking.js");
  return {
    embed,
    floow,
    pages,
    "floow-widget": widget,
    tracking,
    // What a shopper downloads before a floow's start page shows; everything any floow needs
    // (on a page with a `<floow-widget>` tag, which alone downloads floow-widget.js; the
    // tracking chunk comes on every page with the loader, after floow.js).
    "first-view": embed + floow,
    all: embed + floow + pages + widget + tracking,
  };
}

const MARKER = /<!-- size:([a-z-]+) -->(.*?)<!-- \/size -->/g;

/** `1,918 B`, as the README writes sizes. */
export const formatSize = (bytes: number) => `${bytes.toLocaleString("en-US")} B`;

/** The sizes the README states, by marker. */
export function readmeSizes(text = readFileSync(README, "utf8")): Record<string, string> {
  return Object.fromEntries([...text.matchAll(MARKER)].map(([, key, value]) => [key!, value!]));
}

/** The README with every marker's size replaced by the measured one. */
export function withSizes(text: string, sizes: Record<string, number>): string {
  return text.replace(MARKER, (whole, key: string) => {
    if (!(key in sizes)) throw new Error(`README.md: no size measured for "${key}"`);
    return `<!-- size:${key} -->${formatSize(sizes[key]!)}<!-- /size -->`;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = measuredSizes();
  writeFileSync(README, withSizes(readFileSync(README, "utf8"), sizes));
  console.info("README.md sizes:", sizes);
}
