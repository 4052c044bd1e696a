import { expect, test } from "@playwright/test";

// The side navigation's Help group: Support opens the ticket dialog (spec sections 2, 5, 8).
test("a signed-in user sends a support ticket", async ({ page }) => {
  const email = `help.${Date.now()}@example.com`;
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill("Hanna Help");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill("Helped");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back, Hanna" })).toBeVisible();

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Support" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Support" });
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await dialog.getByRole("button", { name: "Send ticket" }).click();
  await expect(dialog.getByText("Please provide a subject", { exact: true })).toBeVisible();
  await expect(
    dialog.getByText("Please provide a short description", { exact: true }),
  ).toBeVisible();

  await dialog.getByLabel("Category (optional)").selectOption({ label: "Help" });
  await dialog.getByLabel("Subject").fill("How do I add a feed?");
  await dialog.getByLabel("Description").fill("I cannot find the button.");
  await dialog.getByRole("button", { name: "Send ticket" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Ticket sent successfully" }),
  ).toContainText("We will get in contact with you as soon as possible.");
  await expect(dialog).toHaveCount(0);
});
