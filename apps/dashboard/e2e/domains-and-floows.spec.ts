import { expect, test, type Locator, type Page } from "@playwright/test";

const SCREENSHOTS = process.env.FLOOW_E2E_SCREENSHOTS;

/** Saves a screenshot when FLOOW_E2E_SCREENSHOTS names a folder (for looking at the screens). */
async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/**
 * Waits for a toast with exactly this text, then closes it so the next one is fresh (unless
 * a modal dialog is open over it).
 */
async function expectToast(page: Page, text: string, { dismiss = true } = {}) {
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ has: page.getByText(text, { exact: true }) });
  await expect(toast).toBeVisible();
  if (!dismiss) return;
  await toast.hover();
  await toast.locator("[data-close-button]").click();
  await expect(toast).toHaveCount(0);
}

async function signUp(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill("Dana de Vries");
  await page
    .getByLabel("Email")
    .fill(`dana.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill("Velo");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
}

/** A 1×1 PNG, for the image upload through `POST /api/blob`. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function createDomain(
  page: Page,
  opener: Locator,
  name: string,
  host: string,
  withImage = false,
) {
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Create Domain" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Host").fill(host);
  if (withImage) {
    await dialog
      .getByLabel("Image (optional)")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await expect(dialog.getByRole("button", { name: "Change image" })).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Create Domain" }).click();
  await expectToast(page, "Domain created");
  await expect(page).toHaveURL(/\/domains\/domain#general$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

/** Opens a floow row's menu and chooses an action. */
async function floowAction(page: Page, floow: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${floow}`, exact: true }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

function floowRow(page: Page, name: string) {
  return page
    .getByTestId("floow-row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

test("domains and floows: create, style, build, publish, duplicate, archive, restore, delete", async ({
  page,
}) => {
  await signUp(page);
  const nav = page.getByRole("navigation", { name: "Main" });

  // Floows without a domain: the page prompts domain creation first.
  await nav.getByRole("link", { name: "Floows" }).click();
  await expect(page.getByRole("heading", { name: "Create a domain first" })).toBeVisible();

  // Create Domain, with the spec's validation messages.
  await nav.getByRole("link", { name: "Domains" }).click();
  await expect(page.getByRole("heading", { name: "Create your first domain" })).toBeVisible();
  await shot(page, "01-domains-empty");
  await page.getByRole("button", { name: "Create Domain" }).click();
  const createDomainDialog = page.getByRole("dialog", { name: "Create Domain" });
  await createDomainDialog.getByRole("button", { name: "Create Domain" }).click();
  await expect(
    createDomainDialog.getByText("Please enter a domain name.", { exact: true }),
  ).toBeVisible();
  await expect(
    createDomainDialog.getByText("Please enter a domain host.", { exact: true }),
  ).toBeVisible();
  await createDomainDialog.getByLabel("Name").fill("Bike shop");
  await createDomainDialog.getByLabel("Host").fill("bikes");
  await createDomainDialog.getByLabel("Host").blur();
  await expect(
    createDomainDialog.getByText(
      "Please enter a valid domain host in the format https://www.example.com, www.example.com or example.com",
      { exact: true },
    ),
  ).toBeVisible();
  await shot(page, "02-create-domain-invalid");
  await createDomainDialog.getByLabel("Host").fill("bikes.nl");
  await createDomainDialog.getByRole("button", { name: "Create Domain" }).click();
  await expectToast(page, "Domain created");
  await expect(page).toHaveURL(/\/domains\/domain#general$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bike shop");
  // "www." was prepended to the bare host; the new domain is in the side navigation.
  await expect(page.getByRole("link", { name: "www.bikes.nl" })).toBeVisible();
  // (The side navigation is collapsed away from home; hovering expands it.)
  await nav.hover();
  await expect(nav.getByRole("link", { name: "Bike shop" })).toBeVisible();
  await page.mouse.move(900, 10);

  // A colour and a font, then Save.
  await page.getByRole("button", { name: "Add Color" }).click();
  const colorDialog = page.getByRole("dialog", { name: "Add Color" });
  await colorDialog.getByLabel("Name").fill("Moss");
  await colorDialog.getByLabel("Hex code").fill("#5b7737");
  await expect(colorDialog.getByLabel("Hex code")).toHaveValue("5B7737");
  await colorDialog.getByRole("button", { name: "Add Color" }).click();
  await expectToast(page, "Color added");
  await expect(
    page.getByRole("list", { name: "Colors" }).getByText("Moss", { exact: true }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Add Font" }).click();
  const fontDialog = page.getByRole("dialog", { name: "Add Font" });
  await fontDialog.getByLabel("Name").fill("Inter");
  await fontDialog
    .getByLabel("Font URL")
    .fill("https://fonts.googleapis.com/css2?family=Inter:wght@400;600&display=swap");
  await fontDialog.getByRole("button", { name: "Where do I find a font URL?" }).click();
  await expect(fontDialog.getByRole("link", { name: /Google Fonts/ })).toHaveAttribute(
    "href",
    "https://fonts.google.com",
  );
  await fontDialog.getByRole("button", { name: "Add Font" }).click();
  await expectToast(page, "Font added");
  await expect
    .poll(() => page.getByTestId("domain-font-imports").evaluate((style) => style.textContent))
    .toContain('@import url("https://fonts.googleapis.com/css2?family=Inter');

  await page.getByRole("button", { name: "Favorite Moss" }).click();
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  await shot(page, "03-domain-general");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Domain saved");
  await expect(page.getByText("All changes saved.")).toBeVisible();

  // Saved for real: a reload shows them again.
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Colors" }).getByText("Moss", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Favorite Moss" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(
    page.getByRole("list", { name: "Fonts" }).getByText("Inter", { exact: true }),
  ).toBeVisible();

  // Deleting a colour saves at once.
  await page.getByRole("button", { name: "Delete White" }).click();
  await expectToast(page, "White deleted");

  // The implementation tab gives the script tag of this domain.
  await page.getByRole("tab", { name: "Implementation" }).click();
  await expect(page).toHaveURL(/#implementation$/);
  await expect(page.locator("pre").first()).toContainText('/embed.js" data-domain="');
  await expect(page.getByText("npm install @floow/runtime")).toBeVisible();
  await shot(page, "04-domain-implementation");

  // A second domain, to duplicate a floow into, with an image: it is uploaded through the
  // blob call before the domain is saved.
  await nav.getByRole("link", { name: "Domains" }).click();
  await createDomain(
    page,
    page.getByRole("button", { name: "Create Domain" }),
    "Outdoor store",
    "outdoor.com",
    true,
  );
  await expect(page.locator("h1 img")).toHaveAttribute("src", /^\/blobs\//);
  await nav.getByRole("link", { name: "Domains" }).click();
  await page.mouse.move(900, 600);
  await expect(page.getByRole("list", { name: "Domains" }).getByRole("listitem")).toHaveCount(2);
  await expect(nav).toHaveAttribute("data-expanded", "false");
  await shot(page, "05-domains-list");

  // The side navigation selects the domain the floows are created in.
  await nav.hover();
  await nav.getByRole("link", { name: "Bike shop" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bike shop");

  // Floows: a domain but no floows prompts floow creation.
  await nav.getByRole("link", { name: "Floows" }).click();
  await expect(page.getByRole("heading", { name: "Create your first floow" })).toBeVisible();
  await page.getByRole("button", { name: "Create Floow" }).click();

  // Guided Selling through both steps of the wizard.
  const wizard = page.getByRole("dialog", { name: "Create Floow" });
  await expect(wizard.getByText("A new floow for Bike shop.")).toBeVisible();
  await expect(wizard.getByLabel("Domain", { exact: true })).toHaveCount(0);
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Please enter a floow name.", { exact: true })).toBeVisible();
  await wizard.getByLabel("Name").fill("Bike finder");
  await wizard.getByLabel("Language (optional)").selectOption("nl");
  await shot(page, "06-create-floow-step-1");
  await wizard.getByRole("button", { name: "Next" }).click();
  for (const name of ["Back", "I'll add a feed later", "Add Feed", "Create Floow"]) {
    await expect(wizard.getByRole("button", { name, exact: true })).toBeVisible();
  }
  // No feeds yet: a feed is required, or added here, or later.
  await expect(
    wizard.getByText("No product feeds yet. Add a feed, or add one later."),
  ).toBeVisible();
  await wizard.getByRole("button", { name: "Create Floow" }).click();
  await expect(wizard.getByText("Please select a feed.", { exact: true })).toBeVisible();
  await wizard.getByRole("button", { name: "Add Feed" }).click();
  const feedForm = wizard.getByRole("form", { name: "Add Feed" });
  await wizard.getByRole("button", { name: "Add Feed" }).click();
  await expect(feedForm.getByText("Please enter a feed name.", { exact: true })).toBeVisible();
  await expect(feedForm.getByText("Please enter a feed URL.", { exact: true })).toBeVisible();
  await feedForm.getByLabel("Feed name").fill("Main catalogue");
  await feedForm.getByLabel("Feed URL").fill("not a url");
  await feedForm.getByLabel("Feed URL").blur();
  await expect(feedForm.getByText("Please enter a valid feed URL.", { exact: true })).toBeVisible();
  // A host that never resolves: the feed is saved, its preview says it cannot be read.
  await feedForm.getByLabel("Feed URL").fill("https://feeds.example.invalid/products.xml");
  await wizard.getByRole("button", { name: "Add Feed" }).click();
  await expectToast(page, "Feed created", { dismiss: false });
  await expect(wizard.getByRole("radio", { name: /Main catalogue/ })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(
    wizard.getByText("The products of this feed cannot be previewed right now."),
  ).toBeVisible();
  await shot(page, "07-create-floow-step-2");
  // Back keeps step 1 as it was.
  await wizard.getByRole("button", { name: "Back" }).click();
  await expect(wizard.getByLabel("Name")).toHaveValue("Bike finder");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("radio", { name: /Main catalogue/ }).click();
  await wizard.getByRole("button", { name: "Create Floow" }).click();
  await expectToast(page, "Floow created");
  await expect(page).toHaveURL(/\/editor\?floowId=[0-9a-f-]{36}$/);

  // Guided Data is created at once.
  await nav.getByRole("link", { name: "Floows" }).click();
  await page.getByRole("button", { name: "Create Floow" }).click();
  await wizard.getByText("Guided Data", { exact: true }).click();
  await wizard.getByLabel("Name").fill("Newsletter survey");
  await wizard.getByRole("button", { name: "Create Floow" }).click();
  await expectToast(page, "Floow created");
  await expect(page).toHaveURL(/\/editor\?floowId=[0-9a-f-]{36}$/);

  // The list: type, status, language, domain.
  await nav.getByRole("link", { name: "Floows" }).click();
  const bikeFinder = floowRow(page, "Bike finder");
  await expect(bikeFinder).toContainText("Guided Selling");
  await expect(bikeFinder).toContainText("Development");
  await expect(bikeFinder).toContainText("Nederlands");
  await expect(bikeFinder).toContainText("Bike shop");
  await expect(floowRow(page, "Newsletter survey")).toContainText("Guided Data");

  // Publish.
  await floowAction(page, "Bike finder", "Publish");
  await page
    .getByRole("alertdialog", { name: "Publish Floow" })
    .getByRole("button", { name: "Publish" })
    .click();
  await expectToast(page, "Floow published");
  await expect(bikeFinder).toContainText("Live");
  await shot(page, "08-floows-list");

  // Duplicate to another domain.
  await floowAction(page, "Bike finder", "Duplicate to another domain");
  const duplicateTo = page.getByRole("alertdialog", { name: "Duplicate Floow to another domain" });
  await duplicateTo.getByLabel("Domain").selectOption({ label: "Outdoor store" });
  await shot(page, "09-duplicate-to-domain");
  await duplicateTo.getByRole("button", { name: "Duplicate" }).click();
  await expectToast(page, "Floow duplicated");
  const copy = page.getByTestId("floow-row").filter({ hasText: "Outdoor store" });
  await expect(copy).toHaveCount(1);
  await expect(copy).toContainText("Development");
  const copyName = (await copy.getByRole("link").textContent())?.trim() ?? "";

  // Archive, then restore: each reloads the page.
  await floowAction(page, "Newsletter survey", "Archive");
  await page
    .getByRole("alertdialog", { name: "Archive Floow" })
    .getByRole("button", { name: "Archive" })
    .click();
  await expectToast(page, "Floow archived");
  await expect(floowRow(page, "Newsletter survey")).toContainText("Archived");
  await floowAction(page, "Newsletter survey", "Restore");
  await page
    .getByRole("alertdialog", { name: "Restore Floow" })
    .getByRole("button", { name: "Restore" })
    .click();
  await expectToast(page, "Floow unarchived");
  await expect(floowRow(page, "Newsletter survey")).toContainText("Development");

  // Delete, for good.
  await floowAction(page, copyName, "Delete");
  await shot(page, "10-delete-floow");
  await page
    .getByRole("alertdialog", { name: "Delete Floow" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "Floow deleted");
  await expect(page).toHaveURL(/\/floows$/);
  await expect(floowRow(page, copyName)).toHaveCount(0);
  await expect(page.getByTestId("floow-row")).toHaveCount(2);

  // The domain's own floows tab lists its floows only.
  await nav.hover();
  await nav.getByRole("link", { name: "Bike shop" }).click();
  await page.getByRole("tab", { name: "Floows" }).click();
  await expect(page).toHaveURL(/#floows$/);
  await expect(page.getByTestId("floow-row")).toHaveCount(2);
  await shot(page, "11-domain-floows");
});
