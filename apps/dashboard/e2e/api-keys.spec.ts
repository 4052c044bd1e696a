import { expect, test } from "@playwright/test";
import { ADVISOR, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";
import { expectToast } from "./support/toasts";

/**
 * API keys end to end (issue 23, docs/api.md): an admin creates a key in Settings, sees it
 * once (copied, then only its prefix), the test calls /api/v1 with it as a merchant's server
 * would (Node's fetch, no browser), the screen shows when it was last used, and after Revoke
 * the same call gets 401. The Documentation page lists the endpoints of the served OpenAPI
 * document.
 */
const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
const SHOTS = process.env.FLOOW_SHOTS_DIR;

let live: LiveFloows;

test.beforeAll(async () => {
  live = await setUpLiveFloows(API);
});
test.afterAll(async () => {
  await live?.shop.close();
});

const v1 = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${API}/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
  });

test("an admin creates an API key, sees it once, the API accepts it, last used shows, revoked it gets 401", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto("/settings#organization");

  await expect(page.getByText("No API keys yet.")).toBeVisible();
  await page.getByRole("button", { name: "Create API Key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API Key" });
  await dialog.getByLabel("Name").fill("Order system");
  await dialog.getByRole("checkbox", { name: /conversions:write/ }).check();
  await dialog.getByRole("checkbox", { name: /floows:read/ }).check();
  await dialog.getByRole("button", { name: "Create key" }).click();

  // Shown once, with a copy button.
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  const key = (await shown.getByTestId("api-key-secret").textContent()) ?? "";
  expect(key).toMatch(/^flw_live_[A-Za-z0-9_-]{32}$/);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await shown.getByRole("button", { name: "Copy API key" }).click();
  await expectToast(page, "Copied to clipboard", { dismiss: false });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-key-shown-once.png` });
  await shown.getByRole("button", { name: "Done" }).click();

  const row = page.getByRole("row", { name: "API key Order system" });
  await expect(row).toContainText(`${key.slice(0, 13)}…`);
  await expect(row).toContainText("conversions:write, floows:read");
  await expect(row.getByTestId("api-key-last-used")).toHaveText("Never");
  // The key itself is nowhere on the page any more.
  await page.reload();
  await expect(page.getByRole("row", { name: "API key Order system" })).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // A merchant's server uses it.
  const floows = await v1(key, "/floows");
  expect(floows.status).toBe(200);
  const { data } = (await floows.json()) as { data: { id: string; name: string }[] };
  expect(data.map((f) => f.name)).toContain(ADVISOR.name);
  const order = await v1(key, "/conversions", {
    method: "POST",
    body: JSON.stringify({
      orderId: "E2E-1",
      value: 849,
      currency: "EUR",
      items: [{ id: "gravel-1" }],
    }),
  });
  expect(order.status).toBe(201);
  const again = await v1(key, "/conversions", {
    method: "POST",
    body: JSON.stringify({ orderId: "E2E-1", value: 849, currency: "EUR" }),
  });
  expect(await again.json()).toMatchObject({ duplicate: true });
  // Without the scope: 403.
  const events = await v1(key, "/events?from=2026-11-01&to=2026-11-02");
  expect(events.status).toBe(403);

  // Last used shows on the screen.
  await page.reload();
  const used = page
    .getByRole("row", { name: "API key Order system" })
    .getByTestId("api-key-last-used");
  await expect(used).not.toHaveText("Never");
  await expect(used).toHaveText(/\d{1,2}-\d{1,2}-\d{4}/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-keys-last-used.png`, fullPage: true });

  // Revoke: the next call gets 401.
  await page
    .getByRole("row", { name: "API key Order system" })
    .getByRole("button", { name: "Revoke Order system" })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke API Key" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expectToast(page, "Order system revoked");
  await expect(page.getByRole("row", { name: "API key Order system" })).toContainText("Revoked");
  const refused = await v1(key, "/floows");
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-key-revoked.png`, fullPage: true });

  // The reference lists the served document's endpoints.
  await page.goto("/documentation#api");
  const reference = page.locator("#api");
  for (const endpoint of [
    "POST /api/v1/conversions",
    "GET /api/v1/floows",
    "GET /api/v1/floows/{id}",
    "GET /api/v1/events",
    "GET /api/v1/analytics/summary",
  ])
    await expect(reference.getByRole("article", { name: endpoint, exact: true })).toBeVisible();
  await expect(
    reference.getByRole("article", { name: "GET /api/v1/events" }).getByRole("region", {
      name: "Parameters",
    }),
  ).toContainText("cursor");
  if (SHOTS) await reference.screenshot({ path: `${SHOTS}/api-reference.png` });
});
