/**
 * The npm build in Chromium, mounting into an element of an iframe's document: a shadow root
 * adopts only constructable stylesheets its own document made (render/sheet.ts), so the floow
 * is styled there too (a sheet of the page's document throws "Sharing constructed stylesheets
 * in multiple documents is not allowed").
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { expect, it } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ORIGIN = "https://app.example";
const dist = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../dist/${file}`, import.meta.url)), "utf8");
const preact = readFileSync(createRequire(import.meta.url).resolve("preact"), "utf8");
const floow = JSON.parse(
  readFileSync(fileURLToPath(new URL("../src/test/bundle-floow.json", import.meta.url)), "utf8"),
).floow;

const PAGE = `<!doctype html><html><head>
<script type="importmap">{"imports":{"preact":"/preact.mjs"}}</script></head>
<body><iframe></iframe><script type="module">
import { mount } from "/index.js";
const frame = document.querySelector("iframe").contentDocument;
const element = frame.createElement("div");
frame.body.append(element);
try {
  mount(element, { floow: window.FLOOW, device: "desktop" });
  const root = element.firstElementChild.shadowRoot;
  window.result = {
    sheets: root.adoptedStyleSheets.length,
    minHeight: getComputedStyle(root.querySelector("button.btn")).minHeight,
  };
} catch (error) {
  window.result = { error: String(error) };
}
</script></body></html>`;

it("the npm build styles a floow mounted in an iframe's element", { timeout: 60_000 }, async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.addInitScript((f) => ((window as unknown as { FLOOW: unknown }).FLOOW = f), floow);
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      const body =
        path === "/" ? PAGE : path === "/preact.mjs" ? preact : dist(path.replace(/^\//, ""));
      return route.fulfill({
        body,
        contentType: path === "/" ? "text/html" : "text/javascript",
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => "result" in window);
    const result = await page.evaluate(() => (window as unknown as { result: unknown }).result);
    expect(result).toEqual({ sheets: 1, minHeight: "44px" });
  } finally {
    await browser.close();
  }
});
