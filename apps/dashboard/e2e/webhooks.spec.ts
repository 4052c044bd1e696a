import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { ADVISOR, merchantPage, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";
import { expectToast } from "./support/toasts";

/**
 * Webhooks end to end (issue 11): an admin adds a webhook pointing at a receiver on
 * 127.0.0.1 (the server runs with the test-only FETCH_ALLOW_LOOPBACK), a shopper answers the
 * floow on a merchant page, the receiver gets the signed finish and form events, the admin
 * sees them in the delivery log with status 200 and replays one (the same webhook-id arrives
 * again). The receiver verifies each request with the `standardwebhooks` library, as
 * docs/webhooks.md tells merchants to (signature, and a timestamp within 5 minutes).
 */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): unknown {
  return new Webhook(secret).verify(body, headers as Record<string, string>);
}

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
const SHOTS = process.env.FLOOW_SHOTS_DIR;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: { type: string; data: { type: string; formInputs?: { value: unknown }[] } } | null;
}

let live: LiveFloows;
const received: Received[] = [];
let secret = "";
let receiverUrl = "";
let closeReceiver = () => Promise.resolve();

test.beforeAll(async () => {
  live = await setUpLiveFloows(API);
  live.shop.set(
    "/shop/bikes",
    merchantPage({
      title: "Bikes",
      body: `<main><h1>Our bikes</h1><div id="advisor"></div></main>`,
      apiUrl: API,
      domainId: live.domainId,
    }),
  );
  // The merchant's endpoint: verifies each request as docs/webhooks.md tells merchants to.
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified: Received["verified"];
      try {
        verified = verify(secret, req.headers, body) as Received["verified"];
      } catch {
        verified = null;
      }
      received.push({ headers: req.headers, body, verified });
      res.writeHead(verified ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify({ received: verified !== null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/floow`;
  closeReceiver = () => new Promise<void>((resolve) => server.close(() => resolve()));
});

test.afterAll(async () => {
  await live?.shop.close();
  await closeReceiver();
});

test("an admin adds a webhook, a shopper answers, the delivery shows 200 and is replayed", async ({
  page,
  context,
}) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Velo shop" })
    .click();
  await page.getByRole("tab", { name: "Implementation" }).click();

  await expect(page.getByText("No webhooks yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add Webhook" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Webhook" });
  // The defaults of a new webhook: POST, active, the finish and form events.
  await expect(dialog.getByLabel("Method")).toHaveValue("POST");
  await expect(dialog.getByLabel("Status")).toHaveValue("active");
  await expect(dialog.getByRole("checkbox", { name: "Finish" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Form" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Choice" })).not.toBeChecked();
  await dialog.getByRole("button", { name: "Save Webhook" }).click();
  await expect(dialog.getByText("This field is required")).toBeVisible();
  await dialog.getByLabel("Name").fill("Velo CRM");
  await dialog.getByLabel("URL").fill(receiverUrl);
  await dialog.getByRole("button", { name: "Add header" }).click();
  await dialog.getByLabel("Header 1 name").fill("Authorization");
  await dialog.getByLabel("Header 1 value").fill("Bearer velo-crm");
  await dialog.getByRole("button", { name: "Save Webhook" }).click();
  await expectToast(page, "Webhook saved", { dismiss: false });

  // The signing secret, shown once, with a copy button.
  const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
  secret = (await secretDialog.getByTestId("webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await secretDialog.getByRole("button", { name: "Copy signing secret" }).click();
  await expectToast(page, "Copied to clipboard", { dismiss: false });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-secret.png` });
  await secretDialog.getByRole("button", { name: "Done" }).click();
  const webhook = page.getByRole("article", { name: "Webhook Velo CRM" });
  await expect(webhook.getByText("Active")).toBeVisible();
  await expect(webhook.getByText("No deliveries yet.")).toBeVisible();

  // A shopper answers the floow on the merchant's page.
  const shopper = await context.newPage();
  await shopper.goto(`${live.shop.url}/shop/bikes`);
  const floow = shopper.getByRole("region", { name: ADVISOR.name });
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await floow.getByRole("radio", { name: "City" }).click();
  await floow.getByRole("radio", { name: "Under €1000" }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Ada Lovelace");
  await floow.getByLabel(ADVISOR.details.email).fill("ada@example.com");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.getByText(ADVISOR.finishText)).toBeVisible();

  // The receiver gets the form and finish events, signed, with the webhook's header.
  await expect
    .poll(() => received.map((r) => r.verified?.type).sort(), { timeout: 20_000 })
    .toEqual(["floow.finish", "floow.form"]);
  await shopper.close();
  const form = received.find((r) => r.verified?.type === "floow.form")!;
  expect(form.headers.authorization).toBe("Bearer velo-crm");
  expect(form.verified!.data.formInputs?.map((i) => i.value)).toEqual([
    "Ada Lovelace",
    "ada@example.com",
  ]);

  // The delivery log: two deliveries, each answered 200.
  const rows = webhook.getByTestId("delivery-row");
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  await expect(webhook.getByTestId("delivery-status")).toHaveText(["200", "200"]);
  await rows.first().click();
  await expect(webhook.getByLabel("Answer", { exact: true })).toHaveText('{"received":true}');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-deliveries.png`, fullPage: true });

  // Replay the newest delivery: the same webhook-id arrives again, logged as a new row.
  const firstId = received.find((r) => r.verified?.type === "floow.finish")!.headers["webhook-id"];
  await rows.first().getByRole("button", { name: "Replay" }).click();
  await expect(rows).toHaveCount(3);
  await expect(webhook.getByTestId("delivery-status")).toHaveText(["200", "200", "200"]);
  expect(received).toHaveLength(3);
  expect(
    received
      .map((r) => r.headers["webhook-id"])
      .filter((id) => id === received[2]!.headers["webhook-id"]),
  ).toHaveLength(2);
  expect([
    firstId,
    received.find((r) => r.verified?.type === "floow.form")!.headers["webhook-id"],
  ]).toContain(received[2]!.headers["webhook-id"]);
});

test("an admin connects Klaviyo to the domain; the key is never shown again", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Integrations" })
    .click();
  // Away from the side navigation, which stays expanded over the page while hovered.
  await page.mouse.move(900, 400);

  // The catalogue: sixteen e-mail and marketing tools and a search tool; only Klaviyo has a setup.
  const cards = page.getByRole("list", { name: "Integrations" }).getByRole("article");
  await expect(cards).toHaveCount(17);
  await expect(cards.first()).toContainText("Klaviyo");
  await expect(page.getByText("Not available yet: no setup for this tool so far.")).toHaveCount(16);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations.png`, fullPage: true });

  const klaviyo = page.getByRole("article", { name: "Klaviyo" });
  await klaviyo.getByRole("button", { name: "Set up" }).click();
  const dialog = page.getByRole("dialog", { name: "Set up Klaviyo" });
  await dialog.getByLabel("Private API key").fill("sk_wrong");
  await dialog.getByRole("button", { name: "Save Integration" }).click();
  await expect(
    dialog.getByText("Please enter a Klaviyo private API key (it starts with pk_)."),
  ).toBeVisible();
  await dialog.getByLabel("Private API key").fill("pk_e2e_velo_secret_9876");
  await expect(
    dialog.getByText("Please enter a Klaviyo private API key (it starts with pk_)."),
  ).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/klaviyo-setup.png` });
  await dialog.getByRole("button", { name: "Save Integration" }).click();
  await expectToast(page, "Integration saved");
  await expect(klaviyo.getByText("Connected to Velo shop")).toBeVisible();
  await expect(klaviyo.getByText("pk_…9876")).toBeVisible();
  await expect(page.getByText("pk_e2e_velo_secret_9876")).toHaveCount(0);
});
