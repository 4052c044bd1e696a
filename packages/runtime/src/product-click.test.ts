/**
 * What a shopper's click on a product (or on a link in a text) does (issue 21): the link
 * really opens (the click is not cancelled, also inside a dialog), where the floow's
 * `finish.results.link` says, with UTM parameters when asked, and the `product` event is
 * sent at once with a keepalive fetch, which the browser completes after the page is gone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOST_ATTR } from "./host";
import { destroy, mount, open } from "./index";
import type { FloowEvent } from "./events";
import { domain as brand, products, sellingFloow, settle } from "./test/fixtures";

const domain = { ...brand, fonts: [] };
const API = "https://api.example";
/** Each click that reached the page: whether anything cancelled it (a cancelled link never opens). */
let clicks: { href: string | null; target: string | null; cancelled: boolean }[];
const record = (event: MouseEvent) => {
  const link = (event.composedPath()[0] as Element).closest?.("a");
  if (!link) return;
  clicks.push({
    href: link.getAttribute("href"),
    target: link.getAttribute("target"),
    cancelled: event.defaultPrevented,
  });
  event.preventDefault(); // happy-dom would navigate the test's window
};
/** The event batches sent to the API: each keepalive fetch's URL and body. */
let sent: { url: string; body: string; keepalive?: boolean }[];

beforeEach(() => {
  document.body.innerHTML = `<div id="app"></div>`;
  clicks = [];
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith("/api/public/results"))
        return new Response(JSON.stringify({ products, partial: false }));
      sent.push({ url, body: String(init?.body), keepalive: init?.keepalive });
      return new Response("{}", { status: 202 });
    }),
  );
  addEventListener("click", record);
});

afterEach(() => {
  destroy();
  removeEventListener("click", record);
  vi.unstubAllGlobals();
  delete (window as { dataLayer?: unknown }).dataLayer;
});

const dialogRoot = () =>
  [...document.body.children].filter((el) => el.hasAttribute(HOST_ATTR)).at(-1)!.shadowRoot!;
const view = (r: ParentNode) =>
  [...r.querySelectorAll<HTMLAnchorElement>("a.btn")].find((a) => a.textContent === "View")!;
const dataLayer = () =>
  ((window as unknown as { dataLayer?: FloowEvent[] }).dataLayer ?? []).filter(
    (e) => e.event === "floows",
  );

async function dialogResults(overrides: Parameters<typeof sellingFloow>[0] = {}) {
  const floow = sellingFloow(overrides);
  open(floow.id, {
    floow: { ...floow, floowVersion: 3 } as never,
    domain,
    apiUrl: API,
    view: { kind: "finish" },
  });
  await settle();
  return dialogRoot();
}

describe("a product's View in a dialog floow", () => {
  it("opens the product page in this tab by default, and sends the product event before leaving", async () => {
    const r = await dialogResults();
    const link = view(r);
    expect(link.getAttribute("href")).toBe("https://shop.example/p1");
    link.click();
    // The click reached the page uncancelled: the browser follows the link, in the top tab.
    expect(clicks).toEqual([{ href: "https://shop.example/p1", target: "_top", cancelled: false }]);
    expect(link.getAttribute("rel")).toBeNull();
    // Sent during the click, not a second later (a keepalive fetch outlives the page), with
    // the version shown.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: `${API}/api/public/events`, keepalive: true });
    const events = (JSON.parse(sent[0]!.body) as { events: FloowEvent[] }).events;
    expect(events.map((e) => e.type)).toEqual(["mount", "product"]);
    const product = events.find((e) => e.type === "product")!;
    expect(product.product).toMatchObject({ id: "p1", url: "https://shop.example/p1" });
    expect(product.floowVersion).toBe(3);
  });

  it("opens in a new tab with noopener and UTM parameters when the floow says so", async () => {
    const base = sellingFloow();
    const r = await dialogResults({
      name: "Bike advisor",
      finish: {
        ...base.finish,
        results: { ...base.finish.results, link: { target: "blank", utm: true } },
      },
    });
    const link = view(r);
    link.click();
    expect(clicks).toEqual([
      {
        href: "https://shop.example/p1?utm_source=floow&utm_medium=guided-selling&utm_campaign=Bike+advisor",
        target: "_blank",
        cancelled: false,
      },
    ]);
    expect(link.getAttribute("rel")).toBe("noopener");
    expect(dataLayer().filter((e) => e.type === "product")).toHaveLength(1);
  });

  it("reads a floow stored before the setting as this tab, no UTM", async () => {
    const base = sellingFloow();
    const { link: _, ...results } = base.finish.results;
    const r = await dialogResults({ finish: { ...base.finish, results: results as never } });
    view(r).click();
    expect(clicks).toEqual([{ href: "https://shop.example/p1", target: "_top", cancelled: false }]);
  });
});

describe("in the editor's preview", () => {
  it("a product opens in a new tab whatever the setting, never in the editor's own", async () => {
    const floow = sellingFloow();
    mount(document.getElementById("app"), {
      floow,
      domain,
      preview: true,
      view: { kind: "finish" },
      results: async () => ({ products, partial: false }),
    });
    await settle();
    const r = document.querySelector(`[${HOST_ATTR}]`)!.shadowRoot!;
    view(r).click();
    expect(clicks).toEqual([
      { href: "https://shop.example/p1", target: "_blank", cancelled: false },
    ]);
  });
});

describe("a link in a question's text", () => {
  it("opens in a new tab with noopener, also inside a dialog (the click is not cancelled)", () => {
    const floow = sellingFloow();
    floow.steps[0]!.text = `<p>See <a href="https://guide.example/sizes">sizes</a></p>`;
    open(floow.id, { floow, domain, view: { kind: "step", stepId: "q1" } });
    const link = dialogRoot().querySelector<HTMLAnchorElement>(".question a")!;
    expect(link.getAttribute("rel")).toContain("noopener");
    link.click();
    expect(clicks).toEqual([
      { href: "https://guide.example/sizes", target: "_blank", cancelled: false },
    ]);
  });
});

describe("floowVersion", () => {
  it("is on every event of a versioned floow, in the data layer and the server copy", async () => {
    const r = await dialogResults();
    view(r).click();
    const events = dataLayer();
    expect(events.map((e) => e.type)).toEqual(["mount", "product"]);
    expect(events.every((e) => e.floowVersion === 3)).toBe(true);
    const server = sent.flatMap((b) => (JSON.parse(b.body) as { events: FloowEvent[] }).events);
    expect(server.map((e) => [e.type, e.floowVersion])).toEqual([
      ["mount", 3],
      ["product", 3],
    ]);
  });

  it("is left out for a floow without versions", () => {
    open("f1", { floow: sellingFloow(), domain });
    expect(dataLayer()[0]).not.toHaveProperty("floowVersion");
  });
});
