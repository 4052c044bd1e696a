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
  // Its close button shows on hover. The toast may go by itself meanwhile: a closing dialog
  // can hold the pointer until the toast's time runs out (a CI run of 2026-11-27 hovered a
  // toast that had gone until the test timed out), and then it is closed all the same.
  await expect(async () => {
    if ((await toast.count()) === 0) return;
    await toast.hover({ timeout: 1_000 });
    await toast.locator("[data-close-button]").click({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toast).toHaveCount(0);
}
