/**
 * The editor's results: a selling floow in development, on a feed served by this test on
 * 127.0.0.1, gets a filter on a choice in the step modal; the preview's finish page shows
 * every product, and answering the choice in the preview narrows them to the matching ones.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUpWithOrganization, trpc } from "./support/account";
import { BIKES, merchantFeed, startStaticServer, type StaticServer } from "@floow/test-kit";

let shop: StaticServer;

test.beforeAll(async () => {
  shop = await startStaticServer();
  shop.set("/feed.xml", merchantFeed(shop.url), "application/xml; charset=utf-8");
});

test.afterAll(() => shop.close());

/** Types into a Tiptap field, replacing what it holds. */
async function typeRichText(page: Page, name: string, text: string) {
  const box = page.getByRole("textbox", { name, exact: true });
  await box.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** The product names on the preview's finish page, after "Show more" until all show. */
async function resultNames(frame: Locator): Promise<string[]> {
  const names = frame.locator(".name");
  await expect(names.first()).toBeVisible();
  const more = frame.locator("button.more");
  while ((await more.count()) > 0) await more.click();
  return names.allTextContents();
}

test("a choice's filter decides the results in the preview of a floow in development", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpWithOrganization(page, { name: "Fiona Filter", organization: "Velo" });

  // A domain, a feed from our server, and a selling floow on it, through the API.
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
      async () => {
        const feeds = await trpc<{ id: string; productCount: number }[]>(page, "feed.list");
        return feeds.find((f) => f.id === feedId)?.productCount ?? 0;
      },
      { timeout: 30_000 },
    )
    .toBe(BIKES.length);
  const floow = await trpc<{ id: string }>(page, "floow.create", {
    domainId,
    type: "selling",
    name: "Bike finder",
    feedId,
  });

  // One question with two choices; "Road" gets a filter product_type equals road.
  await page.goto(`/editor?floowId=${floow.id}`);
  await page.getByRole("button", { name: "Build" }).click();
  await page.getByRole("button", { name: "Add step", exact: true }).click();
  await page.getByRole("button", { name: /^Step 1:/ }).click();
  await page.getByRole("button", { name: "Edit step 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit question" });
  await typeRichText(page, "Question", "What kind of riding do you do?");
  await dialog.getByRole("tab", { name: /Choices/ }).click();
  for (const [i, choice] of ["Road", "City"].entries()) {
    await dialog.getByRole("button", { name: "Add choice" }).click();
    await typeRichText(page, `Choice ${i + 1}`, choice);
  }
  const filters = dialog.getByRole("region", { name: "Filters of choice 1" });
  await expect(filters).toContainText("does not narrow the products");
  await filters.getByRole("button", { name: "Add filter" }).click();
  const field = filters.getByLabel("Filter 1 field");
  // The feed's attribute names are suggested.
  await expect(filters.locator('datalist option[value="product_type"]')).toHaveCount(1, {
    timeout: 10_000,
  });
  await field.fill("product_type");
  await expect(filters.getByLabel("Filter 1 condition")).toHaveValue("equals");
  await filters.getByLabel("Filter 1 value").fill("road");
  await expect(filters).toContainText("shows only products that match");
  await page.screenshot({ path: testInfo.outputPath("1-choice-filter.png") });
  await dialog.getByRole("button", { name: "Done" }).click();

  // The preview's finish page, with no selections: every product of the feed.
  await page.getByRole("radio", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Finish page" }).click();
  const frame = page.getByTestId("device-frame");
  expect(await resultNames(frame)).toEqual(BIKES.map((bike) => bike.title));
  await expect(frame.getByText("No results found")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("2-finish-all.png") });

  // Answering "Road" in the preview: only the road bikes.
  await page.getByRole("button", { name: /^Step 1:/ }).click();
  await expect(frame.getByText("What kind of riding do you do?")).toBeVisible();
  await frame.getByRole("radio", { name: "Road" }).click();
  const road = BIKES.filter((bike) => bike.type === "road").map((bike) => bike.title);
  await expect.poll(() => resultNames(frame)).toEqual(road);
  await page.screenshot({ path: testInfo.outputPath("3-finish-road.png") });

  // The floow is still in development; its filter was saved with it.
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  const saved = await trpc<{ status: string; filters: { field: string; value: string }[] }>(
    page,
    `floow.byId?input=${encodeURIComponent(JSON.stringify({ id: floow.id }))}`,
  );
  expect(saved.status).toBe("development");
  expect(saved.filters).toEqual([
    expect.objectContaining({ field: "product_type", operator: "equals", value: "road" }),
  ]);
});
