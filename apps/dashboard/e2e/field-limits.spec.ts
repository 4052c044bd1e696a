/**
 * Over-limit texts (issue 25): the server refuses a value over its TEXT_LIMITS length with a
 * 400 naming the field, and the dashboard shows the spec-style message at that field; the
 * editor's rich-text fields say it while typing and keep what was typed. The inputs carry
 * `maxLength`, so the over-limit values are put into the requests on their way out, as a
 * client that skips the form would send them.
 */
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { signUpWithOrganization, trpc } from "./support/account";

const SHOTS = process.env.FIELD_LIMIT_SHOTS;

/** Rewrites `field` in the JSON body of the next `procedure` call (batched or not). */
async function inflate(page: Page, procedure: string, field: string, value: string) {
  await page.route(`**/trpc/${procedure}**`, async (route) => {
    const body = JSON.parse(route.request().postData() ?? "{}") as Record<string, unknown>;
    const input = ("0" in body ? body["0"] : body) as Record<string, unknown>;
    const target = (input.json ?? input) as Record<string, unknown>;
    target[field] = value;
    await route.continue({ postData: JSON.stringify(body) });
  });
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("forms show the server's over-limit error at the field; rich text says it while typing", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpWithOrganization(page, { name: "Lena Limit", organization: "Limit Shop" });

  // Personal: a name over 100 characters.
  await page.goto("/settings#personal");
  await inflate(page, "user.update", "name", "N".repeat(101));
  await page.getByRole("button", { name: "Save" }).first().click();
  const nameError = page.getByText("Name can be a maximum of 100 characters.");
  await expect(nameError).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "personal");

  // Organization: a display name over 200 characters.
  await page.goto("/settings#organization");
  await inflate(page, "organization.update", "display_name", "D".repeat(201));
  await page.getByRole("textbox", { name: "Display name" }).fill("Limit Shop Amsterdam");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("textbox", { name: "Display name" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByText(/can be a maximum of 200 characters\./)).toBeVisible();
  await shoot(page, "organization");

  // Support: a description over 5,000 characters.
  await page.getByRole("button", { name: "Support" }).click();
  const dialog = page.getByRole("dialog", { name: "Support" });
  await dialog.getByLabel("Subject").fill("The export");
  await dialog.getByLabel("Description").fill("It stops halfway.");
  await inflate(page, "support.create", "comment", "C".repeat(5_001));
  await dialog.getByRole("button", { name: "Send ticket" }).click();
  await expect(dialog.getByText(/can be a maximum of 5,000 characters\./)).toBeVisible();
  await expect(dialog.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "support");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The editor: a question over 5,000 characters of stored HTML.
  const domainId = crypto.randomUUID();
  await trpc(page, "domain.create", { id: domainId, name: "Limit Shop", host: "www.limit.nl" });
  const floow = await trpc<Record<string, unknown> & { id: string }>(page, "floow.create", {
    domainId,
    type: "data",
    name: "Long questions",
  });
  const { organizationId: _o, userId: _u, createdAt: _c, updatedAt: _up, ...rest } = floow;
  const stepId = crypto.randomUUID();
  await trpc(page, "floow.update", {
    ...rest,
    steps: [
      {
        id: stepId,
        floowId: floow.id,
        type: "single",
        text: "<p>Hi</p>",
        choices: [],
        conditions: [],
      },
    ],
  });
  await page.goto(`/editor?floowId=${floow.id}`);
  await page.getByLabel("Editor phases").getByRole("button", { name: /Build/ }).click();
  await page.getByRole("button", { name: /^Step 1:/ }).click();
  await page.getByRole("button", { name: "Edit step 1" }).click();
  const modal = page.getByRole("dialog", { name: "Edit question" });
  const box = modal.getByRole("textbox", { name: "Question", exact: true });
  await box.click();
  await page.keyboard.press("ControlOrMeta+a");
  const typed = "Which of these fits you best? ".repeat(170); // 5,100 characters
  await page.keyboard.insertText(typed);
  await expect(modal.getByText("A text can be a maximum of 5,000 characters.")).toBeVisible();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  // Everything typed is still there.
  expect((await box.textContent())?.length).toBeGreaterThanOrEqual(typed.length - 1);
  // The autosave the server refused is not retried: the toolbar says why it did not save,
  // and the saved question is still the one before.
  await expect(page.getByTestId("save-status")).toHaveText("Not saved · fix the marked field");
  const savedText = await page.evaluate(async (id) => {
    const input = encodeURIComponent(JSON.stringify({ id }));
    const response = await fetch(`/trpc/floow.byId?input=${input}`, { credentials: "include" });
    const body = (await response.json()) as { result: { data: { steps: { text: string }[] } } };
    return body.result.data.steps[0]?.text;
  }, floow.id);
  expect(savedText).toBe("<p>Hi</p>");
  await shoot(page, "rich-text");
});
