import { expect, test, type BrowserContext } from "@playwright/test";
import { openShop, SELLING, type Shop, type ShopperFloow } from "./support/shopper";

/**
 * Links in a floow's texts open as written (issue 21; docs/editor.md, "Links in texts"): a
 * link to the merchant's own site (the floow's domain's host, `www.velo-bikes.nl` as
 * `openVeloAccount` saves it) takes the shopper's tab there; a link to another site opens a
 * new tab without the opener or the referrer, the floow staying where it was. The server
 * decides it from the domain's host when it publishes the floow's texts. Neither site is on
 * this machine: the browser gets their pages from the routes below.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
const OWN = "https://www.velo-bikes.nl";
const OTHER = "https://bike-reviews.example";
const LINKS = { own: "Size chart", other: "Bike review" };

let shop: Shop;
let floow: ShopperFloow;

test.beforeAll(async () => {
  shop = await openShop(API);
  floow = await shop.floow({
    type: "selling",
    container: "dialog",
    questionHtml: `<p><a href="${OWN}/sizes">${LINKS.own}</a> · <a href="${OTHER}/velo-road">${LINKS.other}</a></p>`,
  });
});

test.afterAll(async () => {
  await shop?.close();
});

async function serveSites(context: BrowserContext): Promise<void> {
  for (const [site, heading] of [
    [OWN, "Velo size chart"],
    [OTHER, "Velo Road reviewed"],
  ] as const) {
    await context.route(`${site}/**`, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="en"><head><title>${heading}</title></head><body><h1>${heading}</h1></body></html>`,
      }),
    );
  }
}

test("a dialog floow on a merchant page: the merchant's own link opens in this tab, another site's in a new one", async ({
  page,
  context,
}) => {
  await serveSites(context);
  await page.goto(`${shop.shop.url}${floow.path}`);
  await page
    .getByRole("region", { name: floow.name })
    .getByRole("button", { name: SELLING.startButton })
    .click();
  const dialog = page.getByRole("dialog", { name: floow.name });
  await expect(dialog.getByText(SELLING.riding.text)).toBeVisible();

  // Another site: a new tab, which cannot reach this page or learn where it came from; the
  // shopper's floow stays on its question.
  const opened = page.waitForEvent("popup");
  await dialog.getByRole("link", { name: LINKS.other }).click();
  const review = await opened;
  await expect(review).toHaveURL(`${OTHER}/velo-road`);
  await expect(review.getByRole("heading", { name: "Velo Road reviewed" })).toBeVisible();
  expect(await review.evaluate(() => [window.opener === null, document.referrer])).toEqual([
    true,
    "",
  ]);
  await expect(page).toHaveURL(`${shop.shop.url}${floow.path}`);
  await expect(dialog.getByText(SELLING.riding.text)).toBeVisible();
  await review.close();

  // The merchant's own site: this tab goes there, no new tab.
  const popups: string[] = [];
  context.on("page", (other) => popups.push(other.url()));
  await dialog.getByRole("link", { name: LINKS.own }).click();
  await expect(page).toHaveURL(`${OWN}/sizes`);
  await expect(page.getByRole("heading", { name: "Velo size chart" })).toBeVisible();
  expect(popups).toEqual([]);
});

test("the floow's hosted page: the merchant's own link opens in this tab, another site's in a new one", async ({
  page,
  context,
}) => {
  await serveSites(context);
  // The hosted page runs the npm build's `mount` (its own sanitizer), not the script tag.
  await page.goto(`${API}/floow/${floow.id}`);
  await page.getByRole("button", { name: SELLING.startButton }).click();
  await expect(page.getByText(SELLING.riding.text)).toBeVisible();

  const opened = page.waitForEvent("popup");
  await page.getByRole("link", { name: LINKS.other }).click();
  const review = await opened;
  await expect(review).toHaveURL(`${OTHER}/velo-road`);
  expect(await review.evaluate(() => window.opener === null)).toBe(true);
  await expect(page).toHaveURL(`${API}/floow/${floow.id}`);
  await review.close();

  const popups: string[] = [];
  context.on("page", (other) => popups.push(other.url()));
  await page.getByRole("link", { name: LINKS.own }).click();
  await expect(page).toHaveURL(`${OWN}/sizes`);
  await expect(page.getByRole("heading", { name: "Velo size chart" })).toBeVisible();
  expect(popups).toEqual([]);
});
