import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADVISOR, merchantPage, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";

/**
 * Conversions from the shopper's page end to end (issue 23; docs/events.md "Consent" and
 * "Conversions"): the merchant turns on the GA4 purchase pick-up on the domain page; a shopper
 * answers the live advisor on a merchant page, clicks a product, and on the thank-you page the
 * page calls `floow.conversion` and pushes the same order as a GA4 `purchase`: the floow's
 * analytics count it once, attributed to the advisor, split into influenced and assisted.
 * A second shopper's page denies analytics consent through Google Consent Mode: no visitor id
 * is stored, and the order still counts within the session.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3610}`;
const VISITOR_KEY = "floows:visitor";
let live: LiveFloows;

/** Google Consent Mode v2 as a page's consent banner sets it (gtag's `arguments` on the data layer). */
const consentMode = (analytics: "granted" | "denied") =>
  `<script>function gtag(){dataLayer.push(arguments)}
gtag("consent", "default", { analytics_storage: "${analytics}", ad_storage: "denied" });</script>`;

/** The order of a thank-you page: the bike the floow showed and clicked, and a helmet. */
const order = (orderId: string) => ({
  orderId,
  value: 648,
  currency: "EUR",
  items: [
    { id: "BIKE-5", name: "Velo Commute", price: 599, quantity: 1 },
    { id: "HELMET-1", name: "Helmet", price: 49, quantity: 1 },
  ],
});

/** The same order as a GA4 purchase (`dataLayer.push` with `ecommerce`). */
const ga4Purchase = (orderId: string) =>
  JSON.stringify({
    event: "purchase",
    ecommerce: {
      transaction_id: orderId,
      value: 648,
      currency: "EUR",
      items: [
        { item_id: "BIKE-5", item_name: "Velo Commute", price: "599.00", quantity: 1 },
        { item_id: "HELMET-1", item_name: "Helmet", price: "49.00", quantity: 1 },
      ],
    },
  });

test.beforeAll(async () => {
  live = await setUpLiveFloows(API);
  for (const analytics of ["granted", "denied"] as const) {
    const page = (title: string, body: string) =>
      merchantPage({
        title,
        body,
        head: consentMode(analytics),
        apiUrl: API,
        domainId: live.domainId,
      });
    live.shop.set(
      `/shop/bikes-${analytics}`,
      page("Bikes", `<main><h1>Our bikes</h1><div id="advisor"></div></main>`),
    );
    live.shop.set("/products/bike-5", page("Velo Commute", `<main><h1>Velo Commute</h1></main>`));
  }
  // The granted shopper's thank-you page pushes the GA4 purchase; the test calls
  // floow.conversion() as the page's own script would once the runtime is there.
  live.shop.set(
    "/checkout/thanks-granted",
    merchantPage({
      title: "Thank you",
      body: `<main><h1>Thank you for your order</h1></main>
<script>dataLayer.push(${ga4Purchase("ORDER-1001")});</script>`,
      head: consentMode("granted"),
      apiUrl: API,
      domainId: live.domainId,
    }),
  );
  // The denied shopper's page queues the call before the runtime is there, and pushes the purchase.
  live.shop.set(
    "/checkout/thanks-denied",
    merchantPage({
      title: "Thank you",
      body: `<main><h1>Thank you for your order</h1></main>
<script>(window.floow = window.floow || []).push(["conversion", ${JSON.stringify(order("ORDER-2002"))}]);
dataLayer.push(${ga4Purchase("ORDER-2002")});</script>`,
      head: consentMode("denied"),
      apiUrl: API,
      domainId: live.domainId,
    }),
  );
});

test.afterAll(async () => {
  await live?.shop.close();
});

/** Resolves when the server took (202) a conversion report of `source` for the order. */
const conversionTaken = (page: Page, orderId: string, source: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/public/conversions") &&
      response.status() === 202 &&
      (response.request().postData() ?? "").includes(`"orderId":"${orderId}"`) &&
      (response.request().postData() ?? "").includes(`"source":"${source}"`),
  );

/**
 * A shopper in a browser of their own: answers the advisor (City, under €1000: the Velo
 * Commute), clicks the product, and lands on the thank-you page. Returns the page there.
 */
async function shopAndBuy(browser: Browser, analytics: "granted" | "denied") {
  const context = await browser.newContext();
  const page = await context.newPage();
  const finished = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/public/events") &&
      response.status() === 202 &&
      (response.request().postData() ?? "").includes(`"type":"finish"`),
  );
  await page.goto(`${live.shop.url}/shop/bikes-${analytics}`);
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  for (const answer of ["City", "Under €1000"])
    await floow.getByRole("radio", { name: answer }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Sam");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.locator(".name")).toHaveText(["Velo Commute"]);
  await finished;
  await floow.getByRole("link", { name: ADVISOR.productButton }).click();
  await expect(page.getByRole("heading", { name: "Velo Commute" })).toBeVisible();
  return { context, page };
}

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`);

test("a thank-you page's floow.conversion and GA4 purchase count one order, attributed to the floow; without consent no visitor id and still attributed", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The merchant turns on the GA4 purchase pick-up (consent: any source, none assumed).
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto("/domains/domain#implementation");
  const settings = page.getByRole("form", { name: "Consent settings" });
  await expect(settings.getByLabel("Consent source")).toHaveValue("auto");
  await expect(settings.getByLabel("Without a signal")).toHaveValue("denied");
  await settings.getByRole("switch", { name: /Count GA4 purchases/ }).click();
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Domain saved")).toBeVisible();
  await settings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/conversions-domain-settings.png", fullPage: true });

  // Shopper 1, analytics consent granted: a visitor id is kept and sent with the order.
  const granted = await shopAndBuy(browser, "granted");
  const fromDataLayer = conversionTaken(granted.page, "ORDER-1001", "datalayer");
  await granted.page.goto(`${live.shop.url}/checkout/thanks-granted`);
  await granted.page.waitForFunction(
    () => typeof (window as { floow?: { conversion?: unknown } }).floow?.conversion === "function",
  );
  const fromCall = conversionTaken(granted.page, "ORDER-1001", "runtime");
  const taken = await granted.page.evaluate(
    (o) =>
      (
        window as unknown as { floow: { conversion(o: unknown): Promise<boolean> } }
      ).floow.conversion(o),
    order("ORDER-1001"),
  );
  expect(taken).toBe(true);
  const answers = await Promise.all([fromDataLayer, fromCall]);
  // Both reports reached Floow; the second one was not counted again.
  expect((await Promise.all(answers.map((a) => a.json()))).map((a) => a.counted).sort()).toEqual([
    false,
    true,
  ]);
  const visitor = await granted.page.evaluate((key) => localStorage.getItem(key), VISITOR_KEY);
  expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
  expect(answers[1].request().postData()).toContain(`"visitorId":"${visitor}"`);
  await granted.context.close();

  // The floow's analytics: one order of € 648, € 599 of it the bike the floow showed and the
  // shopper clicked, € 49 the helmet it did not.
  await page.goto(`/analytics/floow/${live.advisor.id}`);
  await expect(figure(page, "Orders")).toHaveText("1");
  await expect(figure(page, "Revenue")).toHaveText("€ 648,00");
  await expect(page.getByText("Influenced € 599,00")).toBeVisible();
  await expect(page.getByText("Assisted € 49,00")).toBeVisible();
  await page.screenshot({ path: "test-results/conversions-floow-one-order.png", fullPage: true });

  // Shopper 2, analytics consent denied by Google Consent Mode: no visitor id in storage or
  // in what is sent, and the order still counts within the tab's session.
  const denied = await shopAndBuy(browser, "denied");
  const deniedReport = conversionTaken(denied.page, "ORDER-2002", "runtime");
  await denied.page.goto(`${live.shop.url}/checkout/thanks-denied`);
  const report = await deniedReport;
  expect(report.request().postData()).toContain(`"visitorId":null`);
  expect(await denied.page.evaluate((key) => localStorage.getItem(key), VISITOR_KEY)).toBeNull();
  await denied.context.close();

  await page.reload();
  await expect(figure(page, "Orders")).toHaveText("2");
  await expect(figure(page, "Revenue")).toHaveText("€ 1.296,00");
  await expect(page.getByText("Influenced € 1.198,00")).toBeVisible();
  await page.screenshot({ path: "test-results/conversions-floow-two-orders.png", fullPage: true });
});
