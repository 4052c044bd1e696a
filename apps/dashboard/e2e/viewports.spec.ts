/**
 * The dashboard on a phone (390 px), a tablet (768 px) and a desktop (1440 px), issue 24: the
 * main journeys (sign in, Home, floows, the editor's build phase, analytics, settings, and the
 * other screens of the navigation) with no sideways scrolling of the page, the menu drawer
 * below the `lg` breakpoint, and axe-core on every screen (no serious or critical violation).
 * Each screen's screenshot is attached to the test's report.
 *
 * One account per worker for the widths it runs (made once through the product's own calls,
 * with one shopper's visit so analytics has charts); each width signs in through the login
 * form, which is the first journey.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { ADVISOR, merchantPage, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
let live: LiveFloows;

// The widths are independent: with two workers (CI) they share the time, each worker with its
// own server and account (`beforeAll` runs once per worker).
test.describe.configure({ mode: "parallel" });

/** One shopper answers the advisor on the merchant's page, so analytics has charts to show. */
test.beforeAll(async ({ browser }) => {
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
  const context = await browser.newContext();
  const page = await context.newPage();
  const stored = page.waitForResponse(
    (response) => response.url().endsWith("/api/public/events") && response.status() === 202,
  );
  await page.goto(`${live.shop.url}/shop/bikes`);
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  for (const answer of ["Road", "Every day", "Under €1000"])
    await floow.getByRole("radio", { name: answer }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Sam");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.getByText(ADVISOR.finishText)).toBeVisible();
  await stored;
  // Leaving the page sends what is still queued (sendBeacon on pagehide).
  await page.close({ runBeforeUnload: true });
  await context.close();
});

test.afterAll(async () => {
  await live?.shop.close();
});

const WIDTHS = [
  { width: 390, height: 844, name: "phone" },
  { width: 768, height: 1024, name: "tablet" },
  { width: 1440, height: 900, name: "desktop" },
] as const;

/** The page itself never scrolls sideways (a table may scroll inside its own box). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect
    .soft(scrollWidth, `${where}: the page is ${scrollWidth} px wide`)
    .toBeLessThanOrEqual(innerWidth);
}

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect
    .soft(
      bad.map(
        (v) =>
          `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
            .slice(0, 5)
            .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`)
            .join(" | ")}`,
      ),
      `${where}: axe-core`,
    )
    .toEqual([]);
}

/** A list that a phone shows whole: its table does not scroll inside its own box either. */
async function expectTableFits(page: Page, name: string) {
  const table = page.getByRole("table", { name });
  await expect(table).toBeVisible();
  const { scrollWidth, clientWidth } = await table.evaluate((element) => ({
    scrollWidth: element.parentElement!.scrollWidth,
    clientWidth: element.parentElement!.clientWidth,
  }));
  expect
    .soft(scrollWidth, `the ${name} table is ${scrollWidth} px wide`)
    .toBeLessThanOrEqual(clientWidth);
}

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage: boolean) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/**
 * A screen is ready (its heading is there): check width, axe, and keep a screenshot (the
 * whole page, or what the viewport shows while a drawer or dialog is open).
 */
async function checkScreen(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  // Entrance animations (dialogs, the drawer) finish before axe reads colours.
  await page.waitForTimeout(250);
  await expectNoSidewaysScroll(page, name);
  await expectAccessible(page, name);
  await shot(page, testInfo, name, fullPage);
}

for (const viewport of WIDTHS) {
  test(`${viewport.width} px (${viewport.name}): sign in, every screen, the editor's build phase`, async ({
    page,
  }, testInfo) => {
    // Three widths' worth of screens and axe runs in one journey; a loaded machine is slow.
    test.setTimeout(300_000);
    const prefix = `${viewport.width}`;
    const narrow = viewport.width < 1024;
    await page.setViewportSize({ width: viewport.width, height: viewport.height });

    // Sign in.
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in to Floow" })).toBeVisible();
    await checkScreen(page, testInfo, `${prefix}-login`);
    await page.getByLabel("Email").fill(live.admin.email);
    await page.getByLabel("Password").fill(live.admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    await checkScreen(page, testInfo, `${prefix}-home`);

    // The navigation: a drawer behind the menu button below `lg`, the side column above it.
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const drawer = page.getByRole("dialog", { name: "Menu" });
    if (narrow) {
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await menuButton.click();
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole("link", { name: "Floows" })).toBeVisible();
      await checkScreen(page, testInfo, `${prefix}-menu`, false);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(menuButton).toBeFocused();
      await menuButton.click();
      await drawer.getByRole("link", { name: "Floows" }).click();
      await expect(drawer).toBeHidden();
    } else {
      await expect(menuButton).toBeHidden();
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Floows" })
        .click();
    }

    // The floows list, and its create dialog fits the screen.
    await expect(page).toHaveURL(/\/floows$/);
    await expect(page.getByRole("heading", { name: "Floows", exact: true })).toBeVisible();
    await expect(page.getByText(ADVISOR.name).first()).toBeVisible();
    await checkScreen(page, testInfo, `${prefix}-floows`);
    // The whole row fits at every width: the list does not scroll inside its box either, and
    // each floow's status and actions are on screen (a phone moves type, language and domain
    // under the name).
    const floowsTable = page.getByRole("table", { name: "Floows" });
    await expectTableFits(page, "Floows");
    await expect(
      floowsTable.getByRole("button", { name: `Actions for ${ADVISOR.name}` }),
    ).toBeInViewport();
    await page.getByRole("button", { name: "Create Floow" }).click();
    const create = page.getByRole("dialog");
    await expect(create).toBeVisible();
    const box = await create.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await checkScreen(page, testInfo, `${prefix}-floows-create`, false);
    await page.keyboard.press("Escape");
    await expect(create).toBeHidden();

    // The editor's build phase: the step list, a step's editor and the preview.
    await page.goto(`/editor?floowId=${live.advisor.id}`);
    await page.getByRole("button", { name: "Build" }).click();
    const outline = page.getByRole("complementary", { name: "Outline" });
    const inspector = page.getByRole("complementary", { name: "Inspector" });
    if (viewport.width < 768) {
      await expect(page.getByText(/larger screen/)).toBeVisible();
      const panes = page.getByRole("radiogroup", { name: "Show" });
      await expect(outline).toBeVisible();
      await expect(inspector).toBeHidden();
      await checkScreen(page, testInfo, `${prefix}-editor-steps`);
      // Choosing a step opens its editor.
      await outline.getByText(ADVISOR.riding.text).click();
      await expect(inspector).toBeVisible();
      await expect(outline).toBeHidden();
      await expect(panes.getByRole("radio", { name: "Edit" })).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await checkScreen(page, testInfo, `${prefix}-editor-step`);
      // The step's modal fits the phone, without sideways scrolling inside it either.
      await inspector.getByRole("button", { name: "Edit step" }).click();
      const modal = page.getByRole("dialog");
      await expect(modal).toBeVisible();
      const modalBox = (await modal.boundingBox())!;
      expect(modalBox.x).toBeGreaterThanOrEqual(0);
      expect(modalBox.x + modalBox.width).toBeLessThanOrEqual(viewport.width);
      expect(await modal.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await checkScreen(page, testInfo, `${prefix}-editor-step-modal`, false);
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await panes.getByRole("radio", { name: "Preview" }).click();
      await expect(inspector).toBeHidden();
      await expect(page.getByRole("region", { name: "Canvas" })).toBeVisible();
      await checkScreen(page, testInfo, `${prefix}-editor-preview`);
    } else {
      await expect(outline).toBeVisible();
      await outline.getByText(ADVISOR.riding.text).click();
      await expect(inspector).toBeVisible();
      await expect(page.getByRole("region", { name: "Canvas" })).toBeVisible();
      await checkScreen(page, testInfo, `${prefix}-editor-build`);
      if (viewport.name === "tablet") {
        // The same tablet held sideways (1024 px): the side column is back, three panes still fit.
        await page.setViewportSize({ width: 1024, height: 768 });
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
        await expect(outline).toBeVisible();
        await expect(inspector).toBeVisible();
        await checkScreen(page, testInfo, "1024-editor-build");
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
      }
    }

    // The editor's other phases: the floow's settings, and launch.
    await page.getByRole("button", { name: "Floow", exact: true }).click();
    await expect(page.getByRole("complementary", { name: "Floow settings" })).toBeVisible();
    await checkScreen(page, testInfo, `${prefix}-editor-floow`);
    await page
      .getByRole("navigation", { name: "Editor phases" })
      .getByRole("button", { name: "Launch" })
      .click();
    await expect(page.getByRole("heading", { name: /Launch|Publish/ }).first()).toBeVisible();
    await checkScreen(page, testInfo, `${prefix}-editor-launch`);
    // The versions list is a card per version on a phone (`Table stack`, below `sm`; wider
    // screens keep its columns, scrolling inside its box where they must).
    if (viewport.width < 640) await expectTableFits(page, "Versions");

    // The other screens of the navigation.
    const screens: { path: string; name: string; heading: string | RegExp }[] = [
      { path: "/domains", name: "domains", heading: "Domains" },
      { path: "/domains/domain#general", name: "domain", heading: "Velo shop" },
      {
        path: "/domains/domain#implementation",
        name: "domain-implementation",
        heading: "Velo shop",
      },
      { path: "/products", name: "products", heading: "Products" },
      { path: "/analytics", name: "analytics", heading: "Analytics" },
      {
        path: `/analytics/floow/${live.advisor.id}`,
        name: "analytics-floow",
        heading: new RegExp(`^${ADVISOR.name}`),
      },
      { path: "/inspect", name: "inspect", heading: "Inspect" },
      { path: "/documentation", name: "documentation", heading: "Documentation" },
      { path: "/settings", name: "settings", heading: "Settings" },
      { path: "/settings#organization", name: "settings-organization", heading: "Settings" },
      { path: "/integrations", name: "integrations", heading: "Integrations" },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(
        page.getByRole("heading", {
          name: screen.heading,
          exact: typeof screen.heading === "string",
          level: 1,
        }),
      ).toBeVisible();
      if (screen.name === "analytics-floow") {
        // The shopper's visit is in: the charts draw (on a canvas each).
        await expect(page.getByTestId("figure-Views")).toHaveText("1");
        await expect(page.locator("canvas").first()).toBeVisible();
      }
      await checkScreen(page, testInfo, `${prefix}-${screen.name}`);
      if (screen.name === "settings-organization" && viewport.width < 640)
        await expectTableFits(page, "Team");
    }
  });
}

test("390 px (phone): the cookie banner, sign-up and the first-run guide, the hosted floow and the password reset", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // A new visitor: an empty browser (no cookie answer, no onboarding record).
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  const fits = async (locator: ReturnType<Page["locator"]>, what: string) => {
    const box = (await locator.boundingBox())!;
    expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(390);
  };

  await page.goto("/login");
  const banner = page.getByRole("region", { name: "Cookies on Floow" });
  await expect(banner).toBeVisible();
  await fits(banner, "the cookie banner");
  await checkScreen(page, testInfo, "390-public-cookie-banner", false);
  await banner.getByRole("button", { name: "Only necessary" }).click();
  await expect(banner).toHaveCount(0);

  // Sign up: the guide's first popups fit the phone and can be followed.
  await page.getByRole("button", { name: "Create an account" }).click();
  await checkScreen(page, testInfo, "390-public-sign-up");
  await page.getByLabel("Name").fill("Noor Mobiel");
  await page.getByLabel("Email").fill(`noor.${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill("Fietsen");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Noor" })).toBeVisible();
  const popover = page.locator(".driver-popover");
  await expect(popover.locator(".driver-popover-title")).toHaveText("Welcome to Floow");
  await fits(popover, "the guide's introduction");
  await checkScreen(page, testInfo, "390-guide-introduction", false);
  await popover.getByRole("button", { name: "Start the tour" }).click();
  await expect(popover.locator(".driver-popover-title")).toHaveText("Your home");
  await fits(popover, "the guide's Home popup");
  await shot(page, testInfo, "390-guide-home", false);
  await popover.getByRole("button", { name: "Go to Domains" }).click();
  await expect(page).toHaveURL(/\/domains$/);
  await expect(popover.locator(".driver-popover-title")).toHaveText("Domains");
  await fits(popover, "the guide's Domains popup");
  await expectNoSidewaysScroll(page, "390-guide-domains");
  await shot(page, testInfo, "390-guide-domains", false);
  await page.keyboard.press("Escape");
  await context.close();

  // The hosted floow page (signed out, as a shopper gets it) and the password reset.
  const shopper = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const hosted = await shopper.newPage();
  await hosted.goto(`/floow/${live.advisor.id}`);
  const floow = hosted.getByRole("region", { name: ADVISOR.name });
  await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
  await checkScreen(hosted, testInfo, "390-public-hosted-floow");
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await expect(floow.getByRole("radio", { name: "Road" })).toBeVisible();
  await checkScreen(hosted, testInfo, "390-public-hosted-floow-question");
  await hosted.goto("/reset-password");
  await expect(hosted.getByRole("heading", { level: 1 })).toBeVisible();
  await checkScreen(hosted, testInfo, "390-public-reset-password");
  await shopper.close();
});
