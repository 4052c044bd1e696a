import { expect, test, type Page } from "@playwright/test";
import { openShop, productLink, SELLING, type Shop, type ShopperFloow } from "./support/shopper";

/**
 * Issue 21's first test, the one click a Guided Selling floow exists for: a shopper on a
 * merchant's page (127.0.0.1, another origin than the API, only the snippet on it) opens a
 * dialog floow, answers it, reaches the results and clicks View on a product. The product
 * page must really open: its URL, and its heading. (With the hand-made DOM layer the
 * dialog's click-outside handler cancelled every click inside the panel: the `product` event
 * was sent, and nothing opened.)
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;

let shop: Shop;
let floow: ShopperFloow;

test.beforeAll(async () => {
  shop = await openShop(API);
  // The link setting left at its default: the product page opens in this tab.
  floow = await shop.floow({ type: "selling", container: "dialog" });
});

test.afterAll(async () => {
  await shop?.close();
});

/** Every URL the click may have opened: this tab's, and any new tab's. */
function openedUrls(page: Page): () => string[] {
  const popups: Page[] = [];
  page.context().on("page", (popup) => popups.push(popup));
  return () => [page.url(), ...popups.map((popup) => popup.url())];
}

test("a dialog floow on a merchant page: View on a product opens the product page", async ({
  page,
}) => {
  await page.goto(`${shop.shop.url}${floow.path}`);
  const urls = openedUrls(page);
  await page
    .getByRole("region", { name: floow.name })
    .getByRole("button", { name: SELLING.startButton })
    .click();
  const dialog = page.getByRole("dialog", { name: floow.name });
  await dialog.getByRole("radio", { name: "City" }).click();
  await dialog.getByLabel(SELLING.details.name).fill("Ada Lovelace");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText(SELLING.finishText)).toBeVisible();
  await expect(dialog.locator(".name")).toHaveText(["Velo Commute", "Velo Cargo"]);

  await dialog.getByRole("link", { name: SELLING.productButton }).first().click();

  // The product page opened somewhere (this tab or a new one)…
  const product = productLink(shop.shop.url, "BIKE-5");
  await expect.poll(urls, { timeout: 5_000 }).toContain(product);
  // …in this tab, as the default setting says, showing the product.
  await expect(page).toHaveURL(product);
  await expect(page.getByRole("heading", { name: "Velo Commute" })).toBeVisible();
  await expect(page.getByText("Velo product page")).toBeVisible();
});
