/**
 * The whole journey of issue 6 through the screens, from sign-up: domains (validation,
 * colours, fonts, image, implementation, delete), the Create Floow wizard (both steps with
 * a feed served here on 127.0.0.1, `I'll add a feed later`, Guided Data), the editor (three
 * steps with choices and a condition, a trigger, style, the finish page's results layout,
 * preview on mobile and desktop, publish), and the floows list (duplicate in the same and
 * to another domain, archive, restore, delete). Every toast is asserted on the toast itself
 * and every validation message met with the spec's exact text.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectToast } from "./support/toasts";

const BIKES = [
  { id: "BK-100", title: "Velo Roadster 100", price: "899.00 EUR" },
  { id: "BK-200", title: "Velo Gravel 200", price: "1299.00 EUR" },
  { id: "BK-300", title: "Velo City 300", price: "649.95 EUR" },
  { id: "BK-400", title: "Velo Cargo 400", price: "2499.00 EUR" },
];

let feedServer: Server;
let feedBase: string;

test.beforeAll(async () => {
  feedServer = createServer((req, res) => {
    if ((req.url ?? "/").split("?")[0] !== "/bikes.xml") return void res.writeHead(404).end();
    const items = BIKES.map(
      (bike) => `
    <item>
      <g:id>${bike.id}</g:id>
      <title>${bike.title}</title>
      <description>A bike.</description>
      <link>${feedBase}/bikes/${bike.id}</link>
      <g:price>${bike.price}</g:price>
    </item>`,
    ).join("");
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Bikes</title>${items}</channel></rss>`,
    );
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

const SCREENSHOTS = process.env.FLOOW_E2E_SCREENSHOTS;

/** Saves a screenshot when FLOOW_E2E_SCREENSHOTS names a folder (for looking at the screens). */
async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
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
  // Two toasts at once: the newest (in front) is closed first.
  if (withImage) await expectToast(page, "Image uploaded", { dismiss: false });
  await expectToast(page, "Domain created");
  if (withImage) await expectToast(page, "Image uploaded");
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

/**
 * From the editor to the floows list by the side navigation, pressed as a person presses (the
 * button down for 100 ms). In two CI runs (26 Nov) this click was lost and the URL stayed on
 * the editor: the collapsed column expands as the pointer enters it, and the domains' sub-list
 * then appeared and pushed Floows down, so the button came up over a domain entry. The list
 * keeps its place now (packages/ui NavSubList), and one click is enough.
 */
async function toFloowsFromEditor(page: Page) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Floows" })
    .click({ delay: 100 });
  await expect(page).toHaveURL(/\/floows$/);
}

/** Types into a Tiptap field, replacing what it holds. */
async function typeRichText(page: Page, name: string, text: string) {
  const box = page.getByRole("textbox", { name, exact: true });
  await box.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

async function editStep(page: Page, index: number, question: string, choices: string[]) {
  await page.getByRole("button", { name: new RegExp(`^Step ${index}:`) }).click();
  await page.getByRole("button", { name: `Edit step ${index}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit question" });
  await expect(dialog).toBeVisible();
  await typeRichText(page, "Question", question);
  await dialog.getByRole("tab", { name: /Choices/ }).click();
  for (const [i, choice] of choices.entries()) {
    await dialog.getByRole("button", { name: "Add choice" }).click();
    await typeRichText(page, `Choice ${i + 1}`, choice);
  }
  return dialog;
}

test("the whole journey: domains, the wizard, the editor, publish, duplicate, archive, restore, delete", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
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

  // Add Color: its three messages, then a colour (a typed # is stripped).
  await page.getByRole("button", { name: "Add Color" }).click();
  const colorDialog = page.getByRole("dialog", { name: "Add Color" });
  await colorDialog.getByLabel("Name").fill("");
  await colorDialog.getByLabel("Hex code").fill("");
  await colorDialog.getByRole("button", { name: "Add Color" }).click();
  await expect(colorDialog.getByText("Please enter a color name.", { exact: true })).toBeVisible();
  await expect(
    colorDialog.getByText("Please enter a color hex code.", { exact: true }),
  ).toBeVisible();
  await colorDialog.getByLabel("Name").fill("Moss");
  await colorDialog.getByLabel("Hex code").fill("5b77371");
  await colorDialog.getByRole("button", { name: "Add Color" }).click();
  await expect(
    colorDialog.getByText("Hex code can be a maximum of 6 characters.", { exact: true }),
  ).toBeVisible();
  await colorDialog.getByLabel("Hex code").fill("#5b7737");
  await expect(colorDialog.getByLabel("Hex code")).toHaveValue("5B7737");
  await colorDialog.getByRole("button", { name: "Add Color" }).click();
  await expectToast(page, "Color added");
  await expect(
    page.getByRole("list", { name: "Colors" }).getByText("Moss", { exact: true }),
  ).toBeVisible();

  // Add Font: its three messages and the help toggle, then a font.
  await page.getByRole("button", { name: "Add Font" }).click();
  const fontDialog = page.getByRole("dialog", { name: "Add Font" });
  await fontDialog.getByLabel("Name").fill("");
  await fontDialog.getByRole("button", { name: "Add Font" }).click();
  await expect(fontDialog.getByText("Please enter a font name.", { exact: true })).toBeVisible();
  await expect(fontDialog.getByText("Please enter a font URL.", { exact: true })).toBeVisible();
  await fontDialog.getByLabel("Name").fill("Inter");
  await fontDialog.getByLabel("Font URL").fill("fonts.googleapis.com/inter");
  await fontDialog.getByLabel("Font URL").blur();
  await expect(
    fontDialog.getByText("Please enter a valid font URL.", { exact: true }),
  ).toBeVisible();
  await fontDialog
    .getByLabel("Font URL")
    .fill("https://fonts.googleapis.com/css2?family=Inter:wght@400;600&display=swap");
  // (The message goes once the typing settles; the help button moves up with it.)
  await expect(
    fontDialog.getByText("Please enter a valid font URL.", { exact: true }),
  ).toBeHidden();
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

  // Deleting a font changes the list only (saved with Save), with the spec's toast.
  await page.getByRole("button", { name: "Delete Poppins" }).click();
  await expectToast(page, "Poppins deleted");
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
  const fonts = page.getByRole("list", { name: "Fonts" });
  await expect(fonts.getByText("Inter", { exact: true })).toBeVisible();
  await expect(fonts.getByText("Poppins", { exact: true })).toHaveCount(0);

  // Deleting a colour saves at once.
  await page.getByRole("button", { name: "Delete White" }).click();
  await expectToast(page, "White deleted");

  // The implementation tab gives the script tag of this domain, to copy.
  await page.getByRole("tab", { name: "Implementation" }).click();
  await expect(page).toHaveURL(/#implementation$/);
  await expect(page.locator("pre").first()).toContainText('/embed.js" data-domain="');
  await expect(page.getByText("npm install @floow/runtime")).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy script tag" }).click();
  await expectToast(page, "Copied to clipboard");
  // What the merchant pastes is the tag shown.
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(
    (await page.locator("pre").first().innerText()).trim(),
  );
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

  // A third domain, deleted again (confirmed); the selection goes with it.
  await nav.getByRole("link", { name: "Domains" }).click();
  await createDomain(
    page,
    page.getByRole("button", { name: "Create Domain" }),
    "Old shop",
    "old.nl",
  );
  await page.getByRole("button", { name: "Delete domain" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete Domain" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "Domain deleted");
  await expect(page).toHaveURL(/\/domains$/);
  await page.mouse.move(900, 600);
  await expect(page.getByRole("list", { name: "Domains" }).getByRole("listitem")).toHaveCount(2);
  await expect(nav).toHaveAttribute("data-expanded", "false");
  await shot(page, "05-domains-list");

  // No domain selected (as in a browser that never chose one; the domain pages select the
  // first domain by themselves): the wizard asks for one. Guided Selling, a feed later.
  await nav.getByRole("link", { name: "Floows" }).click();
  // On the floows page before the reload (a reload while the router is still on its way would
  // reload the domains page).
  await expect(page).toHaveURL(/\/floows$/);
  await page.evaluate(() => localStorage.removeItem("floow.selectedDomainId"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Create your first floow" })).toBeVisible();
  await page.getByRole("button", { name: "Create Floow" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Floow" });
  await wizard.getByLabel("Name").fill("Gear guide");
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Please select a domain.", { exact: true })).toBeVisible();
  await wizard.getByLabel("Domain", { exact: true }).selectOption({ label: "Outdoor store" });
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("button", { name: "I'll add a feed later", exact: true }).click();
  await expectToast(page, "Floow created");
  await expect(page).toHaveURL(/\/editor\?floowId=[0-9a-f-]{36}$/);

  // The side navigation selects the domain the next floows are created in.
  await nav.hover();
  await nav.getByRole("link", { name: "Bike shop" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bike shop");

  // Guided Selling through both steps of the wizard, with a feed added in it.
  await nav.getByRole("link", { name: "Floows" }).click();
  await page.getByRole("button", { name: "Create Floow" }).first().click();
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
  await feedForm.getByLabel("Feed URL").fill(`${feedBase}/bikes.xml`);
  await wizard.getByRole("button", { name: "Add Feed" }).click();
  await expectToast(page, "Feed created", { dismiss: false });
  await expect(wizard.getByRole("radio", { name: /Main catalogue/ })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  // The preview table of the feed's products.
  await expect(wizard.getByText("Velo Roadster 100")).toBeVisible();
  await shot(page, "07-create-floow-step-2");
  // Back keeps step 1 as it was.
  await wizard.getByRole("button", { name: "Back" }).click();
  await expect(wizard.getByLabel("Name")).toHaveValue("Bike finder");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("radio", { name: /Main catalogue/ }).click();
  await wizard.getByRole("button", { name: "Create Floow" }).click();
  await expectToast(page, "Floow created");
  await expect(page).toHaveURL(/\/editor\?floowId=[0-9a-f-]{36}$/);

  // The editor: initial phase floow with the General settings.
  await expect(page.getByRole("textbox", { name: "Floow name" })).toHaveValue("Bike finder");
  await expect(page.getByRole("button", { name: "Floow" })).toHaveAttribute("aria-current", "step");
  await expect(page.getByRole("radio", { name: "General" })).toHaveAttribute(
    "aria-checked",
    "true",
  );

  // Build: three steps with choices, and a condition.
  await page.getByRole("button", { name: "Build" }).click();
  for (let i = 0; i < 3; i++) {
    await page.getByRole("button", { name: "Add step", exact: true }).click();
    await expectToast(page, "Step added");
  }
  await expect(page.getByTestId("step-item")).toHaveCount(3);
  let dialog = await editStep(page, 1, "Where do you ride?", ["Road", "Trail"]);
  // When "Trail" is chosen, go to step 3.
  await dialog.getByRole("tab", { name: /Conditions/ }).click();
  await dialog.getByRole("button", { name: "Add condition" }).click();
  await dialog.getByLabel("Choice", { exact: true }).selectOption({ label: "Trail" });
  await dialog.getByLabel("Step", { exact: true }).selectOption({ index: 2 });
  await dialog.getByRole("button", { name: "Done" }).click();
  dialog = await editStep(page, 2, "How far do you ride?", ["10 km", "50 km"]);
  await dialog.getByRole("button", { name: "Done" }).click();
  dialog = await editStep(page, 3, "What is your budget?", ["Under €1000", "Over €1000"]);
  await dialog.getByRole("button", { name: "Done" }).click();
  // The flow view shows the steps and the labelled condition edge.
  await expect(page.getByTestId("flow-step")).toHaveCount(3);
  await expect(page.getByText("If “Trail”")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("editor-flow.png") });

  // Duplicate a step, then delete the copy (confirmed as deleting a question).
  await page.getByRole("button", { name: /^Step 3:/ }).click();
  await page.getByRole("button", { name: "Duplicate step 3" }).click();
  await expectToast(page, "Step duplicated");
  await expect(page.getByTestId("step-item")).toHaveCount(4);
  await page.getByRole("button", { name: "Delete step 4" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete question?" })
    .getByRole("button", { name: "Delete question" })
    .click();
  await expectToast(page, "Step deleted");
  await expect(page.getByTestId("step-item")).toHaveCount(3);
  // The previous step is selected after the delete.
  await expect(page.getByRole("button", { name: /^Step 3:/ })).toHaveAttribute(
    "aria-current",
    "step",
  );

  // Triggers: the dialog's messages on both steps; creating saves the floow; delete one.
  await page.getByRole("button", { name: /^Trigger/ }).click();
  for (const route of ["/bikes", "/outlet"]) {
    await page.getByRole("button", { name: "Create trigger" }).click();
    const trigger = page.getByRole("dialog", { name: "Create Trigger" });
    await expect(trigger.getByText("Step 1 of 2")).toBeVisible();
    if (route === "/bikes") {
      await trigger.getByRole("button", { name: "Next" }).click();
      await expect(
        trigger.getByText("Route cannot be empty. Please provide a valid URL.", { exact: true }),
      ).toBeVisible();
    }
    await trigger.getByLabel("Route", { exact: true }).fill(route);
    await trigger.getByRole("button", { name: "Next" }).click();
    await expect(trigger.getByText("Step 2 of 2")).toBeVisible();
    if (route === "/bikes") {
      await trigger.getByRole("button", { name: "Create" }).click();
      await expect(
        trigger.getByText("Value cannot be empty. Please provide a valid value.", { exact: true }),
      ).toBeVisible();
    }
    await trigger.getByLabel("Value").fill("bike-finder");
    await trigger.getByRole("button", { name: "Create" }).click();
    await expectToast(page, "Floow saved");
    await expect(trigger).toBeHidden();
  }
  const triggers = page.getByRole("list", { name: "Triggers" });
  await expect(triggers.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Delete trigger 2" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete trigger?" })
    .getByRole("button", { name: "Delete trigger" })
    .click();
  await expectToast(page, "Trigger deleted");
  await expect(triggers.getByRole("listitem")).toHaveCount(1);
  await expect(triggers).toContainText("On pages starting with /bikes");

  // Style, applied to the current step and to all steps.
  await page.getByRole("button", { name: /^Step 1:/ }).click();
  await page.getByRole("radio", { name: "Style" }).click();
  await page.getByRole("radio", { name: /Radius xl/ }).click();
  await page.getByRole("button", { name: "Apply to current step" }).click();
  await expectToast(page, "Style applied to current step");
  await page.getByRole("button", { name: "Apply to all steps" }).click();
  await expectToast(page, "Style applied to all steps");

  // Preview, on mobile then desktop: the runtime renders the floow.
  await page.getByRole("radio", { name: "Preview" }).click();
  const frame = page.getByTestId("device-frame");
  await expect(frame).toHaveAttribute("data-device", "mobile");
  await expect(frame.getByText("Where do you ride?")).toBeVisible();
  await expect(frame.getByText("Trail")).toBeVisible();
  await page.getByRole("radio", { name: "Desktop" }).click();
  await expect(frame).toHaveAttribute("data-device", "desktop");
  await expect(frame.getByText("Where do you ride?")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("editor-preview-desktop.png") });

  // The finish page: its results with no selections, laid out as set for the device.
  await page.getByRole("button", { name: /^Finish page/ }).click();
  await expect(frame.locator("article.card")).toHaveCount(3);
  await page.getByLabel("In view").selectOption("2");
  await page.getByLabel("Show more").fill("More bikes");
  await expect(frame.locator("article.card")).toHaveCount(2);
  await expect(frame.getByRole("button", { name: "More bikes" })).toBeVisible();
  await page.getByRole("radio", { name: "Mobile" }).click();
  await expect(frame.locator("article.card")).toHaveCount(1);

  // Launch: publish, the embed snippet, copy.
  await page.getByRole("button", { name: "Launch" }).first().click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  // The publish dialog (issue 26): the draft saved and checked, then one click.
  const publishDialog = page.getByRole("dialog", { name: "Publish version 1" });
  await publishDialog.getByRole("button", { name: /^Publish/ }).click();
  await expectToast(page, "Floow published");
  await expect(page.getByTestId("release-state").first()).toHaveText("Live · v1");
  await expect(page.getByTestId("embed-snippet")).toContainText('/embed.js" data-domain="');
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expectToast(page, "Copied to clipboard");
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(
    (await page.getByTestId("embed-snippet").innerText()).trim(),
  );
  // Published means shoppers get it: its hosted page shows the floow.
  const hosted = await page.context().newPage();
  await hosted.goto(`/floow/${new URL(page.url()).searchParams.get("floowId")}`);
  await expect(hosted.getByRole("region", { name: "Bike finder" })).toBeVisible();
  await hosted.close();

  // Everything was saved: a reload shows the same floow.
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  await page.reload();
  await page.getByRole("button", { name: "Build" }).click();
  await expect(page.getByTestId("step-item")).toHaveCount(3);
  await expect(page.getByTestId("step-item").first()).toContainText("Where do you ride?");

  // Guided Data is created at once.
  await toFloowsFromEditor(page);
  await page.getByRole("button", { name: "Create Floow" }).first().click();
  await wizard.getByText("Guided Data", { exact: true }).click();
  await wizard.getByLabel("Name").fill("Newsletter survey");
  // A slow editor load (the floow's own query held until the list is back): the wizard closes
  // once the floow is created, so a click on the side navigation while the editor still loads
  // is followed. (The wizard used to stay open, modal, until the editor had loaded, and a click
  // in that time was lost: twice in CI.)
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const editorQuery = (url: URL) => url.pathname.includes("floow.byId");
  await page.route(editorQuery, async (route) => {
    await held;
    // The browser may have cancelled it meanwhile (the editor was left).
    await route.continue().catch(() => undefined);
  });
  await wizard.getByRole("button", { name: "Create Floow" }).click();
  await expectToast(page, "Floow created");
  await expect(page).toHaveURL(/\/editor\?floowId=[0-9a-f-]{36}$/);
  await expect(wizard).toBeHidden();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Floows" })
    .click();
  await expect(page).toHaveURL(/\/floows$/);
  release();
  await page.unroute(editorQuery);

  // The list: type, status, language, domain.
  await expect(page.getByRole("heading", { name: "Floows", level: 1 })).toBeVisible();
  const bikeFinder = floowRow(page, "Bike finder");
  await expect(bikeFinder).toContainText("Guided Selling");
  await expect(bikeFinder).toContainText("Live");
  await expect(bikeFinder).toContainText("Nederlands");
  await expect(bikeFinder).toContainText("Bike shop");
  await expect(floowRow(page, "Newsletter survey")).toContainText("Guided Data");
  await expect(floowRow(page, "Gear guide")).toContainText("Outdoor store");
  await shot(page, "08-floows-list");

  // Duplicate to another domain.
  await floowAction(page, "Bike finder", "Duplicate to another domain");
  const duplicateTo = page.getByRole("alertdialog", { name: "Duplicate Floow to another domain" });
  await duplicateTo.getByLabel("Domain").selectOption({ label: "Outdoor store" });
  await shot(page, "09-duplicate-to-domain");
  await duplicateTo.getByRole("button", { name: "Duplicate" }).click();
  await expectToast(page, "Floow duplicated");
  const copy = floowRow(page, "Bike finder (copy)");
  await expect(copy).toHaveCount(1);
  await expect(copy).toContainText("Outdoor store");
  await expect(copy).toContainText("Development");

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
  await floowAction(page, "Bike finder (copy)", "Delete");
  await shot(page, "10-delete-floow");
  await page
    .getByRole("alertdialog", { name: "Delete Floow" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "Floow deleted");
  await expect(page).toHaveURL(/\/floows$/);
  await expect(floowRow(page, "Bike finder (copy)")).toHaveCount(0);
  await expect(page.getByTestId("floow-row")).toHaveCount(3);

  // Duplicate in the same domain.
  await floowAction(page, "Bike finder", "Duplicate");
  await page
    .getByRole("alertdialog", { name: "Duplicate Floow" })
    .getByRole("button", { name: "Duplicate" })
    .click();
  await expectToast(page, "Floow duplicated");
  await expect(copy).toHaveCount(1);
  await expect(copy).toContainText("Bike shop");

  // The domain's own floows tab lists its floows only.
  await nav.hover();
  await nav.getByRole("link", { name: "Bike shop" }).click();
  await page.getByRole("tab", { name: "Floows" }).click();
  await expect(page).toHaveURL(/#floows$/);
  await expect(page.getByTestId("floow-row")).toHaveCount(3);
  await shot(page, "11-domain-floows");
});
