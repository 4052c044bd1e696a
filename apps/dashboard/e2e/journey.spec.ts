import { expect, test } from "@playwright/test";

test("sign up, create an organization, use the shell, reload, log out", async ({ page }) => {
  const email = `jane.${Date.now()}@example.com`;

  // Nobody is signed in: the route guard sends the visitor to /login.
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill("Jane van Doe");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();

  // A new user has no organization yet and is asked for one.
  await expect(page.getByRole("heading", { name: "Welcome, Jane" })).toBeVisible();
  await page.getByLabel("Organization name").fill("Acme");
  await page.getByLabel("Display name").fill("Acme Inc.");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(
    page.getByText("Success: Organization Acme created successfully", { exact: true }),
  ).toBeVisible();

  // Home, with the side navigation expanded.
  await expect(page.getByRole("heading", { name: "Welcome back, Jane" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toHaveAttribute("data-expanded", "true");
  const profile = nav.getByRole("link", { name: /Jane van Doe/ });
  await expect(profile).toContainText("JD");
  await expect(profile).toContainText("Admin");
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

  // Elsewhere the navigation is collapsed and the active link follows the path.
  await nav.getByRole("link", { name: "Floows" }).click();
  await expect(page).toHaveURL(/\/floows$/);
  await page.mouse.move(900, 400);
  await expect(nav).toHaveAttribute("data-expanded", "false");
  await expect(nav.getByRole("link", { name: "Floows" })).toHaveAttribute("aria-current", "page");

  // A reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/floows$/);
  await expect(page.getByRole("heading", { name: "Floows", exact: true })).toBeVisible();

  await page.goto("/settings#organization");
  await expect(page.getByRole("tab", { name: "Organization" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByLabel("Display name")).toHaveValue("Acme Inc.");
  // The admin edits the organization's settings.
  await page.getByLabel("Sector").selectOption({ label: "Retail" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Organization information updated" }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Sector")).toHaveValue("9");

  // Logout is a full-page navigation to /logout, which ends on /login.
  await nav.getByRole("link", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in to Floow" })).toBeVisible();

  // Signed out, guarded routes are closed again; signing in brings the user back.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
});

test("an unknown path shows the 404 page", async ({ page }) => {
  await page.goto("/this/path/does/not/exist");
  await expect(page.getByTestId("error-status")).toHaveText("404");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(
    page.getByText("The page you are looking for does not exist or has been moved."),
  ).toBeVisible();
});

test("a public floow route has no chrome and no guard", async ({ page }) => {
  // No floow by this id is live: the hosted page says so (a live one: runtime-embed.spec.ts).
  await page.goto("/floow/abc123");
  await expect(page.getByRole("heading", { name: "This floow is not available" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/floow\/abc123$/);
});
