import { expect, test, type Page } from "@playwright/test";

/** A tRPC mutation from inside the page (same origin, session cookie, JSON). */
async function mutate<T>(page: Page, path: string, input: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, input }) => {
      const response = await fetch(`/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "include",
        body: JSON.stringify(input),
      });
      const body = await response.json();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return body.result.data;
    },
    { path, input },
  ) as Promise<T>;
}

async function signUpWithOrganization(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill("Eddie Editor");
  await page
    .getByLabel("Email")
    .fill(`eddie.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill("Shoe Shop");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
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

test("build a floow in the editor: steps, choices, a condition, a trigger, preview and publish", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpWithOrganization(page);

  // A domain and a floow through the API, for speed (their screens have their own tests).
  const domainId = crypto.randomUUID();
  await mutate(page, "domain.create", { id: domainId, name: "Shoe Shop", host: "www.shoeshop.nl" });
  const floow = await mutate<{ id: string }>(page, "floow.create", {
    domainId,
    type: "selling",
    name: "Shoe finder",
  });

  await page.goto(`/editor?floowId=${floow.id}`);
  await expect(page.getByRole("textbox", { name: "Floow name" })).toHaveValue("Shoe finder");
  // Initial phase floow with the General settings.
  await expect(page.getByRole("button", { name: "Floow" })).toHaveAttribute("aria-current", "step");
  await expect(page.getByRole("radio", { name: "General" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.screenshot({ path: testInfo.outputPath("1-floow-phase.png") });

  // Build: three steps.
  await page.getByRole("button", { name: "Build" }).click();
  for (let i = 0; i < 3; i++) {
    await page.getByRole("button", { name: "Add step", exact: true }).click();
    await expect(page.getByText("Step added", { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByTestId("step-item")).toHaveCount(3);

  let dialog = await editStep(page, 1, "Where do you run?", ["Road", "Trail"]);
  // A condition: when "Trail" is chosen, go to step 3.
  await dialog.getByRole("tab", { name: /Conditions/ }).click();
  await dialog.getByRole("button", { name: "Add condition" }).click();
  await dialog.getByLabel("Choice", { exact: true }).selectOption({ label: "Trail" });
  await dialog.getByLabel("Step", { exact: true }).selectOption({ index: 2 });
  await dialog.getByRole("button", { name: "Done" }).click();

  dialog = await editStep(page, 2, "How far do you run?", ["5 km", "10 km", "Marathon"]);
  await page.screenshot({ path: testInfo.outputPath("2-step-modal.png") });
  await dialog.getByRole("button", { name: "Done" }).click();
  dialog = await editStep(page, 3, "What is your budget?", ["Under €100", "Over €100"]);
  await dialog.getByRole("button", { name: "Done" }).click();

  // The flow view shows the steps and the labelled condition edge.
  await expect(page.getByTestId("flow-step")).toHaveCount(3);
  await expect(page.getByText("If “Trail”")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("3-flow.png") });

  // Duplicate a step, then delete the copy (confirmed as deleting a question).
  await page.getByRole("button", { name: /^Step 3:/ }).click();
  await page.getByRole("button", { name: "Duplicate step 3" }).click();
  await expect(page.getByText("Step duplicated", { exact: true })).toBeVisible();
  await expect(page.getByTestId("step-item")).toHaveCount(4);
  await page.getByRole("button", { name: "Delete step 4" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete question?" });
  await confirm.getByRole("button", { name: "Delete question" }).click();
  await expect(page.getByText("Step deleted", { exact: true })).toBeVisible();
  await expect(page.getByTestId("step-item")).toHaveCount(3);
  // The previous step is selected after the delete.
  await expect(page.getByRole("button", { name: /^Step 3:/ })).toHaveAttribute(
    "aria-current",
    "step",
  );

  // A trigger, with the spec's validation messages on both steps.
  await page.getByRole("button", { name: /^Trigger/ }).click();
  await page.getByRole("button", { name: "Create trigger" }).click();
  const trigger = page.getByRole("dialog", { name: "Create Trigger" });
  await expect(trigger.getByText("Step 1 of 2")).toBeVisible();
  await trigger.getByRole("button", { name: "Next" }).click();
  await expect(
    trigger.getByText("Route cannot be empty. Please provide a valid URL."),
  ).toBeVisible();
  await trigger.getByLabel("Route", { exact: true }).fill("/running");
  await trigger.getByRole("button", { name: "Next" }).click();
  await expect(trigger.getByText("Step 2 of 2")).toBeVisible();
  await trigger.getByRole("button", { name: "Create" }).click();
  await expect(
    trigger.getByText("Value cannot be empty. Please provide a valid value."),
  ).toBeVisible();
  await trigger.getByLabel("Value").fill("shoe-finder");
  await trigger.getByRole("button", { name: "Create" }).click();
  await expect(trigger).toBeHidden();
  await expect(page.getByRole("list", { name: "Triggers" })).toContainText(
    "On pages starting with /running",
  );
  await page.screenshot({ path: testInfo.outputPath("4-trigger.png") });

  // Preview: the runtime renders the floow; the first question is on screen.
  await page.getByTestId("step-item").first().getByRole("button").first().click();
  // Style: applied to the current step and to all steps, with the spec's toasts.
  await page.getByRole("radio", { name: "Style" }).click();
  await page.getByRole("radio", { name: /Radius xl/ }).click();
  await page.getByRole("button", { name: "Apply to current step" }).click();
  await expect(page.getByText("Style applied to current step", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Apply to all steps" }).click();
  await expect(page.getByText("Style applied to all steps", { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("5-style.png") });

  await page.getByRole("radio", { name: "Preview" }).click();
  const frame = page.getByTestId("device-frame");
  await expect(frame.getByText("Where do you run?")).toBeVisible();
  await expect(frame.getByText("Trail")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("6-preview.png") });

  // Launch: publish.
  await page.getByRole("button", { name: "Launch" }).first().click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Floow published", { exact: true })).toBeVisible();
  await expect(page.getByTestId("floow-status")).toHaveText("Live");
  await expect(page.getByTestId("embed-snippet")).toContainText(`data-domain="${domainId}"`);
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByText("Copied to clipboard", { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("7-launch.png") });

  // Everything was saved: a reload shows the same floow.
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  await page.reload();
  await page.getByRole("button", { name: "Build" }).click();
  await expect(page.getByTestId("step-item")).toHaveCount(3);
  await expect(page.getByTestId("step-item").first()).toContainText("Where do you run?");
});

test("two tabs on one floow: a stale save gets a conflict (Reload or Overwrite), never a silent overwrite", async ({
  page,
  context,
}) => {
  await signUpWithOrganization(page);
  const domainId = crypto.randomUUID();
  await mutate(page, "domain.create", { id: domainId, name: "Shoe Shop", host: "www.shoeshop.nl" });
  const floow = await mutate<{ id: string }>(page, "floow.create", {
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
  await expect(other.getByText("Floow saved", { exact: true })).toBeVisible();

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
  await expect(other.getByText("Floow saved", { exact: true }).first()).toBeVisible();
  await page.getByRole("textbox", { name: "Floow name" }).fill("Survey (mine, final)");
  await expect(conflict).toBeVisible();
  await conflict.getByRole("button", { name: "Overwrite with my changes" }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByText("Floow saved", { exact: true })).toBeVisible();
  await other.reload();
  await expect(other.getByRole("textbox", { name: "Floow name" })).toHaveValue(
    "Survey (mine, final)",
  );
});
