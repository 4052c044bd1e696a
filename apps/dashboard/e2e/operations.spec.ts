/**
 * Issue 13 (hardening): the built dashboard runs under its Content-Security-Policy without a
 * single violation (sign-in, floows, the editor with its rich-text fields, analytics charts,
 * the onboarding guide, the hosted floow page), merchants can frame the hosted floow page but
 * no site can frame the dashboard, and the runtime keeps working on a merchant's page.
 */
import { createEventMessage } from "@floow/domain/events";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { ADVISOR, merchantPage, setUpLiveFloows } from "@floow/test-kit";
import type { LiveFloows } from "@floow/test-kit";

const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Every CSP violation the page (and its frames) reports, as Chromium logs them. */
function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

let live: LiveFloows;
test.beforeAll(async ({ baseURL }) => {
  live = await setUpLiveFloows(baseURL!);
});
test.afterAll(async () => {
  await live?.shop.close();
});

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test("the dashboard runs under its Content-Security-Policy without a violation", async ({
  page,
}) => {
  const violations = recordCspViolations(page);
  const answer = await page.goto("/login");
  const csp = answer?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(answer?.headers()["x-content-type-options"]).toBe("nosniff");
  expect(answer?.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await signIn(page);

  await page.goto("/floows");
  await expect(page.getByText(ADVISOR.name).first()).toBeVisible();
  await shot(page, "01-floows");

  // The editor: the rich-text (tiptap) start text and the live preview of the runtime.
  await page.goto(`/editor?floowId=${live.advisor.id}`);
  await page.getByRole("button", { name: "Build" }).click();
  await page.getByRole("button", { name: /^Step 1:/ }).click();
  await page.getByRole("button", { name: "Edit step 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit question" });
  await expect(dialog.locator(".ProseMirror").first()).toBeVisible();
  await shot(page, "02-editor");
  await dialog.getByRole("button", { name: "Done" }).click();

  // Analytics: Chart.js canvases (a shopper's visit first, so there is something to chart).
  const context = {
    organizationId: live.organizationId,
    domainId: live.domainId,
    floowId: live.advisor.id,
    sessionId: "ops-shopper",
  };
  const stored = await page.request.post("/api/public/events", {
    data: { events: [createEventMessage(context, "mount"), createEventMessage(context, "start")] },
  });
  expect(stored.status()).toBe(202);
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("canvas").first()).toBeVisible();
  await shot(page, "03-analytics");

  expect(violations).toEqual([]);
});

test("the onboarding guide (driver.js) runs under the CSP", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  const violations = recordCspViolations(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Only necessary" }).click();
  await signIn(page);
  await page.goto("/");
  await expect(page.locator(".driver-popover")).toBeVisible();
  await shot(page, "04-guide");
  expect(violations).toEqual([]);
  await context.close();
});

test("a merchant frames the hosted floow page; no site can frame the dashboard", async ({
  page,
  baseURL,
}) => {
  const violations = recordCspViolations(page);
  live.shop.set(
    "/framed.html",
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Framed</title></head><body>
<h1>Velo shop</h1>
<iframe id="floow" title="Bike advisor" src="${baseURL}/floow/${live.advisor.id}" style="width:420px;height:560px"></iframe>
<iframe id="dashboard" title="Dashboard" src="${baseURL}/floows" style="width:420px;height:200px"></iframe>
</body></html>`,
  );
  await page.goto(`${live.shop.url}/framed.html`);
  const floow = page.frameLocator("#floow");
  await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await expect(floow.getByText(ADVISOR.riding.text)).toBeVisible();
  await shot(page, "05-framed");
  // The dashboard refused to be framed: its frame never shows the app (Chromium reports it).
  await expect(page.frameLocator("#dashboard").locator("#root")).toHaveCount(0);
  expect(violations.filter((text) => !/frame-ancestors/.test(text))).toEqual([]);
  expect(violations.some((text) => /frame-ancestors/.test(text))).toBe(true);
});

test("the runtime still runs on a merchant's page (another origin)", async ({ page }) => {
  live.shop.set(
    "/shop",
    merchantPage({
      title: "Velo shop",
      body: '<main><div id="advisor"></div></main>',
      apiUrl: live.apiUrl,
      domainId: live.domainId,
    }),
  );
  await page.goto(`${live.shop.url}/shop`);
  await expect(page.getByText(ADVISOR.startText)).toBeVisible();
  await shot(page, "06-merchant");
});
