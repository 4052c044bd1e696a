/**
 * Checks of the built files (run by `pnpm check` after `pnpm build`): the gzip size budgets
 * of the script-tag bundles, what the npm build imports, and that the minified renderer
 * still works (its tree-shaking and property mangling are the riskiest part of the build).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { brandPaints, floowIcons, floowTexts } from "@floow/domain/logic";
import type { Language, PublicFloow } from "@floow/domain/logic";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { ALL_BUDGET, ALL_GOAL, BUDGETS, CHUNK_BUDGETS, TOTAL_BUDGET, TOTAL_GOAL } from "./budgets";

/** The script-tag renderer's chunk (render/lazy.ts), beside floow.js. */
const CHUNKS = ["pages"];
const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));
const read = (file: string) => readFileSync(dist(file), "utf8");
const gzip = (file: string) => gzipSync(readFileSync(dist(file)), { level: 9 }).length;

/**
 * The test floow as the public API answers it: with the texts and icon paths it adds to every
 * floow (the script-tag renderer bundles none of them).
 */
function published(language?: Language): PublicFloow {
  const { floow } = JSON.parse(
    readFileSync(fileURLToPath(new URL("../src/test/bundle-floow.json", import.meta.url)), "utf8"),
  );
  const config = { ...floow, language: language ?? floow.language };
  return {
    ...config,
    texts: floowTexts(config.language),
    icons: floowIcons(config.buttons),
  };
}

describe("size budgets", () => {
  for (const [file, budget] of Object.entries({ ...BUDGETS, ...CHUNK_BUDGETS })) {
    it(`${file} is at most ${budget} bytes gzipped`, () => {
      const size = gzip(file);
      console.info(`${file}: ${size} bytes gzip (budget ${budget})`);
      expect(size).toBeLessThanOrEqual(budget);
    });
  }

  it(`everything any floow can need (loader, renderer, its chunk) is at most ${ALL_BUDGET} bytes gzipped (goal ${ALL_GOAL}: not met)`, () => {
    const size = ["embed.js", "floow.js", ...Object.keys(CHUNK_BUDGETS)].reduce((sum, file) => sum + gzip(file), 0);
    console.info(`everything: ${size} bytes gzip (budget ${ALL_BUDGET}, goal ${ALL_GOAL})`);
    expect(size).toBeLessThanOrEqual(ALL_BUDGET);
  });

  it(`what a shopper downloads before the start page shows (loader + renderer) is at most ${TOTAL_BUDGET} bytes gzipped (goal ${TOTAL_GOAL})`, () => {
    const size = gzip("embed.js") + gzip("floow.js");
    console.info(`embed.js + floow.js: ${size} bytes gzip (budget ${TOTAL_BUDGET})`);
    expect(size).toBeLessThanOrEqual(Math.min(TOTAL_BUDGET, TOTAL_GOAL));
  });
});

describe("the npm build", () => {
  it("imports only Preact (no React, zod or @floow packages: the domain logic is bundled)", () => {
    const imports = [...read("index.js").matchAll(/^\s*(?:import|export) .* from ["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(new Set(imports)).toEqual(new Set(["preact"]));
    expect(read("index.js")).not.toMatch(/\bimport\(/);
  });

  it("has self-contained types", () => {
    expect(read("index.d.ts")).not.toMatch(/from ['"]@floow\//);
  });
});

/**
 * The script-tag renderer as a page gets it: `floow.js` run in a fresh window, with an
 * element to mount in, and its chunk (already here: happy-dom has no `currentScript` for
 * floow.js to find it by, see "fetches its chunk" below).
 */
function loadRenderer(chunks: readonly string[] = CHUNKS) {
  const window = new Window({ url: "https://shop.example/" });
  window.eval(read("floow.js"));
  for (const chunk of chunks) window.eval(read(`${chunk}.js`));
  const runtime = (window as unknown as { FloowRuntime: Record<string, unknown> & ScriptRuntime })
    .FloowRuntime;
  const element = window.document.createElement("div");
  window.document.body.appendChild(element);
  return { window, runtime, element };
}

interface ScriptRuntime {
  mount(el: unknown, options: unknown): void;
  on(type: string, handler: (e: { type: string }) => void): void;
}

describe("the script-tag build", () => {
  it("embed.js defines no global but window.floows", () => {
    const code = read("embed.js");
    const window = new Window({ url: "https://shop.example/" });
    window.eval(code); // no currentScript with data-domain: it does nothing
    expect(Object.keys(window).filter((k) => /floow/i.test(k))).toEqual([]);
  });

  it("floow.js exposes FloowRuntime and renders a floow", async () => {
    const { window, runtime, element } = loadRenderer();
    expect(Object.keys(runtime).sort()).toEqual([
      "destroy",
      "mount",
      "on",
      "open",
      "shared",
      "start",
      "version",
    ]);
    const floow = published();
    const seen: string[] = [];
    runtime.on("*", (e) => seen.push(e.type));
    // As the script tag mounts it (the build has no editor preview): at the element, no API.
    runtime.mount(element, {
      floow,
      container: "embedded",
    });
    const shadow = element.firstElementChild!.shadowRoot!;
    expect(shadow.textContent).toContain("Find your bike");
    (shadow.querySelector("button.btn") as unknown as { click(): void }).click();
    expect(shadow.textContent).toContain("What is your budget?");
    expect(seen).toEqual(["mount", "start"]);
    await window.happyDOM.close();
  });

  it("floow.js shows the start page alone; questions, form, results and dialog come with pages.js", async () => {
    const { window, runtime, element } = loadRenderer([]);
    runtime.mount(element, { floow: published(), container: "embedded" });
    const shadow = element.firstElementChild!.shadowRoot!;
    expect(shadow.textContent).toContain("Find your bike");
    (shadow.querySelector("button.btn") as unknown as { click(): void }).click();
    // The question waits for pages.js: a skeleton, labelled, meanwhile.
    expect(shadow.textContent).not.toContain("What is your budget?");
    expect(shadow.querySelector(".sk[role=status]")).not.toBeNull();
    window.eval(read("pages.js"));
    expect(shadow.textContent).toContain("What is your budget?");
    expect(shadow.querySelector("[role=radiogroup] [role=radio]")).not.toBeNull();
    // Its styles came with it: one sheet after the start page's, in the npm build's order (with
    // a sheet per part, the questions' `.row>*` came after the progress bar's own rules and
    // narrowed the bar).
    const sheets = [...shadow.querySelectorAll("style")].map((s) => s.textContent);
    const [, pages = ""] = sheets;
    expect(sheets).toHaveLength(2);
    expect(pages).toContain(".choice{");
    expect(pages.indexOf(".row>*{")).toBeLessThan(pages.indexOf(".bar,.dots{flex:1"));
    await window.happyDOM.close();
  });

  it("floow.js fetches its chunk from beside itself, once a start page shows", async () => {
    const window = new Window({
      url: "https://shop.example/",
      settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true },
    });
    // As the loader adds it: floow.js knows where it came from by its own script tag.
    const tag = window.document.createElement("script");
    tag.src = "https://floow.example/runtime/floow.js?v=0.1.0";
    Object.defineProperty(window.document, "currentScript", { configurable: true, get: () => tag });
    window.eval(read("floow.js"));
    Object.defineProperty(window.document, "currentScript", { configurable: true, get: () => null });
    const requested = () =>
      [...window.document.head.querySelectorAll("script")].map((s) => s.getAttribute("src"));
    const runtime = (window as unknown as { FloowRuntime: ScriptRuntime }).FloowRuntime;
    const element = window.document.createElement("div");
    window.document.body.appendChild(element);
    runtime.mount(element, { floow: published(), container: "embedded" });
    expect(element.firstElementChild!.shadowRoot!.textContent).toContain("Find your bike");
    expect(requested()).toEqual(["https://floow.example/runtime/pages.js?v=0.1.0"]);
    // Once, however many floows show.
    const second = window.document.createElement("div");
    window.document.body.appendChild(second);
    runtime.mount(second, { floow: published(), container: "embedded" });
    expect(requested()).toHaveLength(1);
    await window.happyDOM.close();
  });

  it("a dialog floow's dialog waits for pages.js, then traps focus and closes with Escape", async () => {
    const { window, runtime } = loadRenderer([]);
    const floow = { ...published(), container: { ...published().container, type: "dialog" } };
    const instance = (runtime as unknown as { open(id: string, o: unknown): { close(): void } }).open(floow.id, { floow });
    const host = () => window.document.body.lastElementChild!.shadowRoot!;
    expect(host().querySelector("[role=dialog]")).toBeNull();
    expect(host().querySelector(".overlay .sk")).not.toBeNull();
    window.eval(read("pages.js"));
    const dialog = host().querySelector("[role=dialog]")!;
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    dialog.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(window.document.body.querySelector("body > [data-floow-host]")).toBeNull();
    expect(instance).toBeDefined();
    await window.happyDOM.close();
  });

  it("floow.js fails a floow without texts cleanly (an answer from an older server)", async () => {
    const { window, runtime, element } = loadRenderer();
    const { texts: _texts, ...old } = published();
    const warn = window.console.warn;
    const warnings: unknown[][] = [];
    window.console.warn = (...args: unknown[]) => warnings.push(args);
    expect(() => runtime.mount(element, { floow: old, container: "embedded" })).not.toThrow();
    window.console.warn = warn;
    expect(element.children).toHaveLength(0);
    expect(warnings[0]).toContain("no texts");
    await window.happyDOM.close();
  });

  it("floow.js shows results as the results call's cards give them (it parses no feed prices)", async () => {
    const { window, runtime, element } = loadRenderer();
    // As the results call sends it (`compactCard`): the price as a number, and the fields
    // the record does not hold under its own name.
    const card = {
      price: 1499,
      name: "Velo Aero",
      url: "https://shop.example/aero",
      attributes: [{ name: "brand", value: "Velo" }],
    };
    runtime.mount(element, {
      floow: published(),
      container: "embedded",
      view: { kind: "finish" },
      results: async () => ({ products: [{ id: "BIKE-1", title: "Raw title", price: "1 EUR" }], cards: [card], partial: false }),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const shadow = element.firstElementChild!.shadowRoot!;
    expect(shadow.querySelector(".name")?.textContent).toBe("Velo Aero");
    expect(shadow.querySelector(".price")?.textContent).toBe("€ 1.499,00");
    expect(shadow.querySelector("dd")?.textContent).toBe("Velo");
    expect(shadow.querySelector("a.btn")?.getAttribute("href")).toBe("https://shop.example/aero");
    await window.happyDOM.close();
  });

  it("floow.js shows the texts, messages and icons its floow came with (it bundles none)", async () => {
    const { window, runtime, element } = loadRenderer();
    const nl = published("nl");
    // A yellow brand: the paints the API works out for it (dark text on yellow).
    const colors = [{ id: "y", name: "Yellow", hex: "ffee00", favorite: true }];
    const domain = { colors, fonts: [], paints: brandPaints(colors) };
    runtime.mount(element, { floow: nl, domain, container: "embedded" });
    const shadow = element.firstElementChild!.shadowRoot!;
    const click = (selector: string) =>
      (shadow.querySelector(selector) as unknown as { click(): void }).click();
    const start = shadow.querySelector("button.btn") as unknown as HTMLElement;
    expect(start.getAttribute("style")).toContain("--c: #ffee00; --on: #111111");
    click("button.btn"); // start
    click("button.choice:nth-of-type(2)"); // High: the single choice goes on, to the colours
    click("button.choice"); // Red
    expect(shadow.querySelector("button.choice svg path")?.getAttribute("d")).toBe(
      nl.icons!.check!.d,
    );
    click(".nav button.btn.end"); // Next, to the form
    click(".nav button.btn.end"); // Next with the required name empty
    expect(shadow.textContent).toContain(floowTexts("nl").messages.required);
    await window.happyDOM.close();
  });
});
