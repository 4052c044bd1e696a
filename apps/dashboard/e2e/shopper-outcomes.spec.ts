import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  test,
  type Frame,
  type FrameLocator,
  type Locator,
  type Page,
} from "@playwright/test";
import {
  DATA,
  openShop,
  productLink,
  SELLING,
  tabTo,
  type ProductLink,
  type ReceivedWebhook,
  type Shop,
  type ShopperFloow,
} from "./support/shopper";

/**
 * The shopper-outcome matrix (issue 21): what a shopper gets, asserted as outcomes, in
 * Debian's Chromium. The dimensions: container (dialog, embedded) × where (the script tag on
 * a merchant page on 127.0.0.1; the hosted page `/floow/{id}`; the hosted page in an iframe
 * on a merchant page) × type (Guided Selling, Guided Data) × input (mouse, keyboard only) ×
 * viewport (phone 390×844, desktop 1440×900). In every cell:
 * - a Guided Selling floow's product page really opens: this tab's URL (from the hosted
 *   page in an iframe, the shopper's tab, not the frame), or the new tab's, with the UTM
 *   parameters when set, the merchant's own parameters kept; its heading shows;
 * - the form's values really arrive at the merchant's webhook receiver (127.0.0.1,
 *   verified with `standardwebhooks`), with the finish and, for a product click, the
 *   product event: each once;
 * - the data layer (and, framed, the parent page's messages) has every event once, in the
 *   expected order;
 * - focus is on the first choice (or the form's first input) after each step change, and
 *   back on the launcher when the dialog closes;
 * - axe finds no violation in any state (start, question, form with an
 *   error, finish; every violation of any impact is listed in the test's annotations).
 * and the controls a shopper uses: the floow's Back and Restart, the dialog's Close, Escape
 * and a click outside, the browser's Back button on the hosted page.
 *
 * A cell takes 4-8 s here (2 cores, 1 worker): all 48 combinations would add ~5 minutes to
 * CI. These 12 cells (~1.7 minutes with the server's start, measured) cover every value of
 * every dimension, every pair of values of any two dimensions (container×where, type×input,
 * and the rest: cells 1-8), every container×where×type (cells 9-12 add the four missing),
 * and each product-link setting:
 *
 * | cell | container | where  | type    | input    | viewport | link / controls                                               |
 * | 1    | dialog    | script | selling | mouse    | desktop  | this tab (default); click outside, Back, a link in a question |
 * | 2    | dialog    | script | data    | keyboard | phone    | Close button, Escape                                          |
 * | 3    | dialog    | hosted | selling | keyboard | desktop  | new tab + UTM; browser Back                                   |
 * | 4    | dialog    | iframe | data    | keyboard | desktop  | Restart                                                       |
 * | 5    | embedded  | script | selling | keyboard | desktop  | new tab, no UTM; Back                                         |
 * | 6    | embedded  | hosted | data    | mouse    | phone    | browser Back                                                  |
 * | 7    | embedded  | iframe | selling | mouse    | phone    | this tab (the top one) + UTM                                  |
 * | 8    | embedded  | script | data    | keyboard | phone    | Restart                                                       |
 * | 9    | dialog    | hosted | data    | mouse    | desktop  | browser Back                                                  |
 * | 10   | dialog    | iframe | selling | keyboard | phone    | new tab (from the frame) + UTM                                |
 * | 11   | embedded  | hosted | selling | mouse    | phone    | this tab (set explicitly, no UTM); browser Back               |
 * | 12   | embedded  | iframe | data    | mouse    | desktop  | Restart                                                       |
 *
 * (A dialog floow on its hosted page, framed or not, shows inline: there is no page under
 * it to cover. The closing of a dialog that ignores clicks outside is in runtime-embed.)
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
// Focus moves as the page renders: when it is not there soon, it is not going to be.
const FOCUS = { timeout: 2_000 };
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

interface Cell {
  n: number;
  container: "dialog" | "embedded";
  where: "script" | "hosted" | "iframe";
  type: "selling" | "data";
  input: "mouse" | "keyboard";
  viewport: keyof typeof VIEWPORTS;
  link?: ProductLink;
}

const CELLS: Cell[] = [
  {
    n: 1,
    container: "dialog",
    where: "script",
    type: "selling",
    input: "mouse",
    viewport: "desktop",
  },
  {
    n: 2,
    container: "dialog",
    where: "script",
    type: "data",
    input: "keyboard",
    viewport: "phone",
  },
  {
    n: 3,
    container: "dialog",
    where: "hosted",
    type: "selling",
    input: "keyboard",
    viewport: "desktop",
    link: { target: "blank", utm: true },
  },
  {
    n: 4,
    container: "dialog",
    where: "iframe",
    type: "data",
    input: "keyboard",
    viewport: "desktop",
  },
  {
    n: 5,
    container: "embedded",
    where: "script",
    type: "selling",
    input: "keyboard",
    viewport: "desktop",
    link: { target: "blank", utm: false },
  },
  { n: 6, container: "embedded", where: "hosted", type: "data", input: "mouse", viewport: "phone" },
  {
    n: 7,
    container: "embedded",
    where: "iframe",
    type: "selling",
    input: "mouse",
    viewport: "phone",
    link: { target: "self", utm: true },
  },
  {
    n: 8,
    container: "embedded",
    where: "script",
    type: "data",
    input: "keyboard",
    viewport: "phone",
  },
  // The rest of container × where × type.
  { n: 9, container: "dialog", where: "hosted", type: "data", input: "mouse", viewport: "desktop" },
  {
    n: 10,
    container: "dialog",
    where: "iframe",
    type: "selling",
    input: "keyboard",
    viewport: "phone",
    link: { target: "blank", utm: true },
  },
  {
    n: 11,
    container: "embedded",
    where: "hosted",
    type: "selling",
    input: "mouse",
    viewport: "phone",
    link: { target: "self", utm: false },
  },
  {
    n: 12,
    container: "embedded",
    where: "iframe",
    type: "data",
    input: "mouse",
    viewport: "desktop",
  },
];

let shop: Shop;

test.beforeAll(async () => {
  shop = await openShop(API);
});

test.afterAll(async () => {
  await shop?.close();
});

interface Message {
  event: string;
  type: string;
  id: string;
  sessionId: string;
  floowId: string;
}

/**
 * One shopper in one cell: where the floow is (the page, or the hosted page's frame), and
 * how they act on it (mouse, or keyboard only: Tab to a control, then Enter or typing).
 */
class Shopper {
  readonly scope: Page | FrameLocator;
  constructor(
    readonly page: Page,
    readonly cell: Cell,
    readonly floow: ShopperFloow,
  ) {
    this.scope = cell.where === "iframe" ? page.frameLocator("iframe") : page;
  }

  /** The floow in the page: the inline region (a dialog's launcher on a merchant page). */
  region(): Locator {
    return this.scope.getByRole("region", { name: this.floow.name });
  }

  /** Where the floow's pages show: the dialog over a merchant page, or the inline region. */
  panel(): Locator {
    return this.cell.container === "dialog" && this.cell.where === "script"
      ? this.scope.getByRole("dialog", { name: this.floow.name })
      : this.region();
  }

  /** The frame the floow runs in (its data layer's window). */
  frame(): Frame | Page {
    if (this.cell.where !== "iframe") return this.page;
    return this.page.frames().find((frame) => frame.url().includes("/floow/"))!;
  }

  async press(target: Locator): Promise<void> {
    if (this.cell.input === "mouse") return target.click();
    await tabTo(this.page, target);
    await this.page.keyboard.press("Enter");
  }

  async type(target: Locator, text: string): Promise<void> {
    if (this.cell.input === "mouse") {
      await target.click();
      return target.fill(text);
    }
    await tabTo(this.page, target);
    await this.page.keyboard.type(text);
  }

  async messages(): Promise<Message[]> {
    const layer = await this.frame().evaluate(
      () => (window as unknown as { dataLayer?: Message[] }).dataLayer ?? [],
    );
    return layer.filter((entry) => entry.event === "floows");
  }

  /** axe on the whole page (frames included); every violation fails, whatever its impact. */
  async axe(state: string): Promise<void> {
    const { violations } = await new AxeBuilder({ page: this.page }).analyze();
    for (const violation of violations) {
      test.info().annotations.push({
        type: `axe ${violation.impact}`,
        description: `cell ${this.cell.n}, ${state}: ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
      });
    }
    // Soft: a violation is reported with the cell's other outcomes, which still run.
    expect
      .soft(
        violations.map(
          (v) => `${state}: ${v.id} ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        ),
      )
      .toEqual([]);
  }
}

async function open(page: Page, cell: Cell, floow: ShopperFloow): Promise<void> {
  if (cell.where === "script") return void (await page.goto(`${shop.shop.url}${floow.path}`));
  if (cell.where === "hosted") return void (await page.goto(`${API}/floow/${floow.id}`));
  // A merchant page on another origin frames the hosted page and keeps what it posts.
  shop.shop.set(
    `/framed-${cell.n}`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Velo</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>window.received = []; addEventListener("message", (e) => { if (e.data && e.data.event === "floows") received.push(e.data); });</script>
</head><body style="margin:0"><main><h1>Velo bikes</h1>
<iframe src="${API}/floow/${floow.id}" title="${floow.name}" style="width:100%;height:80vh;border:0"></iframe>
</main></body></html>`,
  );
  await page.goto(`${shop.shop.url}/framed-${cell.n}`);
}

/** The webhook payloads of this session, once each, once all `types` arrived. */
async function webhooksOf(sessionId: string, types: string[]): Promise<ReceivedWebhook[]> {
  const ofSession = () => shop.webhooks.verified.filter((w) => w.data.sessionId === sessionId);
  await expect
    .poll(
      () =>
        ofSession()
          .map((w) => w.type)
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual([...types].sort());
  expect(shop.webhooks.refused).toBe(0);
  return ofSession();
}

function expectOnce(messages: Message[], types: string[], floowId: string): void {
  expect(messages.map((m) => m.type)).toEqual(types);
  expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
  expect(messages.every((m) => m.floowId === floowId)).toBe(true);
  expect(new Set(messages.map((m) => m.sessionId)).size).toBe(1);
}

for (const cell of CELLS) {
  const title = `cell ${cell.n}: ${cell.container} · ${cell.where} · ${cell.type} · ${cell.input} · ${cell.viewport}`;
  test.describe(title, () => {
    test.use({ viewport: VIEWPORTS[cell.viewport] });
    test(
      cell.type === "selling"
        ? "answers, and the product page opens"
        : "answers, and the form arrives",
      async ({ page }) => {
        const floow = await shop.floow({
          type: cell.type,
          container: cell.container,
          link: cell.link,
        });
        await open(page, cell, floow);
        await (cell.type === "selling" ? selling : data)(new Shopper(page, cell, floow));
      },
    );
  });
}

/** The start page, started: the first question shows with focus on its first choice. */
async function start(shopper: Shopper, texts: typeof SELLING | typeof DATA): Promise<void> {
  const region = shopper.region();
  await expect(region.getByText(texts.startText)).toBeVisible();
  await shopper.axe("start page");
  const startButton = region.getByRole("button", { name: texts.startButton });
  await shopper.press(startButton);
  const panel = shopper.panel();
  const first = texts === SELLING ? SELLING.riding : DATA.topic;
  await expect(panel.getByText(first.text)).toBeVisible();
  await expect.soft(panel.getByRole("radio", { name: first.choices[0] })).toBeFocused(FOCUS);
  await shopper.axe("first question");
}

/** The dialog closes (how, per the cell's input); focus is back on the launcher's button. */
async function closeDialog(
  shopper: Shopper,
  how: "outside" | "close" | "escape",
  startText: string,
) {
  const dialog = shopper.panel();
  if (how === "outside") await shopper.page.mouse.click(4, 4);
  else if (how === "escape") await shopper.page.keyboard.press("Escape");
  else await shopper.press(dialog.getByRole("button", { name: "Close" }));
  await expect(dialog).toHaveCount(0);
  await expect.soft(shopper.region().getByRole("button", { name: startText })).toBeFocused(FOCUS);
}

/** The form step: Next with the required name empty shows the message; then filled and sent. */
async function fillForm(shopper: Shopper, texts: typeof SELLING | typeof DATA, name: string) {
  const panel = shopper.panel();
  const nameInput = panel.getByLabel(texts.details.name);
  await expect(panel.getByText(texts.details.text)).toBeVisible();
  await expect.soft(nameInput).toBeFocused(FOCUS);
  await shopper.press(panel.getByRole("button", { name: "Next" }));
  await expect(panel.getByRole("alert")).toHaveText("This field is required");
  await shopper.axe("form with an error");
  await shopper.type(nameInput, name);
  await shopper.type(panel.getByLabel(texts.details.email), "ada@example.com");
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await shopper.press(panel.getByRole("button", { name: "Next" }));
}

/**
 * The browser's Back button on a Guided Data floow's hosted page, last in its cell (after
 * the outcomes): from the finish page back to the form with its values kept, again to the
 * question with its choice marked, the URL still the floow's; answering again goes on to the
 * filled-in form. (A selling floow's hosted cells go Back from its form, before the product
 * click, which may leave the page.)
 */
async function browserBack(shopper: Shopper, name: string) {
  const { page, floow } = shopper;
  const panel = shopper.panel();
  const [texts, question, choice] = [DATA, DATA.topic.text, "Servicing"];
  await page.goBack();
  await expect(panel.getByText(texts.details.text)).toBeVisible();
  await expect(panel.getByLabel(texts.details.name)).toHaveValue(name);
  await page.goBack();
  await expect(panel.getByText(question)).toBeVisible();
  await expect(panel.getByRole("radio", { name: choice })).toHaveAttribute("aria-checked", "true");
  await expect(page).toHaveURL(new RegExp(`^${API}/floow/${floow.id}`));
  // Forward is not replayed (an answer is given again, packages/runtime README): answering
  // again goes on, the form still filled in.
  await shopper.press(panel.getByRole("radio", { name: choice }));
  await expect(panel.getByLabel(texts.details.name)).toHaveValue(name);
}

async function selling(shopper: Shopper): Promise<void> {
  const { cell, floow, page } = shopper;
  const panel = shopper.panel();
  const dialogOnPage = cell.container === "dialog" && cell.where === "script";
  const expected = ["mount", "start"];
  await start(shopper, SELLING);

  if (dialogOnPage) {
    // A click outside closes it (the floow allows it); started again, it is on its question.
    await closeDialog(shopper, "outside", SELLING.startButton);
    await shopper.press(shopper.region().getByRole("button", { name: SELLING.startButton }));
    await expect.soft(panel.getByRole("radio", { name: "Road" })).toBeFocused(FOCUS);
    expected.push("close", "start");
  }
  if (dialogOnPage) {
    // A link in the question's text opens as written (a new tab, the floow kept).
    const guide = page.waitForEvent("popup");
    await shopper.press(panel.getByRole("link", { name: SELLING.riding.link }));
    await expect(await guide).toHaveURL(`${shop.shop.url}/guide`);
    await expect((await guide).getByRole("heading", { name: SELLING.riding.link })).toBeVisible();
    await expect(panel.getByText(SELLING.riding.text)).toBeVisible();
  }
  // Road: the two road bikes (the first one's link has the merchant's own utm_source);
  // Mountain with the new tab without UTM; City with the default.
  const choice = cell.link?.utm ? "Road" : cell.link ? "Mountain" : "City";
  await shopper.press(panel.getByRole("radio", { name: choice }));
  expected.push("choice");
  await expect.soft(panel.getByLabel(SELLING.details.name)).toBeFocused(FOCUS);

  if (cell.where === "script") {
    // The floow's own Back: the question again, focus on its first choice.
    await shopper.press(panel.getByRole("button", { name: "Back" }));
    await expect(panel.getByText(SELLING.riding.text)).toBeVisible();
    await expect.soft(panel.getByRole("radio", { name: "Road" })).toBeFocused(FOCUS);
    await shopper.press(panel.getByRole("radio", { name: choice }));
    expected.push("choice");
  } else if (cell.where === "hosted") {
    // The browser's Back, before a product click can leave the hosted page: the question
    // again, its choice marked, the URL the floow's; answering goes on.
    await page.goBack();
    await expect(panel.getByText(SELLING.riding.text)).toBeVisible();
    await expect(panel.getByRole("radio", { name: choice })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(page).toHaveURL(new RegExp(`^${API}/floow/${floow.id}`));
    await shopper.press(panel.getByRole("radio", { name: choice }));
    expected.push("choice");
  }
  await fillForm(shopper, SELLING, `Ada ${cell.n}`);
  expected.push("form", "finish");

  const bikes = {
    Road: ["Velo Aero", "Velo Sprint"],
    Mountain: ["Velo Ridge", "Velo Trail"],
    City: ["Velo Commute", "Velo Cargo"],
  }[choice]!;
  const bikeId = { Road: "BIKE-1", Mountain: "BIKE-3", City: "BIKE-5" }[choice]!;
  await expect(panel.getByText(SELLING.finishText)).toBeVisible();
  if (cell.viewport === "phone") {
    // A phone shows one card at a time (the mobile layout's default); Show more, the next.
    await expect(panel.locator(".name")).toHaveText(bikes.slice(0, 1));
    await shopper.press(panel.locator("button.more"));
  }
  await expect(panel.locator(".name")).toHaveText(bikes);
  await shopper.axe("results");

  // Before the click: every event once, in order (a click in this tab leaves the page).
  const before = await shopper.messages();
  expectOnce(before, expected, floow.id);
  const sessionId = before[0]!.sessionId;
  if (cell.where === "iframe") {
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { received: Message[] }).received.map((m) => m.id),
        ),
      )
      .toEqual(before.map((m) => m.id));
  }

  const url = new URL(productLink(shop.shop.url, bikeId));
  if (cell.link?.utm) {
    for (const [name, value] of [
      ["utm_source", "floow"],
      ["utm_medium", "guided-selling"],
      ["utm_campaign", floow.name],
    ] as const) {
      if (!url.searchParams.has(name)) url.searchParams.append(name, value);
    }
  }
  const view = panel.getByRole("link", { name: SELLING.productButton }).first();
  let productPage = page;
  if (cell.link?.target === "blank") {
    const popup = page.waitForEvent("popup");
    await shopper.press(view);
    productPage = await popup;
    // The shopper keeps the floow, and the product event reached its data layer once.
    await expect(panel.getByText(SELLING.finishText)).toBeVisible();
    expectOnce(await shopper.messages(), [...expected, "product"], floow.id);
  } else {
    await shopper.press(view);
  }
  await expect(productPage).toHaveURL(url.href);
  const params = new URL(productPage.url()).searchParams;
  expect(params.get("ref")).toBe("feed");
  if (cell.link?.utm) {
    // The merchant's own utm_source stays; the others are the floow's.
    expect(params.get("utm_source")).toBe(bikeId === "BIKE-1" ? "newsletter" : "floow");
    expect(params.get("utm_medium")).toBe("guided-selling");
    expect(params.get("utm_campaign")).toBe(floow.name);
  } else {
    expect([...params.keys()].filter((key) => key.startsWith("utm_"))).toEqual([]);
  }
  await expect(productPage.getByRole("heading", { name: bikes[0] })).toBeVisible();

  // The merchant's endpoint got the form's values, the finish and the click, once each.
  const received = await webhooksOf(sessionId, ["floow.form", "floow.finish", "floow.product"]);
  const form = received.find((w) => w.type === "floow.form")!;
  expect(form.data.formInputs!.map((input) => input.value)).toEqual([
    `Ada ${cell.n}`,
    "ada@example.com",
  ]);
  expect(
    received
      .find((w) => w.type === "floow.finish")!
      .data.choices!.filter((c) => c.selected)
      .map((c) => c.text),
  ).toEqual([choice]);
}

async function data(shopper: Shopper): Promise<void> {
  const { cell, floow, page } = shopper;
  const panel = shopper.panel();
  const dialogOnPage = cell.container === "dialog" && cell.where === "script";
  const expected = ["mount", "start"];
  await start(shopper, DATA);

  if (dialogOnPage) {
    // Its Close button closes it; started again, it is on its question.
    await closeDialog(shopper, "close", DATA.startButton);
    await shopper.press(shopper.region().getByRole("button", { name: DATA.startButton }));
    await expect.soft(panel.getByRole("radio", { name: "Sizing" })).toBeFocused(FOCUS);
    expected.push("close", "start");
  }
  await shopper.press(panel.getByRole("radio", { name: "Servicing" }));
  expected.push("choice");
  await expect.soft(panel.getByLabel(DATA.details.name)).toBeFocused(FOCUS);
  await fillForm(shopper, DATA, `Grace ${cell.n}`);
  expected.push("form", "finish");
  await expect(panel.getByText(DATA.finishText)).toBeVisible();
  await shopper.axe("finish");

  if (dialogOnPage) {
    // Escape closes it from its finish page.
    await closeDialog(shopper, "escape", DATA.startButton);
    expected.push("close");
  } else if (cell.where !== "hosted") {
    // Restart: back on the start page.
    await shopper.press(panel.getByRole("button", { name: "Restart" }));
    await expect(panel.getByRole("button", { name: DATA.startButton })).toBeVisible();
    await expect(panel.getByText(DATA.finishText)).toHaveCount(0);
    expected.push("restart");
  }

  const messages = await shopper.messages();
  expectOnce(messages, expected, floow.id);
  if (cell.where === "iframe") {
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { received: Message[] }).received.map((m) => m.id),
        ),
      )
      .toEqual(messages.map((m) => m.id));
  }
  const received = await webhooksOf(messages[0]!.sessionId, ["floow.form", "floow.finish"]);
  const form = received.find((w) => w.type === "floow.form")!;
  expect(form.data.formInputs!.map((input) => [input.text, input.value])).toEqual([
    [DATA.details.name, `Grace ${cell.n}`],
    [DATA.details.email, "ada@example.com"],
  ]);
  if (cell.where === "hosted") await browserBack(shopper, `Grace ${cell.n}`);
}
