import { expect, type Page } from "@playwright/test";

/**
 * Waits for a toast (the toast element itself, not any text on the page) with exactly this
 * text, then closes it so the next one is fresh. `dismiss: false` leaves it, e.g. while a
 * modal dialog is open over it or a newer toast stands in front of it.
 */
export async function expectToast(page: Page, text: string, { dismiss = true } = {}) {
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ has: page.getByText(text, { exact: true }) });
  await expect(toast).toBeVisible();
  if (!dismiss) return;
  await toast.hover();
  await toast.locator("[data-close-button]").click();
  await expect(toast).toHaveCount(0);
}
