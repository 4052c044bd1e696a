/**
 * Products and feeds (/products, /products#feeds): a Google Merchant RSS feed and a semicolon
 * CSV, served by this test on 127.0.0.1, are added through the Add Feed dialog (validation,
 * preview, field mapping), read by the background refresh, listed, searched, opened,
 * refreshed (also into a failure whose reason the table shows) and deleted.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "@playwright/test";

const BIKES = [
  { id: "BK-100", title: "Velo Roadster 100", price: "899.00 EUR", brand: "Velo", color: "Red" },
  { id: "BK-200", title: "Velo Gravel 200", price: "1299.00 EUR", brand: "Velo", color: "Green" },
  { id: "BK-300", title: "Velo City 300", price: "649.95 EUR", brand: "Stad", color: "Black" },
  { id: "BK-400", title: "Velo Cargo 400", price: "2499.00 EUR", brand: "Bakfiets", color: "Blue" },
];
const EXTRA = {
  id: "BK-500",
  title: "Velo Kids 500",
  price: "299.00 EUR",
  brand: "Velo",
  color: "Yellow",
};

/** A Google Merchant RSS 2.0 feed (`g:` namespace). */
function merchantRss(base: string, bikes: readonly (typeof EXTRA)[]): string {
  const items = bikes
    .map(
      (bike) => `
    <item>
      <g:id>${bike.id}</g:id>
      <title>${bike.title}</title>
      <description><![CDATA[<p>A <b>${bike.color.toLowerCase()}</b> bike by ${bike.brand}.</p>]]></description>
      <link>${base}/bikes/${bike.id}</link>
      <g:image_link>${base}/images/${bike.id}.png</g:image_link>
      <g:price>${bike.price}</g:price>
      <g:brand>${bike.brand}</g:brand>
      <g:color>${bike.color}</g:color>
    </item>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
  <channel>
    <title>Velo bikes</title>
    <link>${base}</link>
    <description>All bikes</description>${items}
  </channel>
</rss>`;
}

/** A semicolon CSV whose product names are in `product_name` (mapped in the dialog). */
function accessoriesCsv(base: string): string {
  return [
    "id;product_name;title;price;link;image_link;description;material",
    `AC-1;Helmet Aero;Aero;"59,95 EUR";${base}/acc/1;;Light helmet;Polycarbonate`,
    `AC-2;Bottle cage;Cage;"12,50 EUR";${base}/acc/2;;Holds a bottle;Aluminium`,
    `AC-3;Saddle bag;Bag;"24,00 EUR";${base}/acc/3;;Fits a spare tube;Nylon`,
  ].join("\n");
}

// A 1×1 PNG for the product images.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let server: Server;
let base: string;
let rssBikes: (typeof EXTRA)[] = [...BIKES];
let rssBroken = false;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/bikes.xml") {
      if (rssBroken) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return void res.end("<!doctype html><html><body>Maintenance</body></html>");
      }
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
      return void res.end(merchantRss(base, rssBikes));
    }
    if (path === "/accessories.csv") {
      res.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
      return void res.end(accessoriesCsv(base));
    }
    if (path?.startsWith("/images/")) {
      res.writeHead(200, { "content-type": "image/png" });
      return void res.end(PNG);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const SCREENSHOTS = process.env.FLOOW_E2E_SCREENSHOTS;

/** Saves a screenshot when FLOOW_E2E_SCREENSHOTS names a folder (for looking at the screens). */
async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** Waits for a toast with exactly this text, then closes it so the next one is fresh. */
async function expectToast(page: Page, text: string) {
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ has: page.getByText(text, { exact: true }) });
  await expect(toast).toBeVisible();
  await toast.hover();
  await toast.locator("[data-close-button]").click();
  await expect(toast).toHaveCount(0);
}

async function signUp(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill("Pim Producten");
  await page
    .getByLabel("Email")
    .fill(`pim.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill("Velo");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
}

/** Fills step 1 of the Add Feed dialog and goes to step 2. */
async function detailsStep(dialog: Locator, name: string, url: string) {
  await dialog.getByLabel("Feed name").fill(name);
  await dialog.getByLabel("Feed URL").fill(url);
  await dialog.getByRole("button", { name: "Next" }).click();
}

function feedRow(page: Page, name: string) {
  return page.getByTestId("feed-row").filter({ hasText: name });
}

test("products and feeds: add with preview, refresh, list, search, open, fail, delete", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(page.getByText("No products yet")).toBeVisible();

  // Add Feed, step 1: the spec's messages on an empty submit, and for a URL that is none.
  await page.getByRole("button", { name: "Add Feed" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Feed" });
  await expect(dialog.getByLabel("Feed type")).toHaveValue("channable");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Please enter a feed name.", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Please enter a feed URL.", { exact: true })).toBeVisible();
  await dialog.getByLabel("Feed URL").fill("bikes feed");
  await dialog.getByLabel("Feed URL").blur();
  await expect(dialog.getByText("Please enter a valid feed URL.", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Step 1 of 2")).toBeVisible();

  // Step 2: the first products of the RSS feed, then save.
  await detailsStep(dialog, "Velo bikes", `${base}/bikes.xml`);
  const preview = dialog.getByRole("table", { name: "Feed preview" });
  await expect(preview.getByRole("row")).toHaveCount(1 + BIKES.length);
  await expect(preview.getByText("Velo Roadster 100")).toBeVisible();
  await expect(preview.getByText("BK-100")).toBeVisible();
  await expect(preview.getByText("€ 899,00")).toBeVisible();
  // The description's HTML is shown as text.
  await expect(preview.getByText("A red bike by Velo.")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue("title");
  await shot(page, "products-add-feed-preview");
  await dialog.getByRole("button", { name: "Add Feed" }).click();
  await expectToast(page, "Feed created");
  await expect(dialog).toBeHidden();

  // The CSV, with its product names mapped from `product_name`.
  await page.getByRole("button", { name: "Add Feed" }).first().click();
  await detailsStep(dialog, "Accessories", `${base}/accessories.csv`);
  await expect(preview.getByText("Aero", { exact: true })).toBeVisible();
  await dialog.getByLabel("Name").selectOption("product_name");
  await expect(preview.getByText("Helmet Aero")).toBeVisible();
  await expect(preview.getByText("€ 59,95")).toBeVisible();
  await dialog.getByRole("button", { name: "Add Feed" }).click();
  await expectToast(page, "Feed created");

  // #feeds: both feeds with their product counts once the background refresh ran.
  await page.getByRole("tab", { name: "Feeds" }).click();
  await expect(page).toHaveURL(/\/products#feeds$/);
  await expect(feedRow(page, "Velo bikes").getByTestId("feed-product-count")).toHaveText("4", {
    timeout: 30_000,
  });
  await expect(feedRow(page, "Accessories").getByTestId("feed-product-count")).toHaveText("3", {
    timeout: 30_000,
  });
  await expect(feedRow(page, "Velo bikes").getByText("OK", { exact: true })).toBeVisible();
  await expect(feedRow(page, "Velo bikes").getByText("Channable")).toBeVisible();
  await expect(feedRow(page, "Velo bikes").getByText(`${base}/bikes.xml`)).toBeVisible();
  const today = new Intl.DateTimeFormat("nl-NL", {
    day: "numeric",
    month: "numeric",
    year: "numeric",
  }).format(new Date());
  await expect(feedRow(page, "Velo bikes").getByTestId("feed-last-refresh")).toContainText(today);
  await shot(page, "products-feeds");

  // Products: all seven, with the feed they come from.
  await page.getByRole("tab", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  const products = page.getByRole("table", { name: "Products" });
  await expect(products.getByTestId("product-row")).toHaveCount(7);
  await shot(page, "products-list");
  await expect(page.getByText("1–7 of 7 products")).toBeVisible();
  await expect(
    products.getByTestId("product-row").filter({ hasText: "Helmet Aero" }),
  ).toContainText("Accessories");

  // Sorting by price, most expensive first.
  await products.getByRole("button", { name: "Price" }).click();
  await products.getByRole("button", { name: "Price" }).click();
  await expect(products.getByTestId("product-row").first()).toContainText("Velo Cargo 400");

  // Search, and a product's attributes.
  await page.getByRole("searchbox", { name: "Search products" }).fill("gravel");
  await expect(products.getByTestId("product-row")).toHaveCount(1);
  const gravel = products.getByTestId("product-row").first();
  await expect(gravel).toContainText("€ 1.299,00");
  await gravel.getByRole("button", { name: "Show attributes of Velo Gravel 200" }).click();
  const details = page.getByTestId("product-details");
  await expect(details.getByText("color", { exact: true })).toBeVisible();
  await expect(details.getByText("Green", { exact: true })).toBeVisible();
  await expect(details.getByText("A green bike by Velo.")).toBeVisible();
  await shot(page, "products-attributes");
  await page.getByRole("searchbox", { name: "Search products" }).fill("kids");
  await expect(page.getByText("No products match “kids”.")).toBeVisible();

  // Refresh: the feed has a new bike.
  rssBikes = [...BIKES, EXTRA];
  await page.getByRole("tab", { name: "Feeds" }).click();
  await feedRow(page, "Velo bikes").getByRole("button", { name: "Refresh Velo bikes" }).click();
  await expect(feedRow(page, "Velo bikes").getByTestId("feed-product-count")).toHaveText("5", {
    timeout: 30_000,
  });
  await expect(feedRow(page, "Velo bikes").getByText("OK", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Products" }).click();
  await page.getByRole("searchbox", { name: "Search products" }).fill("kids");
  await expect(products.getByTestId("product-row")).toHaveCount(1);
  await expect(products.getByTestId("product-row").first()).toContainText("Velo Kids 500");

  // A refresh that fails keeps the products and shows the reason stored on the feed.
  rssBroken = true;
  await page.getByRole("tab", { name: "Feeds" }).click();
  await feedRow(page, "Velo bikes").getByRole("button", { name: "Refresh Velo bikes" }).click();
  await expect(feedRow(page, "Velo bikes").getByText("Failed", { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(feedRow(page, "Velo bikes")).toContainText("web page (HTML)");
  await expect(feedRow(page, "Velo bikes").getByTestId("feed-product-count")).toHaveText("5");
  await shot(page, "products-feed-failed");

  // Delete, after the confirmation.
  await page.getByRole("button", { name: "Delete Accessories" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete feed" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Feed deleted");
  await expect(feedRow(page, "Accessories")).toHaveCount(0);
  await expect(page.getByTestId("feed-row")).toHaveCount(1);
  await page.getByRole("tab", { name: "Products" }).click();
  await page.getByRole("searchbox", { name: "Search products" }).fill("");
  await expect(page.getByText("1–5 of 5 products")).toBeVisible();
});
