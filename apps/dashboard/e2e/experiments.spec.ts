import { assignmentOf } from "@floow/domain/experiment";
import type { Experiment } from "@floow/domain/experiment";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADVISOR, merchantPage, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";

/**
 * Experiments end to end (issue 23; docs/analytics.md "Experiments"): the merchant publishes a
 * second version of the live advisor and sets up an experiment on its page (version 1 against
 * version 2, a 10 % holdout; the shares must add up to 100 %), starts it; shoppers in browsers of
 * their own keep their variant on every page and after a reload, a holdout shopper sees no floow;
 * a thank-you page's `floow.conversion` counts for its shopper's variant, and the experiment page
 * shows the visits, the order and its revenue.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3910}`;
const V2_TEXT = "Which bike suits your rides?";
let live: LiveFloows;

test.beforeAll(async () => {
  live = await setUpLiveFloows(API);
  const page = (title: string, body: string) =>
    merchantPage({ title, body, apiUrl: API, domainId: live.domainId });
  live.shop.set(
    "/shop/bikes",
    page("Bikes", `<main><h1>Our bikes</h1><div id="advisor"></div></main>`),
  );
  live.shop.set(
    "/shop/e-bikes",
    page("E-bikes", `<main><h1>E-bikes</h1><div id="advisor"></div></main>`),
  );
  live.shop.set(
    "/checkout/thanks",
    page(
      "Thank you",
      `<main><h1>Thank you for your order</h1></main>
<script>(window.floow = window.floow || []).push(["conversion", { orderId: "EXP-1", value: 120, currency: "EUR", items: [] }]);</script>`,
    ),
  );
});

test.afterAll(async () => {
  await live?.shop.close();
});

/** A tRPC call with the signed-in browser's session (the dashboard's own API). */
async function trpc<T>(page: Page, path: string, input: unknown, mutation = false): Promise<T> {
  const response = mutation
    ? await page.request.post(`${API}/trpc/${path}`, {
        data: input,
        headers: { origin: API, "content-type": "application/json" },
      })
    : await page.request.get(
        `${API}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
      );
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A shopper key (the tab's session id the loader would start) that the experiment puts in `arm`. */
function keyFor(experiment: Experiment, arm: string): string {
  for (let i = 0; i < 10_000; i++) {
    const key = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    if (assignmentOf(experiment, key)?.variantId === arm) return key;
  }
  throw new Error(`no key for ${arm}`);
}

/** A shopper in a browser of their own, whose tab session (the experiment's key) is `key`. */
async function shopper(browser: Browser, key: string) {
  const context = await browser.newContext();
  await context.addInitScript((id) => {
    if (!sessionStorage.getItem("floows:session")) sessionStorage.setItem("floows:session", id);
  }, key);
  return { context, page: await context.newPage() };
}

const eventTaken = (page: Page, type: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/public/events") &&
      response.status() === 202 &&
      (response.request().postData() ?? "").includes(`"type":"${type}"`),
  );

test("an experiment with two variants and a 10 % holdout: shoppers keep their variant across pages, the holdout sees nothing, the page shows visits and the order", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  // Version 2 of the advisor: another start text, published.
  const floowId = live.advisor.id;
  const draft = await trpc<Record<string, unknown> & { version: number }>(page, "floow.byId", {
    id: floowId,
  });
  const { organizationId: _o, userId: _u, createdAt: _c, updatedAt: _up, ...rest } = draft;
  await trpc(
    page,
    "floow.update",
    {
      ...rest,
      start: { ...(draft.start as object), text: `<p>${V2_TEXT}</p>` },
      version: draft.version,
    },
    true,
  );
  await trpc(page, "floow.publish", { id: floowId, note: "Shorter start" }, true);

  // The experiment page, from the floows list's row menu.
  await page.goto("/floows");
  await page.getByRole("button", { name: `Actions for ${ADVISOR.name}` }).click();
  await page.getByRole("menuitem", { name: "Experiments" }).click();
  await expect(page.getByRole("heading", { name: `Experiments: ${ADVISOR.name}` })).toBeVisible();
  const form = page.getByRole("form", { name: "New experiment" });
  await form.getByLabel("Name").fill("Short start");
  await form.getByLabel("Variant A", { exact: true }).selectOption("1");
  await form.getByLabel("Variant B", { exact: true }).selectOption("2");
  await form.getByLabel("Holdout share (%)").fill("20");
  await form.getByRole("button", { name: "Create experiment" }).click();
  // The shares' message by the shares, and nothing created.
  await expect(form.getByText("Traffic shares must add up to 100 %. Now 110 %.")).toBeVisible();
  await page.screenshot({ path: "test-results/experiments-shares-error.png", fullPage: true });
  await form.getByLabel("Holdout share (%)").fill("10");
  await form.getByRole("button", { name: "Create experiment" }).click();
  const card = page.getByLabel("Experiment Short start", { exact: true });
  await expect(card.getByText("Draft")).toBeVisible();
  await card.getByRole("button", { name: "Start" }).click();
  await expect(card.getByText("Running")).toBeVisible();

  const [experiment] = await trpc<Experiment[]>(page, "experiment.list", { floowId });
  const [a, b] = experiment!.variants;
  const holdout = experiment!.holdout!;

  // Shopper A gets version 1, shopper B version 2: on the first page, after a reload and on
  // another page.
  const texts = [
    [a!.id, ADVISOR.startText],
    [b!.id, V2_TEXT],
  ] as const;
  const shoppers: Awaited<ReturnType<typeof shopper>>[] = [];
  for (const [arm, text] of texts) {
    const one = await shopper(browser, keyFor(experiment!, arm));
    shoppers.push(one);
    const started = eventTaken(one.page, "start");
    await one.page.goto(`${live.shop.url}/shop/bikes`);
    const floow = one.page.getByRole("region", { name: ADVISOR.name });
    await expect(floow.getByText(text)).toBeVisible();
    await floow.getByRole("button", { name: ADVISOR.startButton }).click();
    await started;
    await one.page.reload();
    await expect(
      one.page.getByRole("region", { name: ADVISOR.name }).getByText(text),
    ).toBeVisible();
    await one.page.goto(`${live.shop.url}/shop/e-bikes`);
    await expect(
      one.page.getByRole("region", { name: ADVISOR.name }).getByText(text),
    ).toBeVisible();
  }

  // The holdout shopper: no floow on any page, and the server is told once per page.
  const held = await shopper(browser, keyFor(experiment!, holdout.id));
  const exposure = eventTaken(held.page, "holdout");
  await held.page.goto(`${live.shop.url}/shop/bikes`);
  await exposure;
  await expect(held.page.getByRole("heading", { name: "Our bikes" })).toBeVisible();
  await expect(held.page.getByText(ADVISOR.startText)).toHaveCount(0);
  await expect(held.page.getByText(V2_TEXT)).toHaveCount(0);
  await held.page.close({ runBeforeUnload: true });

  // Shopper B buys: the thank-you page reports the order, which counts for B.
  const buyer = shoppers[1]!.page;
  const reported = buyer.waitForResponse(
    (response) => response.url().endsWith("/api/public/conversions") && response.status() === 202,
  );
  await buyer.goto(`${live.shop.url}/checkout/thanks`);
  await reported;
  for (const one of shoppers) await one.context.close();
  await held.context.close();

  await page.reload();
  const results = card.getByRole("table", { name: "Results per variant" });
  await expect(results).toBeVisible();
  const row = (name: string) => results.getByRole("row", { name });
  await expect(row("A · version 1").getByRole("cell").nth(1)).toHaveText("1");
  await expect(row("B · version 2").getByRole("cell").nth(1)).toHaveText("1");
  await expect(row("Holdout").getByRole("cell").nth(1)).toHaveText("1");
  // B's order: 1 order, 120 euro over 1 visitor.
  await expect(row("B · version 2").getByRole("cell").nth(6)).toHaveText("1");
  await expect(row("B · version 2").getByRole("cell").nth(7)).toContainText(/€\s?120,00/);
  await expect(row("A · version 1").getByRole("cell").nth(6)).toHaveText("0");
  await expect(card.getByTestId("holdout-lift")).toBeVisible();
  await page.screenshot({ path: "test-results/experiments-results.png", fullPage: true });

  // Promote B: version 2 is live and the experiment stops.
  await card.getByRole("button", { name: /^Promote/ }).click();
  await page.getByRole("button", { name: "Promote", exact: true }).click();
  await expect(card.getByText("Stopped")).toBeVisible();
  const versions = await trpc<{ liveVersion: number }>(page, "floow.versions", { id: floowId });
  expect(versions.liveVersion).toBe(2);
});
