import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADVISOR, merchantPage, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";

/**
 * Analytics end to end: shoppers answer a live floow on a merchant page (served by the test's
 * own server on 127.0.0.1), and the floow's analytics page shows their visits, answers and
 * results in its figures, charts and tables; /inspect shows new events as they arrive.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
let live: LiveFloows;

test.beforeAll(async () => {
  live = await setUpLiveFloows(API);
  live.shop.set(
    "/shop/bikes",
    merchantPage({
      title: "Bikes",
      body: `<main><h1>Our bikes</h1><div id="advisor"></div></main>`,
      apiUrl: API,
      domainId: live.domainId,
    }),
  );
});

test.afterAll(async () => {
  await live?.shop.close();
});

/**
 * Resolves when the server took (202) a batch holding an event of this type. The finish event
 * goes out once the results have loaded, after the finish text shows: closing the page before
 * that loses it, as it would for a shopper who leaves at once (the test waits instead).
 */
function eventsStored(page: Page, type: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/public/events") &&
      response.status() === 202 &&
      (response.request().postData() ?? "").includes(`"type":"${type}"`),
  );
}

/** One shopper (a browser context of their own: their own session) on the merchant page. */
async function shop(browser: Browser, answers: string[] | null) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const stored = eventsStored(page, answers ? "finish" : "mount");
  await page.goto(`${live.shop.url}/shop/bikes`);
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
  if (answers) {
    await floow.getByRole("button", { name: ADVISOR.startButton }).click();
    for (const answer of answers) await floow.getByRole("radio", { name: answer }).click();
    await floow.getByLabel(ADVISOR.details.name).fill("Sam");
    await floow.getByRole("button", { name: "Next" }).click();
    await expect(floow.getByText(ADVISOR.finishText)).toBeVisible();
  }
  await stored;
  // Leaving the page sends what is still queued (sendBeacon on pagehide).
  await page.close({ runBeforeUnload: true });
  await context.close();
}

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`);

test("shoppers answer a live floow; its analytics show the counts and charts, and /inspect streams new events", async ({
  page,
  browser,
}) => {
  // Four shoppers' visits in their own browsers, and the dashboard between them.
  test.setTimeout(120_000);
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  // Before any shopper: zeros and the empty states that say what to do.
  await page.goto(`/analytics/floow/${live.advisor.id}`);
  await expect(page.getByRole("heading", { name: ADVISOR.name })).toBeVisible();
  await expect(figure(page, "Views")).toHaveText("0");
  await expect(
    page.getByText("No shopper started this floow in this period yet.", { exact: false }),
  ).toBeVisible();

  // Three shoppers: City → budget (skips "how often"), Road → how often → budget, and one who only looks.
  await shop(browser, ["City", "Under €1000"]);
  await shop(browser, ["Road", "Every day", "Under €1000"]);
  await shop(browser, null);

  await expect(async () => {
    await page.reload();
    await expect(figure(page, "Views")).toHaveText("3", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(figure(page, "Unique sessions")).toHaveText("3");
  await expect(figure(page, "Starts")).toHaveText("2");
  await expect(figure(page, "Completions")).toHaveText("2");
  await expect(figure(page, "Start rate")).toHaveText("66,7%");

  // The funnel, in the floow's order: "how often" was reached by the road rider only.
  const funnel = page.getByRole("table", { name: "Funnel per step" });
  await expect(
    funnel.getByRole("row", { name: new RegExp(`^${ADVISOR.riding.text}`) }),
  ).toContainText("2");
  await expect(
    funnel
      .getByRole("row", { name: new RegExp(`^${ADVISOR.often.text}`) })
      .getByRole("cell")
      .first(),
  ).toHaveText("1");
  const riding = page.getByRole("table", { name: `Choices of ${ADVISOR.riding.text}` });
  await expect(riding.getByRole("row", { name: /^City/ }).getByRole("cell").first()).toHaveText(
    "1",
  );
  await expect(riding.getByRole("row", { name: /^Road/ }).getByRole("cell").first()).toHaveText(
    "1",
  );
  // Results: one city bike and one road bike shown, none clicked.
  const products = page.getByRole("table", { name: "Products" });
  await expect(products.getByRole("row")).toHaveCount(3);
  await expect(products).toContainText("Velo Commute");
  await expect(products).toContainText("€ 599,00");
  // The charts are drawn (canvases with their figures beside them).
  await expect(page.locator("canvas").first()).toBeVisible();
  expect(await page.locator("canvas").count()).toBeGreaterThanOrEqual(6);

  // The CSV export, streamed by the server to the browser's download: one row per session, with
  // the answers; a refusal (here a database outage) says so instead.
  const exportUrl = "**/api/analytics/sessions.csv?*";
  await page.route(exportUrl, (route) => route.fulfill({ status: 503 }));
  await page.getByRole("button", { name: "Export CSV" }).click();
  await expect(page.getByText("The CSV could not be exported. Please try again.")).toBeVisible();
  await page.unroute(exportUrl);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^bike-advisor-sessions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const file = readFileSync((await (await download).path())!, "utf8");
  expect(file.startsWith("\uFEFF")).toBe(true);
  const rows = file
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(rows[0]).toBe(
    "session,started,finished,answers,clicked product,operating system,language,orders,order ids,revenue,influenced revenue,assisted revenue",
  );
  expect(rows).toHaveLength(4);
  const answers = rows.slice(1).map((row) => row.split(",")[3] ?? "");
  expect(answers.sort()).toEqual(
    [
      "",
      `${ADVISOR.riding.text}: City | ${ADVISOR.budget.text}: Under €1000 | ${ADVISOR.details.text}: ${ADVISOR.details.name} = Sam; ${ADVISOR.details.email} = `,
      `${ADVISOR.riding.text}: Road | ${ADVISOR.often.text}: Every day | ${ADVISOR.budget.text}: Under €1000 | ${ADVISOR.details.text}: ${ADVISOR.details.name} = Sam; ${ADVISOR.details.email} = `,
    ].sort(),
  );

  // The overview lists the floow with the same counts.
  await page.getByRole("link", { name: "All floows" }).click();
  const row = page
    .getByRole("table", { name: "Floows" })
    .getByRole("row", { name: new RegExp(ADVISOR.name) });
  await expect(row).toContainText("3");

  // /inspect from the side navigation: a new shopper's events appear without a reload. Pressed
  // as a person presses (the button down for 100 ms): the column expands as the pointer enters
  // it, and Inspect must still be under the pointer when the button comes up (the domains'
  // sub-list once pushed it down there, and the click ended on Analytics).
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Inspect" })
    .click({ delay: 100 });
  await expect(page.getByText("Live: new events appear as they arrive")).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  const before = await page.getByRole("table").getByRole("row").count();
  await shop(browser, null);
  await expect
    .poll(() => page.getByRole("table").getByRole("row").count(), { timeout: 15_000 })
    .toBeGreaterThan(before);

  // Another organization's (or no) floow: Page Not Found.
  await page.goto("/analytics/floow/6f1c8a52-3d1e-4a59-9d55-0c2b7c1e9a10");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});
