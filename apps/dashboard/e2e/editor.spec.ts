/**
 * The editor's two-tab conflict handling. Building a floow in the editor (steps, choices, a
 * condition, triggers, style, preview, publish) is part of the whole journey in
 * domains-and-floows.spec.ts, through the screens from sign-up.
 */
import { expect, test } from "@playwright/test";
import { signUpWithOrganization, trpc } from "./support/account";
import { expectToast } from "./support/toasts";

test("two tabs on one floow: a stale save gets a conflict (Reload or Overwrite), never a silent overwrite", async ({
  page,
  context,
}) => {
  await signUpWithOrganization(page, { name: "Eddie Editor", organization: "Shoe Shop" });
  const domainId = crypto.randomUUID();
  await trpc(page, "domain.create", { id: domainId, name: "Shoe Shop", host: "www.shoeshop.nl" });
  const floow = await trpc<{ id: string }>(page, "floow.create", {
    domainId,
    type: "data",
    name: "Survey",
  });
  const url = `/editor?floowId=${floow.id}`;

  const other = await context.newPage();
  await page.goto(url);
  await other.goto(url);

  // The other tab saves first.
  await other.getByRole("textbox", { name: "Floow name" }).fill("Survey (theirs)");
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(other, "Floow saved");

  // This tab, still on the old version, is told instead of overwriting.
  await page.getByRole("textbox", { name: "Floow name" }).fill("Survey (mine)");
  const conflict = page.getByRole("dialog", { name: "This floow was changed elsewhere" });
  await expect(conflict).toBeVisible();
  // The dialog hides the page from assistive technology; the typed name is still there.
  await expect(page.locator('input[aria-label="Floow name"]')).toHaveValue("Survey (mine)");
  await conflict.getByRole("button", { name: "Reload" }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Floow name" })).toHaveValue("Survey (theirs)");

  // Again, and this time this tab keeps its version explicitly.
  await other.reload();
  await other.getByRole("textbox", { name: "Floow name" }).fill("Survey (theirs, 2)");
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(other, "Floow saved");
  await page.getByRole("textbox", { name: "Floow name" }).fill("Survey (mine, final)");
  await expect(conflict).toBeVisible();
  await conflict.getByRole("button", { name: "Overwrite with my changes" }).click();
  await expect(conflict).toBeHidden();
  await expectToast(page, "Floow saved");
  await other.reload();
  await expect(other.getByRole("textbox", { name: "Floow name" })).toHaveValue(
    "Survey (mine, final)",
  );
});
