import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import {
  ADVISOR,
  HELP,
  SIZES,
  merchantPage,
  setUpLiveFloows,
  startRecordingProxy,
  type LiveFloows,
} from "@floow/test-kit";

/**
 * The script-tag runtime end to end: floows set up and published through the product's own
 * calls, then shown on plain merchant pages served by the test's own server on 127.0.0.1
 * (another origin than the API), which carry only the one-line snippet.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;

let live: LiveFloows;

test.beforeAll(async () => {
  live = await setUpLiveFloows(API);
  const page = (title: string, body: string, head = "") =>
    merchantPage({ title, body, head, apiUrl: API, domainId: live.domainId });
  live.shop.set(
    "/shop/bikes",
    page(
      "Bikes",
      `<header><a href="/">Velo</a></header>
<main><h1>Our bikes</h1><div id="advisor"></div><p>Free delivery.</p></main>`,
    ),
  );
  live.shop.set(
    "/help",
    page(
      "Help",
      `<main><h1>Help</h1><button type="button">Contact us</button>
<div id="help"></div><a href="/shop/bikes">All bikes</a></main>`,
    ),
  );
  live.shop.set("/spa", page("App", "<main><h1>App</h1></main>"));
  live.shop.set(
    "/sizes",
    page(
      "Sizes",
      `<main><h1>Frame sizes</h1><div id="sizes"></div><a href="/shop/bikes">All bikes</a></main>`,
    ),
  );
  // Hostile CSS: every element reset, and every div hidden (the floow's host is a div too).
  live.shop.set(
    "/shop/hostile",
    page(
      "Hostile",
      `<main><h1>Bikes</h1><section id="advisor"></section><div class="promo">Sale!</div></main>`,
      "<style>* { all: unset } div { display: none }</style>",
    ),
  );
});

test.afterAll(async () => {
  await live?.shop.close();
});

interface Message {
  event: string;
  type: string;
  id: string;
  organizationId: string;
  domainId: string;
  floowId: string;
  sessionId: string;
  createdAt: string;
  v?: number;
  step?: { id: string; text: string; dataLayer: { key: string; type: string } };
  choices?: { id: string; text: string; selected: boolean }[];
  formInputs?: { id: string; type: string; text: string; value: unknown }[];
  products?: { title: string }[];
  product?: { title: string };
}

/** The floows messages in the page's data layer, in order. */
async function dataLayer(page: Page): Promise<Message[]> {
  const layer = await page.evaluate(
    () => (window as unknown as { dataLayer: unknown[] }).dataLayer,
  );
  return (layer as Message[]).filter((entry) => entry.event === "floows");
}

/** Records the event batches the page sends to the ingest endpoint, and the answers. */
function recordIngest(page: Page) {
  const sent: Message[] = [];
  const statuses: number[] = [];
  const answers = { accepted: 0, ignored: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url() === `${API}/api/public/events`) {
      sent.push(...(JSON.parse(request.postData() ?? "{}") as { events: Message[] }).events);
    }
  });
  page.on("response", (response) => {
    if (response.request().method() === "POST" && response.url() === `${API}/api/public/events`) {
      statuses.push(response.status());
      void response.json().then(
        (answer: { accepted: number; ignored: number }) => {
          answers.accepted += answer.accepted;
          answers.ignored += answer.ignored;
        },
        // The page navigated away before the body was read: the tests that count answers wait for them.
        () => undefined,
      );
    }
  });
  return { sent, statuses, answers };
}

test("an embedded floow at its trigger: answers, a skipped question, results, and every event", async ({
  page,
}) => {
  const ingest = recordIngest(page);
  await page.goto(`${live.shop.url}/shop/bikes`);

  // The floow shows inside #advisor, with its start page.
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await expect(floow).toBeVisible();
  await expect(page.locator("#advisor [data-floow-host]")).toHaveCount(1);
  await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();

  // City skips "How often" (the condition) and goes on to the budget.
  await expect(floow.getByText(ADVISOR.riding.text)).toBeVisible();
  await floow.getByRole("radio", { name: "City" }).click();
  await expect(floow.getByText(ADVISOR.budget.text)).toBeVisible();
  await expect(floow.getByText(ADVISOR.often.text)).toHaveCount(0);
  await floow.getByRole("radio", { name: "Under €1000" }).click();

  // The form step: Next with the required name empty shows the spec's message at the field.
  await expect(floow.getByText(ADVISOR.details.text)).toBeVisible();
  const name = floow.getByLabel(ADVISOR.details.name);
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.getByRole("alert")).toHaveText("This field is required");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(floow.getByText(ADVISOR.details.text)).toBeVisible();
  await name.fill("Ada Lovelace");
  await floow.getByLabel(ADVISOR.details.email).fill("ada@example.com");
  await expect(floow.getByRole("alert")).toHaveCount(0);
  await floow.getByRole("button", { name: "Next" }).click();

  // The results: the feed's city bike under €1000, and no other.
  await expect(floow.getByText(ADVISOR.finishText)).toBeVisible();
  const names = floow.locator(".name");
  await expect(names).toHaveText(["Velo Commute"]);
  // The card from the results call's `cards`: the price sent as a number, formatted.
  await expect(floow.locator(".price")).toHaveText(["€ 599,00"]);
  await expect(floow.getByText("Velo Cargo")).toHaveCount(0);

  // The product's button is a real link: opened in a new tab (Ctrl/Cmd+click) it shows the
  // shop's product page, and this page (with the floow) stays. A plain click opens it in this
  // tab: the next test.
  const tab = page.context().waitForEvent("page");
  await floow
    .getByRole("link", { name: ADVISOR.productButton })
    .click({ modifiers: ["ControlOrMeta"] });
  await expect(await tab).toHaveURL(`${live.shop.url}/products/bike-5`);

  // Restart, and another way through: Road asks "How often" and ends on another bike.
  await floow.getByRole("button", { name: "Restart" }).click();
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await floow.getByRole("radio", { name: "Road" }).click();
  await expect(floow.getByText(ADVISOR.often.text)).toBeVisible();
  await floow.getByRole("radio", { name: "Every day" }).click();
  await floow.getByRole("radio", { name: "Under €1000" }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Ada");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(names).toHaveText(["Velo Sprint"]);

  // Every interaction reached the data layer, in order, with the contract's fields.
  const messages = await dataLayer(page);
  expect(messages.map((m) => m.type)).toEqual([
    "mount",
    "start",
    "choice",
    "choice",
    "form",
    "finish",
    "product",
    "restart",
    "start",
    "choice",
    "choice",
    "choice",
    "form",
    "finish",
  ]);
  const { advisor } = live;
  const sessionId = messages[0]!.sessionId;
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  for (const message of messages) {
    expect(message).toMatchObject({
      event: "floows",
      v: 1,
      organizationId: live.organizationId,
      domainId: live.domainId,
      floowId: advisor.id,
      sessionId,
    });
    expect(message.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);
  }
  expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);

  const [, , city, cheap, form, finish, product] = messages;
  expect(city).toMatchObject({
    step: {
      id: advisor.riding.step,
      text: ADVISOR.riding.text,
      dataLayer: { key: "riding", type: "single" },
    },
    choices: [
      { id: advisor.riding.choices.Road, text: "Road", selected: false },
      { id: advisor.riding.choices.Mountain, text: "Mountain", selected: false },
      { id: advisor.riding.choices.City, text: "City", selected: true },
    ],
  });
  expect(cheap).toMatchObject({
    step: { id: advisor.budget.step, text: ADVISOR.budget.text },
    choices: [
      { text: "Under €1000", selected: true },
      { text: "€1000 or more", selected: false },
    ],
  });
  const details = [
    { id: advisor.details.name, type: "text", text: ADVISOR.details.name, value: "Ada Lovelace" },
    {
      id: advisor.details.email,
      type: "email",
      text: ADVISOR.details.email,
      value: "ada@example.com",
    },
  ];
  expect(form).toMatchObject({
    step: {
      id: advisor.details.step,
      text: ADVISOR.details.text,
      dataLayer: { key: "details", type: "single" },
    },
  });
  expect(form!.formInputs).toEqual(details);
  expect(finish!.formInputs).toEqual(details);
  expect(finish!.choices!.map((c) => [c.text, c.selected])).toEqual([
    ["City", true],
    ["Under €1000", true],
  ]);
  expect(finish!.products!.map((p) => p.title)).toEqual(["Velo Commute"]);
  expect(product!.product).toMatchObject({
    title: "Velo Commute",
    link: `${live.shop.url}/products/bike-5`,
  });
  expect(messages[10]!.step!.text).toBe(ADVISOR.often.text);
  expect(messages[12]!.formInputs!.map((i) => i.value)).toEqual(["Ada", ""]);
  expect(messages[13]!.products!.map((p) => p.title)).toEqual(["Velo Sprint"]);

  // …and the ingest endpoint, in the same order, each batch taken (202) and every event stored.
  await expect
    .poll(() => ingest.sent.map((m) => m.id), { timeout: 15_000 })
    .toEqual(messages.map((m) => m.id));
  // The server's copy carries the products trimmed (docs/events.md), the rest as on the page.
  const sentFinish = ingest.sent.find((m) => m.id === finish!.id)!;
  expect(sentFinish.products).toEqual([
    {
      id: "BIKE-5",
      name: "Velo Commute",
      price: 599,
      url: `${live.shop.url}/products/bike-5`,
      image: `${live.shop.url}/images/bike-5.png`,
    },
  ]);
  expect({ ...sentFinish, products: finish!.products }).toEqual(finish);
  expect(ingest.sent.find((m) => m.id === product!.id)!.product).toEqual(sentFinish.products![0]);
  await expect
    .poll(() => ({ ...ingest.answers }))
    .toEqual({ accepted: messages.length, ignored: 0 });
  expect(ingest.statuses.length).toBeGreaterThan(0);
  expect(ingest.statuses.every((status) => status === 202)).toBe(true);
});

test("a product's button opens the product page in this tab, and its product event reaches Floow as the page unloads", async ({
  page,
}) => {
  const ingest = recordIngest(page);
  await page.goto(`${live.shop.url}/shop/bikes`);
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await floow.getByRole("radio", { name: "City" }).click();
  await floow.getByRole("radio", { name: "Under €1000" }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Ada");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.locator(".name")).toHaveText(["Velo Commute"]);
  const link = floow.getByRole("link", { name: ADVISOR.productButton });
  // The floow's default (finish.results.link): this tab, the URL as the feed has it.
  await expect(link).toHaveAttribute("href", `${live.shop.url}/products/bike-5`);
  await link.click();
  await expect(page).toHaveURL(`${live.shop.url}/products/bike-5`);
  // Sent with a beacon during the click: the server has it though the page is gone.
  await expect
    .poll(() => ingest.sent.filter((m) => m.type === "product").map((m) => m.floowId), {
      timeout: 15_000,
    })
    .toEqual([live.advisor.id]);
});

test("single-page navigation: the floow follows its route, and a target that appears later is found", async ({
  page,
}) => {
  await page.goto(`${live.shop.url}/spa`);
  const floow = page.getByRole("region", { name: ADVISOR.name });
  // /spa matches no trigger, and #advisor is not there yet.
  await page.waitForTimeout(500);
  await expect(floow).toHaveCount(0);

  // The app routes to /shop/bikes and renders the target later: the floow appears in it.
  await page.evaluate(() => history.pushState({}, "", "/shop/bikes"));
  await page.waitForTimeout(300);
  await expect(floow).toHaveCount(0);
  await page.evaluate(() => {
    const target = document.createElement("div");
    target.id = "advisor";
    document.querySelector("main")!.append(target);
  });
  await expect(floow).toBeVisible();
  await expect(page.locator("main > #advisor [data-floow-host]")).toHaveCount(1);

  // Away from /shop it is removed; back again, it shows again.
  await page.evaluate(() => history.pushState({}, "", "/about"));
  await expect(floow).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\/bikes$/);
  await expect(floow).toBeVisible();
  await expect(page.locator("[data-floow-host]")).toHaveCount(1);
});

test("?floowsDebug=true tells in the console why each floow did or did not show", async ({
  page,
}) => {
  const logs: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("[floows]")) logs.push(message.text());
  });
  await page.goto(`${live.shop.url}/help?floowsDebug=true`);
  await expect(page.getByRole("region", { name: HELP.name })).toBeVisible();
  await expect
    .poll(() => logs.join("\n"))
    .toContain(`The path "/help" does not start with "/shop".`);
  expect(logs.join("\n")).toContain(`The path "/help" starts with "/help".`);
});

test("events still queued when the shopper leaves the page are sent as it unloads", async ({
  page,
}) => {
  // The page loads the runtime through a recording proxy: the beacon sent while the page
  // unloads is seen where it arrives.
  const proxy = await startRecordingProxy(API);
  try {
    live.shop.set(
      "/shop/leave",
      merchantPage({
        title: "Bikes",
        body: '<div id="advisor"></div>',
        apiUrl: proxy.url,
        domainId: live.domainId,
      }),
    );
    await page.goto(`${live.shop.url}/shop/leave`);
    const floow = page.getByRole("region", { name: ADVISOR.name });
    await floow.getByRole("button", { name: ADVISOR.startButton }).click();
    await floow.getByRole("radio", { name: "Road" }).click();
    const messages = await dataLayer(page);
    expect(messages.map((m) => m.type)).toEqual(["mount", "start", "choice"]);
    // Leave at once: the batch's 1-second timer has not fired for the last ones.
    await page.goto("about:blank");
    const batches = () =>
      proxy.requests.filter((r) => r.method === "POST" && r.path === "/api/public/events");
    // Every event arrives. A batch whose fetch the leaving page saw cancelled goes again in the
    // beacon: its keepalive fetch may still have reached the server (seen on a busy machine),
    // which stores a resent event once (the API's events test), so ids are compared once each.
    await expect
      .poll(() => [
        ...new Set(
          batches().flatMap((r) =>
            (JSON.parse(r.body) as { events: Message[] }).events.map((m) => m.id),
          ),
        ),
      ])
      .toEqual(messages.map((m) => m.id));
    for (const batch of batches()) {
      expect(batch.status).toBe(202);
      expect(JSON.parse(batch.answer)).toMatchObject({ ignored: 0 });
    }
  } finally {
    await proxy.close();
  }
});

test("a dialog floow: opens from its start page, traps focus, closes with Escape and a click outside", async ({
  page,
}) => {
  await page.goto(`${live.shop.url}/help`);
  const launcher = page.getByRole("region", { name: HELP.name });
  await expect(launcher.getByText(HELP.startText)).toBeVisible();
  const opener = launcher.getByRole("button", { name: HELP.startButton });
  await opener.click();

  const dialog = page.getByRole("dialog", { name: HELP.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(HELP.question)).toBeVisible();
  // Focus moved into the dialog: on its first choice (after the close button).
  await expect(dialog.getByRole("radio", { name: HELP.choices[0] })).toBeFocused();

  // Tab and Shift+Tab cycle inside: close button, the choices, and round again.
  const focusedLabel = () =>
    page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return {
        inDialog: !!active?.closest("dialog"),
        label: active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? "",
      };
    });
  const order: string[] = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const focused = await focusedLabel();
    expect(focused.inDialog).toBe(true);
    order.push(focused.label);
  }
  expect(order).toEqual([
    HELP.choices[1],
    "Close",
    HELP.choices[0],
    HELP.choices[1],
    "Close",
    HELP.choices[0],
  ]);
  await page.keyboard.press("Shift+Tab");
  expect(await focusedLabel()).toEqual({ inDialog: true, label: "Close" });
  await page.keyboard.press("Shift+Tab");
  expect(await focusedLabel()).toEqual({ inDialog: true, label: HELP.choices[1] });

  // Escape closes it, and focus is back on the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Opened again, a click outside the panel closes it.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(8, 8);
  await expect(dialog).toHaveCount(0);
  await expect(launcher.getByText(HELP.startText)).toBeVisible();

  // And its close button closes it, focus back on the opener.
  await opener.click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  expect((await dataLayer(page)).map((m) => m.type)).toEqual([
    "mount",
    "start",
    "close",
    "start",
    "close",
    "start",
    "close",
  ]);
});

test("a dialog that does not close on a click outside stays modal after one: Tab goes back in, Escape closes", async ({
  page,
}) => {
  await page.goto(`${live.shop.url}/sizes`);
  const opener = page
    .getByRole("region", { name: SIZES.name })
    .getByRole("button", { name: SIZES.startButton });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: SIZES.name });
  await expect(dialog.getByText(SIZES.question)).toBeVisible();

  // A click on the backdrop: the dialog stays, and focus with it (the browser's modal
  // <dialog> takes it, not the page).
  await page.mouse.click(8, 8);
  await page.waitForTimeout(200);
  await expect(dialog).toBeVisible();
  const focus = () =>
    page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return {
        inDialog: !!active?.closest("dialog"),
        label: active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? "",
      };
    });
  expect((await focus()).inDialog).toBe(true);

  // Tab brings focus back into the dialog (its close button first), not to the page's link.
  await page.keyboard.press("Tab");
  expect(await focus()).toEqual({ inDialog: true, label: "Close" });

  // Escape still closes it, from anywhere on the page.
  await page.mouse.click(8, 8);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect((await dataLayer(page)).map((m) => m.type)).toEqual(["mount", "start", "close"]);
});

test("hostile page CSS does not reach the floow (shadow DOM)", async ({ page }) => {
  // Hold the renderer back a moment: the loader's skeleton shows at the target meanwhile.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/runtime/floow.js*", async (route) => {
    await released;
    await route.continue();
  });
  // The loader requests the renderer at once (in parallel with the floows), and an async
  // script holds the page's load event: wait for the DOM only, the renderer is held back.
  await page.goto(`${live.shop.url}/shop/hostile`, { waitUntil: "domcontentloaded" });
  // The page's own divs are hidden by its CSS…
  await expect(page.getByText("Sale!")).toBeHidden();
  // …not the skeleton (a div too).
  const skeleton = page.locator("#advisor [data-floow-host]");
  await expect(skeleton).toBeVisible();
  expect((await skeleton.boundingBox())!.height).toBe(160);
  release();
  // The floow shows, styled, and works.
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await expect(floow).toBeVisible();
  const start = floow.getByRole("button", { name: ADVISOR.startButton });
  await expect(start).toBeVisible();
  const box = await floow.boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  expect(box!.height).toBeGreaterThan(80);
  await start.click();
  const question = floow.getByText(ADVISOR.riding.text);
  await expect(question).toBeVisible();
  // The floow's own styles apply: the question is larger and bold, choices are buttons.
  await expect(question).toHaveCSS("font-weight", "600");
  await expect(question).toHaveCSS("font-size", "20px");
  await floow.getByRole("radio", { name: "Mountain" }).click();
  await expect(floow.getByText(ADVISOR.often.text)).toBeVisible();
  if (process.env.FLOOW_E2E_SCREENSHOTS) {
    await page.screenshot({
      path: `${process.env.FLOOW_E2E_SCREENSHOTS}/runtime-hostile.png`,
      fullPage: true,
    });
  }

  // A dialog floow opened from the page's code (its host is a div at the end of the body).
  await page.evaluate(
    (id) => (window as unknown as { floows: { show(id: string): void } }).floows.show(id),
    live.help.id,
  );
  const dialog = page.getByRole("dialog", { name: HELP.name });
  await expect(dialog).toBeVisible();
  // It opens on its start page, focus on the start button; starting shows the question.
  await expect(dialog.getByText(HELP.startText)).toBeVisible();
  await expect(dialog.getByRole("button", { name: HELP.startButton })).toBeFocused();
  await dialog.getByRole("button", { name: HELP.startButton }).click();
  await expect(dialog.getByRole("radio", { name: HELP.choices[0] })).toBeVisible();
  const panel = await dialog.boundingBox();
  expect(panel!.width).toBeGreaterThan(200);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("the hosted page /floow/{id}: a live floow full-page, without chrome or sign-in", async ({
  page,
}) => {
  const ingest = recordIngest(page);
  await page.goto(`${API}/floow/${live.advisor.id}`);
  await expect(page).toHaveTitle(ADVISOR.name);
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page).toHaveURL(`${API}/floow/${live.advisor.id}`);

  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await floow.getByRole("radio", { name: "City" }).click();
  await floow.getByRole("radio", { name: "€1000 or more" }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Grace");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.locator(".name")).toHaveText(["Velo Cargo"]);

  // Not a preview: the page's data layer and the ingest endpoint get the events.
  const messages = await dataLayer(page);
  expect(messages.map((m) => m.type)).toEqual([
    "mount",
    "start",
    "choice",
    "choice",
    "form",
    "finish",
  ]);
  expect(messages.every((m) => m.floowId === live.advisor.id && m.domainId === live.domainId)).toBe(
    true,
  );
  await expect
    .poll(() => ingest.sent.map((m) => m.id), { timeout: 15_000 })
    .toEqual(messages.map((m) => m.id));
  await expect
    .poll(() => ({ ...ingest.answers }))
    .toEqual({ accepted: messages.length, ignored: 0 });

  // The browser's Back goes back a page in the floow, on the same URL, with the answers kept.
  await page.goBack();
  await expect(floow.getByLabel(ADVISOR.details.name)).toHaveValue("Grace");
  await page.goBack();
  await expect(floow.getByText(ADVISOR.budget.text)).toBeVisible();
  await expect(floow.getByRole("radio", { name: "€1000 or more" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(page).toHaveURL(`${API}/floow/${live.advisor.id}`);

  // A dialog floow shows inline on its hosted page: there is no page under it to cover.
  await page.goto(`${API}/floow/${live.help.id}`);
  const help = page.getByRole("region", { name: HELP.name });
  await help.getByRole("button", { name: HELP.startButton }).click();
  await expect(help.getByRole("radio", { name: HELP.choices[0] })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the hosted page of an unknown or non-live floow says it is not available", async ({
  page,
}) => {
  for (const id of [randomUUID(), "not-a-floow"]) {
    await page.goto(`${API}/floow/${id}`);
    await expect(page.getByRole("heading", { name: "This floow is not available" })).toBeVisible();
    await expect(page.getByText("There is no live floow at this address.")).toBeVisible();
    await expect(page.locator("[data-floow-host]")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  }
});

test("the hosted page in an iframe posts every event to the parent page", async ({ page }) => {
  // A merchant page on another origin frames the hosted page and listens for messages.
  live.shop.set(
    "/framed",
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Framed</title>
<script>window.received = []; addEventListener("message", (e) => { if (e.data && e.data.event === "floows") received.push(e.data); });</script>
</head><body><iframe src="${API}/floow/${live.advisor.id}" title="Bike advisor" style="width:800px;height:700px;border:0"></iframe></body></html>`,
  );
  await page.goto(`${live.shop.url}/framed`);
  const frame = page.frameLocator("iframe");
  const floow = frame.getByRole("region", { name: ADVISOR.name });
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await floow.getByRole("radio", { name: "Road" }).click();
  await expect(floow.getByText(ADVISOR.often.text)).toBeVisible();
  const received = () =>
    page.evaluate(() =>
      (window as unknown as { received: Message[] }).received.map((m) => [m.type, m.floowId]),
    );
  await expect.poll(received).toEqual([
    ["mount", live.advisor.id],
    ["start", live.advisor.id],
    ["choice", live.advisor.id],
  ]);
  // The parent page's own data layer is the parent's business: the floow wrote only its own.
  expect(
    await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer),
  ).toBeUndefined();
});
