import { expect, test } from "@playwright/test";

// Spec section 2: a failed user load sends the visitor to /login. With the session still
// valid, /login must not bounce straight back (that would loop while the server fails).
test("a failed account load lands on /login with a retry, without looping", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill("Guard Tester");
  await page.getByLabel("Email").fill(`guard.${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill("Guarded");
  await page.getByLabel("Display name").fill("Guarded B.V.");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back, Guard" })).toBeVisible();

  // The server fails to load the account.
  let loads = 0;
  await page.route(/\/trpc\/[^?]*user\.get/, async (route) => {
    loads += 1;
    await route.fulfill({ status: 500, contentType: "application/json", body: "[]" });
  });
  await page.goto("/floows");
  await expect(page).toHaveURL(/\/login\?.*failed=true/);
  await expect(page.getByRole("alert")).toHaveText(/We could not load your account/);
  const loadsOnArrival = loads;
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/\/login\?/);
  expect(loads).toBe(loadsOnArrival);

  // The server is back: Try again returns to where the visitor was going.
  await page.unroute(/\/trpc\/[^?]*user\.get/);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/floows$/);
  await expect(page.getByRole("heading", { name: "Floows", exact: true })).toBeVisible();
});
