/**
 * The script tag's `tracking.js` (built, minified) in Chromium with an IAB TCF v2.2 CMP that
 * loads late, without the CMP API's stub (docs/events.md "Consent", "A TCF CMP that loads
 * late"): the chunk finds its `__tcfapi` when it comes, and the shopper's choice decides the
 * visitor id. The CMP answers `addEventListener` as the CMP API says: at once with the stored
 * choice (`tcloaded`), later with a new one (`useractioncomplete`). The chunk comes as on a
 * shop's page: requested by floow.js (the loader's `data-domain` is in the page), whose
 * session and visitor ids it uses (`FloowRuntime.shared`).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { expect, it } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ORIGIN = "https://shop.example";
const API = "https://app.example";
const dist = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../dist/${file}`, import.meta.url)));
const tracking = dist("tracking.js");
const renderer = dist("floow.js");

/**
 * The merchant's page: the loader's tag (its domain), the renderer (which the loader requests,
 * and which requests tracking.js), then a CMP's tag that comes 1.5 s later.
 */
const PAGE = `<!doctype html><html><head>
<script src="${API}/embed.js" data-domain="d1" async></script>
<script src="${API}/runtime/floow.js"></script>
</head><body><script>
setTimeout(() => {
  const listeners = [];
  window.__tcfapi = (command, version, callback) => {
    if (command !== "addEventListener" || version !== 2) return;
    listeners.push(callback);
    callback({ eventStatus: "tcloaded", gdprApplies: true, purpose: { consents: { 1: true, 8: true } } }, true);
  };
  // The shopper withdraws consent in the CMP's dialog.
  window.refuse = () => listeners.forEach((callback) =>
    callback({ eventStatus: "useractioncomplete", gdprApplies: true, purpose: { consents: {} } }, true));
}, 1500);
</script></body></html>`;

it(
  "tracking.js reads a TCF CMP that comes 1.5 s after it, without the stub",
  { timeout: 60_000 },
  async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage();
      await page.route("https://*.example/**", (route) => {
        const url = new URL(route.request().url());
        if (url.origin === ORIGIN) return route.fulfill({ body: PAGE, contentType: "text/html" });
        if (url.pathname === "/runtime/floow.js")
          return route.fulfill({ body: renderer, contentType: "text/javascript" });
        if (url.pathname === "/runtime/tracking.js")
          return route.fulfill({ body: tracking, contentType: "text/javascript" });
        if (url.pathname === "/api/public/domains/d1/tracking")
          return route.fulfill({
            json: { consent: { source: "tcf", default: "denied" } },
            headers: { "access-control-allow-origin": "*" },
          });
        // The loader itself is not under test here.
        return route.fulfill({ body: "", contentType: "text/javascript" });
      });
      await page.goto(`${ORIGIN}/`);
      const visitor = () => page.evaluate(() => localStorage.getItem("floows:visitor"));
      // Before the CMP: the domain's default (denied) stands.
      await page.waitForFunction(() => typeof (window as { floow?: unknown }).floow === "object");
      expect(await visitor()).toBeNull();
      // The CMP comes with a stored choice that grants purposes 1 and 8: a visitor id.
      await page.waitForFunction(() => localStorage.getItem("floows:visitor") !== null, null, {
        timeout: 5_000,
      });
      expect(await visitor()).toMatch(/^[0-9a-f-]{36}$/);
      // The shopper refuses in the CMP: the id is removed.
      await page.evaluate(() => (window as unknown as { refuse(): void }).refuse());
      expect(await visitor()).toBeNull();
    } finally {
      await browser.close();
    }
  },
);
