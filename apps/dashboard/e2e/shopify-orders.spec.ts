import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { ADVISOR, merchantPage, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";

/**
 * A Shopify shop's orders end to end (issue 23; docs/integrations.md "Shopify orders"): the
 * merchant sets up the domain's Shopify orders receiver; a shopper answers the advisor on a
 * Shopify-shaped storefront whose theme carries the docs' snippet (as printed there), clicks
 * the product, and the snippet copies the runtime's session and visitor ids into the cart
 * (Shopify's `/cart/update.js`, played by a route that records them). Shopify then sends the
 * order, with the cart's attributes as its `note_attributes`, signed, twice (a retry): the
 * order counts once, attributed to the advisor and split into influenced and assisted.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3610}`;
const SHOP = "velo-bikes.myshopify.com";
const SECRET = "shpss_e2e_0123456789abcdef";
let live: LiveFloows;

/** The theme snippet of docs/integrations.md, as the docs print it. */
const docs = readFileSync(
  fileURLToPath(new URL("../../../docs/integrations.md", import.meta.url)),
  "utf8",
);
const themeSnippet = /```html\n(<script>\n[\s\S]*?<\/script>)\n```/.exec(
  docs.slice(docs.indexOf("**How the theme passes the visitor and session.**")),
)![1]!;

/** Consent Mode v2 as the shop's banner sets it once the shopper accepted analytics. */
const consentGranted = `<script>function gtag(){dataLayer.push(arguments)}
gtag("consent", "default", { analytics_storage: "granted", ad_storage: "denied" });</script>`;

test.beforeAll(async () => {
  live = await setUpLiveFloows(API);
  // Storefront pages as a theme renders them: the page, the theme's snippet at the end of
  // theme.liquid, and the loader the merchant pasted.
  const storefront = (title: string, body: string) =>
    merchantPage({
      title,
      body: `${body}\n${themeSnippet}`,
      head: consentGranted,
      apiUrl: API,
      domainId: live.domainId,
    });
  live.shop.set(
    "/shop/bikes",
    storefront("Bikes", `<main><h1>Our bikes</h1><div id="advisor"></div></main>`),
  );
  live.shop.set(
    "/products/bike-5",
    storefront("Velo Commute", `<main><h1>Velo Commute</h1></main>`),
  );
});

test.afterAll(async () => {
  await live?.shop.close();
});

/** Shopify's `orders/create` body (the REST Order resource, the fields Floow reads and more). */
function shopifyOrder(attributes: Record<string, string>) {
  return {
    id: 5940139491234,
    name: "#1001",
    created_at: new Date().toISOString(),
    currency: "EUR",
    presentment_currency: "EUR",
    total_price: "648.00",
    subtotal_price: "648.00",
    financial_status: "paid",
    line_items: [
      {
        id: 13700000000001,
        product_id: 8012345678901,
        variant_id: 45012345678901,
        sku: "BIKE-5",
        title: "Velo Commute",
        price: "599.00",
        quantity: 1,
      },
      {
        id: 13700000000002,
        product_id: 8012345678902,
        variant_id: 45012345678902,
        sku: "HELMET-1",
        title: "Helmet",
        price: "49.00",
        quantity: 1,
      },
    ],
    note_attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
  };
}

/** Shopify's delivery: the raw body signed with the secret, the topic, the shop, an id. */
async function deliver(page: Page, url: string, body: string, webhookId: string) {
  const response = await page.request.post(url, {
    data: body,
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": "orders/create",
      "x-shopify-shop-domain": SHOP,
      "x-shopify-webhook-id": webhookId,
      "x-shopify-hmac-sha256": createHmac("sha256", SECRET).update(body).digest("base64"),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`);

test("a Shopify order carries the theme's cart attributes and counts once, attributed to the floow the shopper answered", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The merchant sets up the domain's Shopify orders receiver.
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto("/domains/domain#implementation");
  const setup = page.getByRole("form", { name: "Shopify setup" });
  await setup.getByLabel("Shop", { exact: true }).fill(SHOP);
  await setup.getByLabel("Webhook signing secret").fill(SECRET);
  await setup.getByRole("button", { name: "Set up Shopify orders" }).click();
  const receiver = page.getByLabel("Receiver URL", { exact: true });
  await expect(receiver).toContainText("/api/integrations/");
  const receiverUrl = (await receiver.textContent())!.trim();

  // The shopper, in a browser of their own: Shopify's cart API records the theme's updates.
  const context = await browser.newContext();
  const cart: Record<string, string>[] = [];
  await context.route("**/cart/update.js", async (route) => {
    cart.push(route.request().postDataJSON().attributes);
    await route.fulfill({ json: { token: "c1", attributes: cart.at(-1) } });
  });
  const shopper = await context.newPage();
  await shopper.goto(`${live.shop.url}/shop/bikes`);
  const floow = shopper.getByRole("region", { name: ADVISOR.name });
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  for (const answer of ["City", "Under €1000"])
    await floow.getByRole("radio", { name: answer }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Sam");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.locator(".name")).toHaveText(["Velo Commute"]);
  await floow.getByRole("link", { name: ADVISOR.productButton }).click();
  await expect(shopper.getByRole("heading", { name: "Velo Commute" })).toBeVisible();

  // The product page's theme snippet put the runtime's ids in the cart (once: a reload with
  // the same ids sends nothing).
  const ids = await shopper.evaluate(() => ({
    floow_session: sessionStorage.getItem("floows:session"),
    floow_visitor: localStorage.getItem("floows:visitor"),
  }));
  expect(ids.floow_session).toMatch(/^[0-9a-f-]{36}$/);
  expect(ids.floow_visitor).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => cart).toEqual([ids]);
  await shopper.reload();
  await expect(shopper.getByRole("heading", { name: "Velo Commute" })).toBeVisible();
  await shopper.waitForLoadState("networkidle");
  expect(cart).toHaveLength(1);
  await context.close();

  // Shopify sends the order with the cart's attributes, and retries the delivery.
  const body = JSON.stringify(shopifyOrder(cart[0]!));
  const first = await deliver(page, receiverUrl, body, "wh-1");
  const retry = await deliver(page, receiverUrl, body, "wh-1");
  expect(first).toEqual({ orderId: "5940139491234", duplicate: false });
  expect(retry).toEqual({ orderId: "5940139491234", duplicate: true });

  // The advisor's analytics: one order of € 648, € 599 of it the bike it showed and the
  // shopper clicked, € 49 the helmet.
  await page.goto(`/analytics/floow/${live.advisor.id}`);
  await expect(figure(page, "Orders")).toHaveText("1");
  await expect(figure(page, "Revenue")).toHaveText("€ 648,00");
  await expect(page.getByText("Influenced € 599,00")).toBeVisible();
  await expect(page.getByText("Assisted € 49,00")).toBeVisible();
  await page.screenshot({ path: "test-results/shopify-order-attributed.png", fullPage: true });
});
