/**
 * The selling brain (issue 12): a selling floow created with "I'll add a feed later" gets its
 * feed in the editor's settings, the AI Suggestion (offline: no AI_* on the test server)
 * builds questions from the feed with their filters, the step modal shows each choice's
 * match count, a broken filter is flagged as a dead end, the publish dialog's check warns of it
 * (shoppers see the closest matches there, so it does not block), the floow is published, and a
 * shopper on a merchant page whose answers match no product fully sees the closest matches
 * with "Matches: …" on the cards.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  BIKES,
  merchantFeed,
  merchantPage,
  startStaticServer,
  type StaticServer,
} from "@floow/test-kit";
import { signUpWithOrganization, trpc } from "./support/account";
import { expectToast } from "./support/toasts";

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
let shop: StaticServer;

test.beforeAll(async () => {
  shop = await startStaticServer();
  shop.set("/feed.xml", merchantFeed(shop.url), "application/xml; charset=utf-8");
});
test.afterAll(() => shop.close());

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test("feed in the editor, offline suggestion, match counts, a dead end, and Matches on a partial result", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // An account with an organization, a domain and a feed served on 127.0.0.1.
  await signUpWithOrganization(page, { name: "Sam Seller", organization: "Velo" });
  const domainId = crypto.randomUUID();
  await trpc(page, "domain.create", { id: domainId, name: "Velo shop", host: "velo-bikes.nl" });
  const feedId = crypto.randomUUID();
  await trpc(page, "feed.upsert", {
    id: feedId,
    domainId,
    name: "Velo bikes",
    url: `${shop.url}/feed.xml`,
    type: "channable",
  });
  await expect
    .poll(
      async () =>
        (await trpc<{ id: string; productCount: number }[]>(page, "feed.list")).find(
          (f) => f.id === feedId,
        )?.productCount ?? 0,
      { timeout: 30_000 },
    )
    .toBe(BIKES.length);

  // Create Floow: Guided Selling, "I'll add a feed later".
  await page.goto("/floows");
  await page.getByRole("button", { name: "Create Floow" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Floow" });
  await wizard.getByLabel("Name").fill("Bike finder");
  const domainField = wizard.getByLabel("Domain", { exact: true });
  if ((await domainField.count()) > 0) await domainField.selectOption({ label: "Velo shop" });
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("button", { name: "I'll add a feed later", exact: true }).click();
  await expectToast(page, "Floow created");
  await expect(page).toHaveURL(/\/editor\?floowId=/);
  const floowId = new URL(page.url()).searchParams.get("floowId") as string;

  // The editor's settings: no feed yet; choose it with the wizard's picker.
  await expect(page.getByText("No feed yet")).toBeVisible();
  await page.getByRole("button", { name: "Choose a feed" }).click();
  const chooser = page.getByRole("dialog", { name: "Product feed" });
  await chooser.getByRole("radio", { name: /Velo bikes/ }).click();
  await expect(chooser.getByRole("table", { name: "Feed preview" })).toBeVisible();
  await shot(page, "1-choose-feed");
  await chooser.getByRole("button", { name: "Use this feed" }).click();
  await expect(page.getByTestId("floow-feed")).toContainText("Velo bikes");
  await expect(page.getByTestId("floow-feed")).toContainText(`${BIKES.length} products`);
  // Shown at once on the merchant's page, without a trigger.
  await page.getByRole("switch", { name: "Skip trigger" }).click();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  await shot(page, "2-feed-in-settings");

  // AI Suggestion, answered offline from the feed: questions with their filters.
  await page.getByRole("button", { name: "Build" }).click();
  await page.getByRole("button", { name: "AI Suggestion" }).click();
  const ai = page.getByRole("dialog", { name: "AI Suggestion" });
  await expect(ai.getByTestId("ai-source")).toContainText("offline from this floow's product feed");
  await ai.getByLabel("Prompt").fill("Ask about the type of bike and the budget");
  await shot(page, "3-ai-dialog");
  await ai.getByRole("button", { name: "Generate questions" }).click();
  await expect(ai).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Step 1: What kind of product/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Step 2: What is your budget/ })).toBeVisible();

  // The match counts beside each choice's filters.
  await page.getByRole("button", { name: /^Step 1:/ }).click();
  await page.getByRole("button", { name: "Edit step 1" }).click();
  const modal = page.getByRole("dialog", { name: "Edit question" });
  await modal.getByRole("tab", { name: /Choices/ }).click();
  const roadFilters = modal.getByRole("region", { name: "Filters of choice 1" });
  await expect(roadFilters.getByTestId("match-count")).toHaveText("2 products · 2 in stock");
  await shot(page, "4-match-counts");

  // Break the first choice's filter: no product matches; flagged as a dead end after the save.
  await roadFilters.getByLabel("Filter 1 value").fill("roadd");
  await expect(roadFilters.getByTestId("match-count")).toHaveText("No products");
  await modal.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  // Six bikes in three types and three price bands leave two combinations empty (road from
  // € 1500, city € 900 – € 1500 … as the feed has it); the broken filter ends every road path.
  const deadEnds = page.getByRole("region", { name: "Dead ends" });
  await expect(
    deadEnds.getByTestId("dead-end").filter({ hasText: /^1\. road\s*No products$/ }),
  ).toHaveCount(1, { timeout: 30_000 });
  const count = Number(await deadEnds.getByTestId("dead-end-count").textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(deadEnds.getByTestId("dead-end")).toHaveCount(count);
  await expect(deadEnds.getByTestId("dead-end-paths")).toContainText("paths of answers checked");
  await expect(page.locator("[data-dead-end]").first()).toBeVisible();
  await shot(page, "5-dead-end");

  // Publish: the pre-publish check warns that road answers meet no product fully (shoppers
  // see the closest matches, so it does not block); then the floows list counts the dead end.
  await page
    .getByLabel("Editor phases")
    .getByRole("button", { name: /Launch/ })
    .click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const publishDialog = page.getByRole("dialog", { name: "Publish version 1" });
  await expect(publishDialog.getByTestId("check-items")).toContainText(
    /No product meets every answer of "road" for Step "[^"]+": shoppers see the closest matches instead\./,
    { timeout: 30_000 },
  );
  await shot(page, "6-publish-check");
  await publishDialog.getByRole("button", { name: "Publish anyway" }).click();
  await expectToast(page, "Floow published");
  await page.goto("/floows");
  await expect(page.getByTestId("floow-dead-ends")).toHaveText(
    count === 1 ? "1 dead end" : `${count} dead ends`,
  );
  await shot(page, "7-floows-dead-end");

  // A shopper on the merchant's page answers "road" (nothing) and the cheapest budget: the
  // closest matches, each saying which answers it meets.
  shop.set(
    "/bikes",
    merchantPage({
      title: "Bikes",
      body: "<main><h1>Our bikes</h1></main>",
      apiUrl: API,
      domainId,
    }),
  );
  const shopper = await browser.newPage();
  await shopper.goto(`${shop.url}/bikes`);
  // Skip trigger: the floow opens as a dialog with its start page.
  await shopper.getByRole("button", { name: "Start", exact: true }).click({ timeout: 20_000 });
  // A single choice answers and moves on.
  await shopper.getByText("road", { exact: true }).click();
  await shopper.getByText(/^Under €\s\d+$/).click();
  await expect(
    shopper.getByText("No exact match: these come closest to your answers."),
  ).toBeVisible();
  await expect(shopper.getByText(/^Matches: Under €\s\d+$/).first()).toBeVisible();
  await shopper.screenshot({ path: test.info().outputPath("8-matches.png") });
  await shopper.close();

  // The floow as saved: its feed, the suggested filters, the broken one.
  const saved = await trpc<{ feedId: string; filters: { value: string }[] }>(
    page,
    `floow.byId?input=${encodeURIComponent(JSON.stringify({ id: floowId }))}`,
  );
  expect(saved.feedId).toBe(feedId);
  expect(saved.filters.map((f) => f.value)).toContain("roadd");
});
