/**
 * Issue 15: the first run and the shopper's widget. A new user (an empty browser: no
 * cookies answered, no onboarding record) meets the cookie banner and the onboarding
 * guide and follows it from the introduction into the editor; the build-update notice; a
 * signed-out visitor's redirect; and the widget on a merchant page: progress on a branching
 * floow, keyboard and axe-core checks of its start, question, form and results pages.
 */
import AxeBuilder from "@axe-core/playwright";
import { ONBOARDING_STAGES } from "../src/features/onboarding/onboarding-stages";
import { expect, test } from "@playwright/test";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { ADVISOR, merchantPage, setUpLiveFloows } from "@floow/test-kit";
import type { LiveFloows } from "@floow/test-kit";

// An empty browser: the config's default is a returning user (banner answered, guide off).
test.use({ storageState: { cookies: [], origins: [] } });

const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const popover = (page: Page) => page.locator(".driver-popover");

/** The popup shows `title`, and does not cover the element it points at. */
async function expectPopup(page: Page, title: string, target?: Locator) {
  await expect(popover(page).locator(".driver-popover-title")).toHaveText(title);
  if (!target) return;
  const [a, b] = [await popover(page).boundingBox(), await target.boundingBox()];
  expect(a && b).toBeTruthy();
  const overlap =
    a!.x < b!.x + b!.width &&
    b!.x < a!.x + a!.width &&
    a!.y < b!.y + b!.height &&
    b!.y < a!.y + a!.height;
  expect(overlap, `the "${title}" popup covers its element`).toBe(false);
}

async function signUp(page: Page, name: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill(name);
  await page
    .getByLabel("Email")
    .fill(`${name.split(" ")[0]!.toLowerCase()}.${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill("Fietsen");
  await page.getByRole("button", { name: "Create organization" }).click();
}

test("a new user meets the cookie banner and follows the guide from the introduction to the editor", async ({
  page,
}) => {
  await page.goto("/login");
  // First visit: the banner; nothing but functional cookies until the user chooses.
  const banner = page.getByRole("region", { name: "Cookies on Floow" });
  await expect(banner).toBeVisible();
  await shot(page, "01-cookie-banner");
  await banner.getByRole("button", { name: "Only necessary" }).click();
  await expect(banner).toHaveCount(0);

  await signUp(page, "Noor Nieuw");
  // A new user: "Welcome" (not "Welcome back"), and the introduction popup.
  await expect(page.getByRole("heading", { name: "Welcome, Noor" })).toBeVisible();
  await expectPopup(page, "Welcome to Floow");
  await expect(popover(page)).toContainText("1 of 23");
  await shot(page, "02-guide-introduction");
  // Keyboard-usable: the popup's button has the focus; Enter completes the stage.
  await expect(popover(page).getByRole("button", { name: "Start the tour" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/$/);
  await expectPopup(page, "Your home", page.locator("#getting-started"));
  await shot(page, "03-guide-home");
  await popover(page).getByRole("button", { name: "Go to Domains" }).click();

  await expect(page).toHaveURL(/\/domains$/);
  await expectPopup(page, "Domains", page.getByRole("heading", { name: "Domains", exact: true }));
  await popover(page).getByRole("button", { name: "Next" }).click();
  const create = page.getByRole("main").getByRole("button", { name: "Create Domain" }).first();
  await expectPopup(page, "Create a domain", create);
  await shot(page, "04-guide-domain-create");
  // The element pointed at stays usable: the user creates the domain from it.
  await create.click();
  const dialog = page.getByRole("dialog", { name: "Create Domain" });
  await dialog.getByLabel("Name").fill("Fietsen shop");
  await dialog.getByLabel("Host").fill("fietsen.example");
  await dialog.getByRole("button", { name: "Create Domain" }).click();

  await expect(page).toHaveURL(/\/domains\/domain/);
  await expectPopup(page, "Colours and fonts", page.getByRole("tab", { name: "General" }));
  await popover(page).getByRole("button", { name: "Next" }).click();
  await expectPopup(page, "The domain's floows", page.getByRole("tab", { name: "Floows" }));
  await popover(page).getByRole("button", { name: "Next" }).click();
  await expectPopup(
    page,
    "Put Floow on your website",
    page.getByRole("tab", { name: "Implementation" }),
  );
  await shot(page, "05-guide-implementation");
  await popover(page).getByRole("button", { name: "Go to Floows" }).click();

  await expect(page).toHaveURL(/\/floows$/);
  await expectPopup(page, "Floows");
  await popover(page).getByRole("button", { name: "Next" }).click();
  await expectPopup(page, "Create a floow");
  // Escape hides the popup for now; it comes back on the next visit of the page.
  await page.keyboard.press("Escape");
  await expect(popover(page)).toHaveCount(0);

  // A Guided Data floow is created at once and opens in the editor.
  await page.getByRole("main").getByRole("button", { name: "Create Floow" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Floow" });
  await wizard.getByText("Guided Data").click();
  await wizard.getByLabel("Name").fill("Newsletter");
  await wizard.getByRole("button", { name: "Create Floow" }).click();

  await expect(page).toHaveURL(/\/editor/);
  await expectPopup(page, "The editor", page.getByRole("navigation", { name: "Editor phases" }));
  await shot(page, "06-guide-editor");
  await popover(page).getByRole("button", { name: "Go to Build" }).click();
  // The editor stage set the phase to build.
  await expect(
    page.getByRole("navigation", { name: "Editor phases" }).getByRole("button", { name: /Build/ }),
  ).toHaveAttribute("aria-current", "step");
  await expectPopup(page, "Your questions", page.getByRole("navigation", { name: "Steps" }));
  await shot(page, "07-guide-editor-build");

  // Closing the popup turns the guide off; Settings turns it on again.
  await popover(page).getByRole("button", { name: "Turn off the guide" }).click();
  await expect(page.getByText("Guide turned off. Turn it on again in Settings.")).toBeVisible();

  // The desktop preview fits the canvas at 100 % on a 1440 px screen, and still zooms.
  await page
    .getByRole("navigation", { name: "Editor phases" })
    .getByRole("button", { name: /Floow/ })
    .click();
  await page.getByTitle("Desktop").click();
  const frame = page.getByTestId("device-frame");
  const fits = () =>
    frame.evaluate((el) => {
      const canvas = el.parentElement!.parentElement!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { inside: box.left >= canvas.left && box.right <= canvas.right, width: box.width };
    });
  await expect.poll(async () => (await fits()).inside).toBe(true);
  const fitted = (await fits()).width;
  await shot(page, "08-editor-desktop-preview-fit");
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(async () => (await fits()).width).toBeGreaterThan(fitted * 1.2);
  await page.goto("/settings");
  const toggle = page.getByRole("switch", { name: "Show the onboarding guide" });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await shot(page, "08-settings-privacy-and-guide");
  await expect(page.getByText("Show the onboarding guide")).toBeVisible();

  // The Events explanation from /documentation: 4 pages, the runtime's own messages.
  await page.goto("/documentation");
  await page.getByRole("button", { name: "Events explanation" }).click();
  const events = page.getByRole("dialog", { name: "Events explanation" });
  await expect(events.getByLabel("mount message")).toContainText('"event": "floows"');
  await shot(page, "15-events-explanation-1");
  await events.getByRole("button", { name: "Next" }).click();
  await events.getByRole("button", { name: "Next" }).click();
  await expect(events).toContainText("3 of 4: Events previewer");
  const example = events.locator("[data-floow-host]");
  await example.getByRole("button", { name: "Start" }).click();
  await example.getByRole("radio", { name: "In the city" }).click();
  await expect(events.getByRole("list", { name: "Received events" })).toContainText("choice");
  await shot(page, "16-events-explanation-previewer");
  await events.getByRole("button", { name: "Next" }).click();
  await events.getByRole("button", { name: "Close" }).last().click();
  await expect(events).toHaveCount(0);
});

/** The cookie banner answered (functional only), as a returning visitor has it. */
async function cookiesAnswered(context: BrowserContext) {
  await context.addCookies([
    {
      name: "floows-cookie-preferences",
      value: encodeURIComponent(
        JSON.stringify({ state: "done", analytics: false, marketing: false }),
      ),
      domain: "localhost",
      path: "/",
    },
  ]);
}

test("the guide's last stages: products, feeds, analytics, documentation and settings", async ({
  page,
  context,
}) => {
  await cookiesAnswered(context);
  // A user who followed the guide up to the editor's launch (the stages before products done).
  const stages = ONBOARDING_STAGES.slice(0, ONBOARDING_STAGES.indexOf("products"));
  const record = {
    id: "later",
    disabled: false,
    newUser: false,
    ...Object.fromEntries(stages.map((s) => [s, true])),
  };
  await context.addCookies([
    {
      name: "floows-onboarding",
      value: encodeURIComponent(JSON.stringify(record)),
      domain: "localhost",
      path: "/",
    },
  ]);
  await signUp(page, "Lotte Later");
  await expect(page.getByRole("heading", { name: "Welcome back, Lotte" })).toBeVisible();
  await expect(popover(page)).toHaveCount(0); // products belongs to /products
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Products" })
    .click();
  await expectPopup(page, "Products", page.getByRole("heading", { name: "Products", exact: true }));
  await expect(popover(page)).toContainText("18 of 23");
  await popover(page).getByRole("button", { name: "Next" }).click();
  await expectPopup(
    page,
    "Add a feed",
    page.getByRole("main").getByRole("button", { name: "Add Feed" }).first(),
  );
  await popover(page).getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expectPopup(page, "Analytics");
  await popover(page).getByRole("button", { name: "Go to Documentation" }).click();
  await expectPopup(
    page,
    "Documentation",
    page.getByRole("heading", { name: "Documentation", exact: true }),
  );
  await popover(page).getByRole("button", { name: "Go to Settings" }).click();
  await expectPopup(page, "Settings", page.getByRole("heading", { name: "Settings", exact: true }));
  await popover(page).getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/settings#organization$/);
  await expectPopup(page, "Your organization", page.getByRole("tab", { name: "Organization" }));
  await shot(page, "18-guide-settings-organization");
  await popover(page).getByRole("button", { name: "Finish" }).click();
  await expect(popover(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Organization" })).toBeVisible();
  await expect(popover(page)).toHaveCount(0);
});

test("the update notice appears when the build manifest changes", async ({ page, context }) => {
  await cookiesAnswered(context);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Create an account" })).toBeVisible();
  const running = (await (await page.request.get("/version.json")).json()) as { build: string };
  await expect(page.getByText("A new version of Floow is available")).toHaveCount(0);
  // A new build is deployed: the manifest names another build.
  await page.route("**/version.json", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ build: `${running.build}-next` }),
    }),
  );
  // Coming back to the tab checks at once (the 5-minute poll is for tabs left open).
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  const notice = page
    .getByRole("status")
    .filter({ hasText: "A new version of Floow is available" });
  await expect(notice).toBeVisible();
  await shot(page, "09-update-notice");
  await page.unroute("**/version.json");
  await notice.getByRole("button", { name: "Reload" }).click();
  await expect(notice).toHaveCount(0);
});

test("a visitor who is not signed in goes to /login and back to the page after signing in", async ({
  page,
  context,
}) => {
  await cookiesAnswered(context);
  await page.goto("/floows");
  await expect(page).toHaveURL(/\/login\?redirect=%2Ffloows$/);
  await expect(page.getByRole("button", { name: "Create an account" })).toBeVisible();
  // Not a failure: no failure notice.
  await expect(page.getByText("We could not load your account")).toHaveCount(0);
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill("Rik Redirect");
  await page.getByLabel("Email").fill(`rik.${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill("Rik");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page).toHaveURL(/\/floows$/);
  await expect(page.getByRole("heading", { name: "Floows", exact: true })).toBeVisible();
});

test.describe("the shopper's widget", () => {
  let live: LiveFloows;
  test.beforeAll(async () => {
    live = await setUpLiveFloows(`http://localhost:${process.env.E2E_PORT ?? 3310}`);
    live.shop.set(
      "/shop/bikes",
      merchantPage({
        title: "Bikes",
        body: '<main><h1>Our bikes</h1><div id="advisor"></div></main>',
        apiUrl: live.apiUrl,
        domainId: live.domainId,
      }),
    );
  });
  test.afterAll(async () => live?.shop.close());

  /** axe-core on the floow (inside its shadow root): no serious or critical violation. */
  async function expectAccessible(page: Page, where: string) {
    const results = await new AxeBuilder({ page }).include("[data-floow-host]").analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      bad.map(
        (v) => `${where}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      ),
    ).toEqual([]);
  }

  test("progress follows the shopper's own path; start, question, form and results pass axe-core", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${live.shop.url}/shop/bikes`);
    const floow = page.locator("[data-floow-host]");
    await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
    await expectAccessible(page, "start");
    await shot(page, "10-widget-start");
    await page.setViewportSize({ width: 390, height: 780 });
    await shot(page, "10-widget-start-mobile");
    await page.setViewportSize({ width: 1280, height: 900 });
    await floow.getByRole("button", { name: ADVISOR.startButton }).click();

    const bar = floow.getByRole("progressbar");
    // Riding, how often, budget, details: question 1 of 4 on the default path.
    await expect(bar).toHaveAttribute("aria-valuenow", "25");
    const riding = floow.getByRole("radiogroup", { name: ADVISOR.riding.text });
    await expect(riding.getByRole("radio")).toHaveCount(3);
    await expectAccessible(page, "question");
    await shot(page, "11-widget-question");
    // City skips "how often": budget is question 2 of 3 on this path.
    await riding.getByRole("radio", { name: "City" }).click();
    await expect(floow.getByText(ADVISOR.budget.text)).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuenow", "67");
    await expect(bar).toHaveAttribute("aria-valuetext", "Step 2 of 3");
    // Back and Road instead: "how often" is question 2 of 4.
    await floow.getByRole("button", { name: "Back" }).click();
    await expect(riding.getByRole("radio", { name: "City" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await riding.getByRole("radio", { name: "Road" }).click();
    await expect(bar).toHaveAttribute("aria-valuenow", "50");
    await floow.getByRole("radio", { name: "Every day" }).click();
    await expect(bar).toHaveAttribute("aria-valuenow", "75");
    await floow.getByRole("radio", { name: "€1000 or more" }).click();
    await expect(bar).toHaveAttribute("aria-valuenow", "100");

    // The form: an error is announced (role=alert) and tied to its input.
    await floow.getByRole("button", { name: "Next" }).click();
    const error = floow.getByRole("alert");
    await expect(error).toHaveText("This field is required");
    await expect(floow.getByLabel(ADVISOR.details.name)).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "form");
    await shot(page, "12-widget-form");
    await floow.getByLabel(ADVISOR.details.name).fill("Ada");
    await floow.getByRole("button", { name: "Next" }).click();

    await expect(floow.getByText(ADVISOR.finishText)).toBeVisible();
    await expect(floow.getByText("Velo Aero")).toBeVisible();
    await expectAccessible(page, "results");
    await shot(page, "13-widget-results");
  });

  test("the hosted page preloads its floow: one request, started with the page", async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(`/api/public/floows/${live.advisor.id}`))
        requests.push(request.url());
    });
    const response = await page.goto(`/floow/${live.advisor.id}`);
    expect(response?.headers().link).toContain(
      `</api/public/floows/${live.advisor.id}>; rel=preload`,
    );
    await expect(page.locator("[data-floow-host]").getByText(ADVISOR.startText)).toBeVisible();
    expect(requests).toHaveLength(1);
  });

  test("the dialog floow traps the focus, closes with Escape and gives the focus back", async ({
    page,
  }) => {
    live.shop.set(
      "/sizes",
      merchantPage({
        title: "Sizes",
        body: '<main><h1>Sizes</h1><div id="sizes"></div></main>',
        apiUrl: live.apiUrl,
        domainId: live.domainId,
      }),
    );
    await page.goto(`${live.shop.url}/sizes`);
    const start = page.locator("[data-floow-host]").getByRole("button", { name: "Find my size" });
    await start.focus();
    await start.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("radiogroup")).toBeVisible();
    await expectAccessible(page, "dialog question");
    await shot(page, "14-widget-dialog");
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(
      await dialog.evaluate((el) =>
        el.contains(
          el.getRootNode() instanceof ShadowRoot
            ? (el.getRootNode() as ShadowRoot).activeElement
            : null,
        ),
      ),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(start).toBeFocused();
    // Opened again, it goes on where it was: answering shows the results in the dialog.
    await start.press("Enter");
    await dialog.getByRole("radio", { name: "1.70 m or taller" }).click();
    await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(dialog.getByRole("link", { name: /View/ }).first()).toBeVisible();
    await expectAccessible(page, "dialog results");
    await shot(page, "17-widget-dialog-results");
    // The outcome a shopper wants: View opens the product's page (in this tab, the default).
    const view = dialog.getByRole("link", { name: /View/ }).first();
    const product = (await view.getAttribute("href"))!;
    expect(product).toMatch(new RegExp(`^${live.shop.url}/products/bike-\\d$`));
    live.shop.set(
      new URL(product).pathname,
      '<!doctype html><html lang="en"><title>Bike</title><h1>The product page</h1></html>',
    );
    await view.click();
    await expect(page).toHaveURL(product);
    await expect(page.getByRole("heading", { name: "The product page" })).toBeVisible();
  });
});
