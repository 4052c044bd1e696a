import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { trpc } from "./support/account";
import { merchantPage, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";
import { expectToast } from "./support/toasts";

/**
 * Publish means published (issue 26): a floow on a merchant's page (the one-line script
 * tag), edited in the editor, stays as published until the merchant publishes again; the
 * publish dialog lists the change and a clean check; shoppers then get version 2 (and their
 * events say so); a rollback brings version 1 back.
 *
 * "Past the public cache": the public answers carry `Cache-Control: max-age=60`. Each
 * shopper visit is a fresh browser context (an empty HTTP cache), which is what a shopper's
 * browser asks once max-age has passed; the server's own caches are the ones under test
 * (a draft edit must not reach them, a publish and a rollback must). The API's answer is
 * also read directly, without any browser cache.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;

const RIDE = {
  name: "Ride finder",
  startText: "Ready to ride?",
  startButton: "Let's go",
  v1Question: "What do you ride most?",
  v2Question: "Where do you ride?",
  choices: ["Roads", "Trails"],
  finishText: "Bikes for you",
} as const;

let live: LiveFloows;

test.beforeAll(async () => {
  live = await setUpLiveFloows(API);
  live.shop.set(
    "/ride",
    merchantPage({
      title: "Ride",
      body: `<main><h1>Find your ride</h1><div id="ride"></div></main>`,
      apiUrl: API,
      domainId: live.domainId,
    }),
  );
});

test.afterAll(async () => {
  await live?.shop.close();
});

interface Message {
  event: string;
  type: string;
  floowId: string;
  floowVersion?: number;
}

/** A shopper's visit to the merchant's page, in a browser of their own (nothing cached). */
async function shopperSees(browser: Browser, floowId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${live.shop.url}/ride`);
  const floow = page.getByRole("region", { name: RIDE.name });
  await expect(floow.getByText(RIDE.startText)).toBeVisible();
  await floow.getByRole("button", { name: RIDE.startButton }).click();
  await expect(floow.getByRole("radio", { name: RIDE.choices[0] })).toBeVisible();
  const text = (await floow.textContent()) ?? "";
  const layer = (
    (await page.evaluate(
      () => (window as unknown as { dataLayer: unknown[] }).dataLayer,
    )) as Message[]
  ).filter((entry) => entry.event === "floows" && entry.floowId === floowId);
  await context.close();
  return { text, versions: [...new Set(layer.map((entry) => entry.floowVersion))] };
}

/** The public answer for the floow, as the runtime fetches it (no browser cache involved). */
async function publicFloow(page: Page, floowId: string) {
  const answer = await page.request.get(`${API}/api/public/floows/${floowId}`);
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as {
    floow: { floowVersion: number; steps: { text: string }[] };
  };
  return body.floow;
}

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

/** A one-question selling floow embedded at `#ride` on `/ride`; every path shows all 6 bikes. */
async function createRideFloow(
  page: Page,
  { name = RIDE.name as string, choices = RIDE.choices as readonly string[], route = "/ride" } = {},
): Promise<string> {
  const floow = await trpc<Record<string, unknown> & { id: string; version: number }>(
    page,
    "floow.create",
    { domainId: live.domainId, feedId: live.feedId, type: "selling", name },
  );
  const stepId = randomUUID();
  const { organizationId: _o, userId: _u, createdAt: _c, updatedAt: _up, ...rest } = floow;
  await trpc(page, "floow.update", {
    ...rest,
    container: { type: "embedded" },
    showBackButton: false,
    start: { type: "basic", text: `<p>${RIDE.startText}</p>`, button: { text: RIDE.startButton } },
    steps: [
      {
        id: stepId,
        floowId: floow.id,
        type: "single",
        text: `<p>${RIDE.v1Question}</p>`,
        event: {
          dataLayer: { key: "ride", type: "single" },
          activation: { key: "ride", type: "single" },
        },
        choices: choices.map((text) => ({
          id: randomUUID(),
          stepId,
          text: `<p>${text}</p>`,
          event: {
            dataLayer: { key: text.toLowerCase(), customEvent: "" },
            activation: { key: text, type: "single" },
          },
        })),
        conditions: [],
      },
    ],
    finish: {
      type: "results",
      text: `<p>${RIDE.finishText}</p>`,
      results: { button: { text: "View bike" } },
    },
    triggers: [
      { route, routeType: "startsWith", attribute: "id", value: "ride", target: "inside" },
    ],
    version: floow.version,
  });
  return floow.id;
}

/** Types into the step modal's Question field (Tiptap), replacing what it holds. */
async function editQuestion(page: Page, text: string) {
  await page.getByLabel("Editor phases").getByRole("button", { name: /Build/ }).click();
  await page.getByRole("button", { name: /^Step 1:/ }).click();
  await page.getByRole("button", { name: "Edit step 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit question" });
  const box = dialog.getByRole("textbox", { name: "Question", exact: true });
  await box.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
}

async function openPublishDialog(page: Page, number: number) {
  await page
    .getByLabel("Editor phases")
    .getByRole("button", { name: /Launch/ })
    .click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Publish version ${number}` });
  await expect(dialog).toBeVisible();
  // Saved, compared, checked (the server's rules and axe on the rendered draft).
  await expect(dialog.getByTestId("check-clean")).toBeVisible({ timeout: 30_000 });
  return dialog;
}

test("publish v1, edit, the shopper keeps v1; publish v2 (change list, clean check), then roll back to v1", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const floowId = await createRideFloow(page);

  // Version 1, through the editor: the first publish lists no changes, and checks clean.
  await page.goto(`/editor?floowId=${floowId}`);
  await expect(page.getByTestId("release-state").first()).toHaveText("Development");
  let dialog = await openPublishDialog(page, 1);
  await expect(dialog.getByTestId("change-list")).toContainText("First publish");
  await dialog.getByLabel("Note (optional)").fill("First version");
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Floow published");
  await expect(page.getByTestId("release-state").first()).toHaveText("Live · v1");

  let seen = await shopperSees(browser, floowId);
  expect(seen.text).toContain(RIDE.v1Question);
  expect(seen.versions).toEqual([1]);

  // An edit of the question: saved to the draft only.
  await editQuestion(page, RIDE.v2Question);
  await expect(page.getByTestId("release-state").first()).toHaveText(
    "Live · v1Draft · unpublished changes",
  );
  // Past the public cache: the API answers v1, and a shopper still sees v1.
  const answer = await publicFloow(page, floowId);
  expect(answer.floowVersion).toBe(1);
  expect(answer.steps[0]?.text).toContain(RIDE.v1Question);
  seen = await shopperSees(browser, floowId);
  expect(seen.text).toContain(RIDE.v1Question);
  expect(seen.text).not.toContain(RIDE.v2Question);
  await page
    .getByLabel("Editor phases")
    .getByRole("button", { name: /Launch/ })
    .click();
  await expect(page.getByTestId("publish-sentence")).toHaveText(
    "Visitors see the published version. Publish again to bring them your latest changes.",
  );

  // Version 2: the change list names the edited question; the check is clean.
  dialog = await openPublishDialog(page, 2);
  await expect(dialog.getByText("Changes since v1")).toBeVisible();
  await expect(dialog.getByTestId("change-list")).toContainText(
    `Step "${RIDE.v2Question}": question text changed`,
  );
  await page.screenshot({ path: test.info().outputPath("publish-dialog.png") });
  await page.screenshot({ path: "/tmp/dashboard-versions-publish-dialog.png" });
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Floow published");
  await expect(page.getByTestId("release-state").first()).toHaveText("Live · v2");

  const v2 = await publicFloow(page, floowId);
  expect(v2.floowVersion).toBe(2);
  seen = await shopperSees(browser, floowId);
  expect(seen.text).toContain(RIDE.v2Question);
  expect(seen.versions).toEqual([2]);

  // The version list: v2 live, v1 with its note; roll back to v1.
  const list = page.getByTestId("version-list");
  const rows = list.getByTestId("version-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute("data-version", "2");
  await expect(rows.first()).toContainText("Live");
  await expect(rows.nth(1)).toContainText("First version");
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("version-list.png") });
  await page.screenshot({ path: "/tmp/dashboard-versions-version-list.png" });
  await rows.nth(1).getByRole("button", { name: "Roll back" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Roll back to version 1?" });
  await confirm.getByRole("button", { name: "Roll back" }).click();
  await expectToast(page, "Version 1 is live again");
  await expect(page.getByTestId("release-state").first()).toHaveText(
    "Live · v1Draft · unpublished changes",
  );

  expect((await publicFloow(page, floowId)).floowVersion).toBe(1);
  seen = await shopperSees(browser, floowId);
  expect(seen.text).toContain(RIDE.v1Question);
  expect(seen.versions).toEqual([1]);

  // The editor's toasts stay off its action buttons: after "Apply to current step", the
  // toast does not cover "Apply to all steps" (the second click must reach the button).
  await page.getByLabel("Editor phases").getByRole("button", { name: /Build/ }).click();
  await page.getByRole("radio", { name: "Style" }).click();
  await page.getByRole("button", { name: "Apply to current step" }).click();
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Style applied to current step" });
  await expect(toast).toBeVisible();
  await page.screenshot({ path: "/tmp/dashboard-versions-toast.png" });
  const allSteps = page.getByRole("button", { name: "Apply to all steps" });
  const [a, b] = [await toast.boundingBox(), await allSteps.boundingBox()];
  expect(a && b).toBeTruthy();
  const overlaps =
    a!.x < b!.x + b!.width &&
    b!.x < a!.x + a!.width &&
    a!.y < b!.y + b!.height &&
    b!.y < a!.y + a!.height;
  expect(overlaps).toBe(false);
  await allSteps.click();
  await expectToast(page, "Style applied to all steps", { dismiss: false });
});

test("a draft with an error cannot be published: the reason, and a link to the place", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  // A choice without text: an error of the check (shoppers and screen readers need a text).
  const floowId = await createRideFloow(page, {
    name: "Broken ride finder",
    choices: ["Roads", ""],
    route: "/nowhere",
  });
  await page.goto(`/editor?floowId=${floowId}`);
  await page
    .getByLabel("Editor phases")
    .getByRole("button", { name: /Launch/ })
    .click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Publish version 1" });
  await expect(dialog.getByTestId("publish-blocked")).toBeVisible({ timeout: 30_000 });
  const error = dialog.locator('[data-severity="error"][data-rule="empty-choice"]');
  await expect(error).toContainText("choice 2 has no text");
  await expect(dialog.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();
  await page.screenshot({ path: "/tmp/dashboard-versions-publish-blocked.png" });

  // The link takes the editor to the step's edit modal; nothing was published.
  await error.getByRole("button", { name: "Open the step" }).click();
  await expect(page.getByRole("dialog", { name: "Edit question" })).toBeVisible();
  await expect(page.getByTestId("release-state").first()).toHaveText("Development");
  const answer = await page.request.get(`${API}/api/public/floows/${floowId}`);
  expect(answer.status()).toBe(404);
});

test("Publish in the floows list opens the editor's publish dialog: the check, then live", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const name = "Listed ride finder";
  const floowId = await createRideFloow(page, { name, route: "/listed" });
  await page.goto("/floows");
  await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish", exact: true }).click();

  // The editor on its launch phase, the dialog open with its change list and a clean check.
  await expect(page).toHaveURL(new RegExp(`/editor\\?floowId=${floowId}$`));
  const dialog = page.getByRole("dialog", { name: "Publish version 1" });
  await expect(dialog.getByText(/First publish/)).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Floow published");
  await expect(page.getByTestId("release-state").first()).toHaveText("Live · v1");
  expect((await publicFloow(page, floowId)).floowVersion).toBe(1);

  // A reload shows the editor as usual, without the dialog.
  await page.reload();
  await expect(page.getByTestId("release-state").first()).toHaveText("Live · v1");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
