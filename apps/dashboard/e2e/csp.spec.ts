import { expect, test, type Page } from "@playwright/test";
import { ADVISOR, setUpLiveFloows, snippet, type LiveFloows } from "@floow/test-kit";

/**
 * A merchant page with a strict Content-Security-Policy (issue 24): no `'unsafe-inline'` for
 * styles or scripts, only the sources the dashboard's CSP guide lists
 * (apps/dashboard/src/features/documentation/embed-guides.tsx, `cspDirectives`). The floow
 * shows, looks styled (its stylesheets are constructable ones, which CSP does not govern),
 * answers to its results, and the page reports no CSP violation. Then the same page in a
 * browser without constructable stylesheets (older Safari), with a nonce policy: the loader's
 * nonce carries through floow.js and pages.js to the floow's `<style>` elements.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
const SCREENSHOTS = process.env.SCREENSHOTS;
const NONCE = "r4nd0mN0nce";

let live: LiveFloows;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  live = await setUpLiveFloows(API);
});

test.afterAll(async () => {
  await live?.shop.close();
});

/** A merchant page with no inline script (the policy would block it), the floow's target, and the loader. */
const strictPage = (loader: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bikes</title></head>
<body><header><a href="/">Velo</a></header>
<main><h1>Our bikes</h1><div id="advisor"></div><p>Free delivery.</p></main>
${loader}
</body></html>`;

/**
 * Serves `body` at `path` of the shop with `policy` as its Content-Security-Policy header
 * (the shop's own server: a page Playwright fulfilled itself may not call the API on
 * localhost, Chromium's local network access rules).
 */
function serveWithPolicy(path: string, body: string, policy: string) {
  live.shop.set(path, body, undefined, { "content-security-policy": policy });
}

/** Records the page's CSP violations (init scripts run whatever the page's policy). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener(
      "securitypolicyviolation",
      (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
      true,
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** `#rrggbb` (or `#rgb`) as the `rgb(…)` a computed style gives. */
function rgb(hex: string): string {
  let digits = hex.trim().replace("#", "");
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join("");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Shows the floow, checks it is styled, and answers it to its results. */
async function answerStyled(page: Page, shot: string) {
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
  const start = floow.getByRole("button", { name: ADVISOR.startButton });
  // The start page's sheet: the button in the theme colour (`--c`, set through the CSSOM),
  // the panel's border and padding.
  const button = await start.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      theme: style.getPropertyValue("--c"),
      background: style.backgroundColor,
      minHeight: style.minHeight,
    };
  });
  expect(button.theme).toMatch(/^#[0-9a-f]{3,6}$/i);
  expect(button.background).toBe(rgb(button.theme));
  expect(button.minHeight).toBe("44px");
  await expect(floow).toHaveCSS("border-top-width", "1px");
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${shot}-start.png` });

  await start.click();
  // pages.js's sheet: the choices are its `.choice` cards.
  const city = floow.getByRole("radio", { name: "City" });
  await expect(city).toHaveCSS("display", "flex");
  await expect(city).toHaveCSS("border-top-width", "2px");
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${shot}-question.png` });
  await city.click();
  await floow.getByRole("radio", { name: "Under €1000" }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Ada Lovelace");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.getByText(ADVISOR.finishText)).toBeVisible();
  await expect(floow.locator(".name")).toHaveText(["Velo Commute"]);
  // The product image came (from the shop: `img-src 'self'`) and the cards are laid out.
  await expect
    .poll(() =>
      floow
        .locator("img.pimg")
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(floow.locator(".card").first()).toHaveCSS("display", "flex");
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${shot}-results.png` });
}

test("a page with a strict CSP (no 'unsafe-inline'): the floow shows styled, answers, and no violation is reported", async ({
  page,
}) => {
  // The guide's directives for the Floow origin; the merchant's own page and images are 'self'.
  const policy = [
    "default-src 'self'",
    `script-src ${API}`,
    "style-src 'self'",
    `connect-src ${API}`,
    `img-src 'self' ${API} data:`,
  ].join("; ");
  serveWithPolicy("/shop/strict", strictPage(snippet(API, live.domainId)), policy);
  const violations = await recordViolations(page);

  await page.goto(`${live.shop.url}/shop/strict`);
  await answerStyled(page, "csp-strict");
  // Constructable stylesheets: no `<style>` in the floow's shadow root.
  const sheets = await page.locator("[data-floow-host]").evaluate((host) => ({
    styles: host.shadowRoot!.querySelectorAll("style").length,
    adopted: host.shadowRoot!.adoptedStyleSheets.length,
  }));
  expect(sheets).toEqual({ styles: 0, adopted: 2 });
  expect(await violations()).toEqual([]);

  // The policy is in force: a `<style>` the page adds itself is refused and reported.
  await page.evaluate(() => document.head.insertAdjacentHTML("beforeend", "<style>p{}</style>"));
  await expect.poll(async () => (await violations()).length).toBe(1);
  expect((await violations())[0]).toMatch(/^style-src-elem inline/);
});

test("without constructable stylesheets (older Safari) and with a nonce policy, the loader's nonce styles the floow", async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (ShadowRoot.prototype as Partial<ShadowRoot>).adoptedStyleSheets;
    delete (Document.prototype as Partial<Document>).adoptedStyleSheets;
  });
  // Scripts by nonce only (no host): floow.js and pages.js get in with the nonce the loader
  // passes on; `<style>` by the same nonce.
  const policy = [
    "default-src 'self'",
    `script-src 'nonce-${NONCE}'`,
    `style-src 'nonce-${NONCE}'`,
    `connect-src ${API}`,
    `img-src 'self' ${API} data:`,
  ].join("; ");
  const loader = snippet(API, live.domainId).replace("<script ", `<script nonce="${NONCE}" `);
  serveWithPolicy("/shop/nonce", strictPage(loader), policy);
  const violations = await recordViolations(page);

  await page.goto(`${live.shop.url}/shop/nonce`);
  await answerStyled(page, "csp-nonce");
  const styles = await page
    .locator("[data-floow-host]")
    .evaluate((host) =>
      [...host.shadowRoot!.querySelectorAll("style")].map((style) => style.nonce),
    );
  expect(styles).toEqual([NONCE, NONCE]);
  expect(await violations()).toEqual([]);
});
