import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOST_ATTR } from "./host";
import { destroy, mount, on, open } from "./index";
import type { FloowEvent } from "./events";
import { blurOnRemove } from "./test/blur-on-remove";
import { domain as brand, products, sellingFloow, settle } from "./test/fixtures";

// happy-dom would really fetch font stylesheets (tested with loadFonts in theme.test.ts).
const domain = { ...brand, fonts: [] };
const noNavigation = (event: Event) => {
  if ((event.composedPath()[0] as Element).closest?.("a")) event.preventDefault();
};

const API = "https://api.example";
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  document.body.innerHTML = `<button id="before">page</button><div id="app"></div>`;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith("/api/public/results")) {
      return new Response(JSON.stringify({ products, partial: false }), { status: 200 });
    }
    if (url.includes("/api/public/floows/")) {
      return new Response(
        JSON.stringify({ floow: sellingFloow({ id: "remote", name: "Remote" }), domain }),
        { status: 200 },
      );
    }
    if (url.endsWith("/api/public/events")) return new Response("{}", { status: 202, headers: {} });
    throw new Error(`unexpected ${url} ${String(init?.method)}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  document.addEventListener("click", noNavigation, true);
});

afterEach(() => {
  destroy();
  document.removeEventListener("click", noNavigation, true);

  vi.unstubAllGlobals();
  delete (window as { dataLayer?: unknown }).dataLayer;
});

const app = () => document.getElementById("app")!;
const root = (container: Element = app()) => container.querySelector(`[${HOST_ATTR}]`)!.shadowRoot!;
const dialogRoot = () =>
  [...document.body.children]
    .filter((el) => el.hasAttribute(HOST_ATTR) && el.parentElement === document.body)
    .at(-1)!.shadowRoot!;
const buttons = (r: ParentNode) => [...r.querySelectorAll("button")];
const byText = (r: ParentNode, text: string) =>
  [...r.querySelectorAll<HTMLElement>("button, a")].find((b) => b.textContent?.trim() === text)!;
const dataLayer = () =>
  ((window as unknown as { dataLayer?: FloowEvent[] }).dataLayer ?? []).filter(
    (e) => e.event === "floows",
  );

function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

describe("an embedded floow", () => {
  const embedded = () =>
    sellingFloow({ container: { type: "embedded", radius: "md", padding: "md" } });

  it("renders in a shadow root with the reset, and walks start → choice → condition → form → results", async () => {
    mount(app(), { floow: embedded(), domain, apiUrl: API, device: "desktop" });
    const r = root();
    // A constructable stylesheet (render/sheet.ts): no `<style>`, which a strict CSP blocks.
    expect(r.querySelector("style")).toBeNull();
    const [sheet] = r.adoptedStyleSheets;
    expect((sheet!.cssRules[0] as CSSStyleRule).selectorText).toBe(":host");
    expect(document.querySelector(".floow")).toBeNull(); // nothing outside the shadow root
    expect(r.textContent).toContain("Find your bike");
    byText(r, "Start").click();
    expect(r.querySelector(".question")!.innerHTML).toBe("<p>What is your <b>budget</b>?</p>");
    // Question 1 of 3 on the default path: a third done.
    expect(r.querySelector("[role=progressbar]")!.getAttribute("aria-valuenow")).toBe("33");
    expect(r.querySelector("[role=radiogroup] [role=radio]")!.getAttribute("aria-checked")).toBe(
      "false",
    );
    // "Low" goes straight to the form (the condition skips q2): the path is now 2 steps long.
    buttons(r)
      .find((b) => b.textContent === "Low")!
      .click();
    expect(r.textContent).toContain("Your details");
    expect(r.querySelector("[role=progressbar]")!.getAttribute("aria-valuenow")).toBe("100");
    expect(r.querySelector("[role=progressbar]")!.getAttribute("aria-valuetext")).toBe(
      "Step 2 of 2",
    );
    byText(r, "Next").click();
    expect(r.querySelector(".error")!.textContent).toBe("This field is required");
    expect(r.querySelector("#i-name")!.getAttribute("aria-invalid")).toBe("true");
    type(r.querySelector<HTMLInputElement>("#i-name")!, "Ada");
    type(r.querySelector<HTMLInputElement>("#i-email")!, "nope");
    expect(r.querySelector(".error")!.textContent).toBe("E-mail should be valid");
    type(r.querySelector<HTMLInputElement>("#i-email")!, "ada@example.com");
    byText(r, "Next").click();
    expect(r.querySelector("[role=status]")).not.toBeNull(); // results loading
    await settle();
    expect(fetchMock).toHaveBeenCalledWith(
      `${API}/api/public/results`,
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ floowId: "f1", choiceIds: ["low"] }),
      }),
    );
    // Desktop shows 3 in view; the rest behind "Show more".
    const cards = () => [...r.querySelectorAll(".card")];
    expect(cards()).toHaveLength(3);
    const first = cards()[0]!;
    expect(first.querySelector(".name")!.textContent).toBe("City bike <b>Pro</b>"); // a name is text
    expect(first.querySelector(".price")!.textContent).toBe("€ 499,00");
    expect(first.querySelector(".desc")!.innerHTML).toBe(
      '<p>Fast <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    );
    expect(cards()[2]!.querySelector("a")).toBeNull(); // a javascript: link gets no button
    byText(r, "Show more").click();
    expect(cards()).toHaveLength(4);
    byText(first, "View").click();
    expect(dataLayer().map((e) => e.type)).toEqual([
      "mount",
      "start",
      "choice",
      "form",
      "finish",
      "product",
    ]);
    expect(dataLayer()[5]!.product).toEqual(products[0]);
    byText(r, "Restart").click();
    expect(r.textContent).toContain("Find your bike");
    expect(dataLayer().at(-1)!.type).toBe("restart");
  });

  it("moves focus to a new page's first answer when the visitor was in the floow", () => {
    mount(app(), { floow: embedded(), domain, device: "desktop" });
    const r = root();
    const start = byText(r, "Start");
    start.focus();
    start.click();
    expect(r.activeElement?.textContent).toBe("Low"); // the first choice of the radio group
    buttons(r)
      .find((b) => b.textContent === "Low")!
      .click();
    expect(r.activeElement?.id).toBe("i-name"); // the form's first input
    byText(r, "Back").click();
    expect(r.activeElement?.textContent).toBe("Low");
  });

  it("sends its events to the API in batches", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    mount(app(), { floow: embedded(), domain, apiUrl: API });
    byText(root(), "Start").click();
    await vi.advanceTimersByTimeAsync(1000);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/api/public/events"))!;
    const body = JSON.parse(String(call[1]!.body)) as { events: FloowEvent[] };
    expect(body.events.map((e) => [e.type, e.floowId, e.organizationId, e.domainId])).toEqual([
      ["mount", "f1", "o1", "d1"],
      ["start", "f1", "o1", "d1"],
    ]);
    expect(body.events[0]!.sessionId).toBe(body.events[1]!.sessionId);
    // No analytics consent on this page: no visitor id (docs/events.md "Consent").
    expect(body.events.map((e) => e.visitorId)).toEqual([null, null]);
    vi.useRealTimers();
  });

  it("carries the visitor id the page's consent stored on every event", async () => {
    localStorage.setItem("floows:visitor", "visitor-1");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    mount(app(), { floow: embedded(), domain, apiUrl: API });
    byText(root(), "Start").click();
    await vi.advanceTimersByTimeAsync(1000);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/api/public/events"))!;
    const body = JSON.parse(String(call[1]!.body)) as { events: FloowEvent[] };
    expect(body.events.map((e) => e.visitorId)).toEqual(["visitor-1", "visitor-1"]);
    localStorage.removeItem("floows:visitor");
    vi.useRealTimers();
  });

  it("stamps the visitor's experiment arm on every event", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    mount(app(), {
      floow: { ...embedded(), variantId: "arm-b", floowVersion: 2 },
      domain,
      apiUrl: API,
    });
    byText(root(), "Start").click();
    await vi.advanceTimersByTimeAsync(1000);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/api/public/events"))!;
    const body = JSON.parse(String(call[1]!.body)) as { events: FloowEvent[] };
    expect(body.events.map((e) => [e.type, e.variantId, e.floowVersion])).toEqual([
      ["mount", "arm-b", 2],
      ["start", "arm-b", 2],
    ]);
    vi.useRealTimers();
  });

  it("shows a holdout visitor nothing and tells only the server, once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const seen: FloowEvent[] = [];
    const off = on("*", (event) => seen.push(event));
    const before = dataLayer().length;
    mount(app(), {
      floow: { ...embedded(), variantId: "arm-h", holdout: true },
      domain,
      apiUrl: API,
    });
    expect(root().textContent).toBe("");
    expect(root().querySelector(".floow")).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/api/public/events"))!;
    const body = JSON.parse(String(call[1]!.body)) as { events: FloowEvent[] };
    expect(body.events.map((e) => [e.type, e.floowId, e.variantId])).toEqual([
      ["holdout", "f1", "arm-h"],
    ]);
    // Not the page's business: no data-layer entry, no listener call.
    expect(dataLayer().length).toBe(before);
    expect(seen).toEqual([]);
    off();
    vi.useRealTimers();
  });

  it("uses the mobile styles on narrow viewports and the floow's language for its own texts", () => {
    const floow = embedded();
    floow.language = "nl";
    floow.start.type = "none";
    mount(app(), { floow, domain, device: "mobile" });
    const r = root();
    expect(r.querySelector(".floow")!.getAttribute("data-device")).toBe("mobile");
    expect(r.querySelector(".floow")!.getAttribute("lang")).toBe("nl");
    expect(r.querySelector("[role=progressbar]")!.getAttribute("aria-valuetext")).toBe(
      "Stap 1 van 3",
    );
  });

  it("shows a choice's image in every style type, the default basic one too", () => {
    const floow = embedded();
    floow.start.type = "none";
    floow.steps[0]!.choices[0]!.image = "https://shop.example/low.png";
    for (const type of ["basic", "card", "image"] as const) {
      floow.steps[0]!.mobile = { ...floow.steps[0]!.mobile, type, imagePosition: "top" };
      const instance = mount(app(), { floow, domain, device: "mobile" });
      const images = [...root().querySelectorAll<HTMLImageElement>(".choice img")];
      expect(
        images.map((i) => i.getAttribute("src")),
        type,
      ).toEqual(["https://shop.example/low.png"]);
      instance.destroy();
    }
    floow.steps[0]!.mobile = { ...floow.steps[0]!.mobile, type: "basic", imagePosition: "none" };
    mount(app(), { floow, domain, device: "mobile" });
    expect(root().querySelectorAll(".choice img")).toHaveLength(0);
  });

  it("fetches a floow by id, showing a skeleton meanwhile", async () => {
    const instance = mount(app(), { floowId: "remote", apiUrl: API });
    expect(root().querySelector(".sk")!.getAttribute("aria-label")).toBe("Loading…");
    await instance.ready;
    expect(root().textContent).toContain("Find your bike");
    // With the key a running experiment assigns the visitor by: the tab's session id here.
    expect(fetchMock).toHaveBeenCalledWith(
      `${API}/api/public/floows/remote?visitor=${sessionStorage.getItem("floows:session")}`,
      expect.anything(),
    );
  });

  it("labels its skeleton in the language asked for, else the page's", async () => {
    document.documentElement.lang = "de-DE";
    try {
      const first = mount(app(), { floowId: "remote", apiUrl: API });
      expect(root().querySelector(".sk")!.getAttribute("aria-label")).toBe("Wird geladen…");
      first.destroy();
      const second = mount(app(), { floowId: "remote", apiUrl: API, language: "fr" });
      expect(root().querySelector(".sk")!.getAttribute("aria-label")).toBe("Chargement…");
      await Promise.all([first.ready, second.ready]);
    } finally {
      document.documentElement.lang = "";
    }
  });
  it("shows no error under a field the shopper has not touched since coming back to the form (issue 21)", () => {
    // Back removes the focused input: Chromium blurs it during that render.
    blurOnRemove();
    mount(app(), { floow: embedded(), domain });
    const r = root();
    const input = () => r.querySelector<HTMLInputElement>("#i-name")!;
    byText(r, "Start").click();
    byText(r, "Low").click(); // to the form
    input().focus();
    // The floow's own Back with focus in the untouched field, then forward again.
    byText(r, "Back").click();
    expect(r.textContent).toContain("What is your budget?");
    byText(r, "Low").click();
    expect(input()).not.toBeNull();
    expect(r.querySelector(".error")).toBeNull();
    expect(input().getAttribute("aria-invalid")).toBe("false");
    // The shopper's own blur shows the error (the mouse on Back blurs the field first): it
    // belongs to that visit, and a visit after Back starts clean.
    input().dispatchEvent(new FocusEvent("blur"));
    expect(r.querySelector(".error")!.textContent).toBe("This field is required");
    byText(r, "Back").click();
    byText(r, "Low").click();
    expect(r.querySelector(".error")).toBeNull();
    // Next still shows every error of the form.
    byText(r, "Next").click();
    expect(r.querySelector(".error")!.textContent).toBe("This field is required");
  });
});

describe("a dialog floow", () => {
  it("shows its start page at the element and opens a modal dialog; Escape closes and restores focus", () => {
    const events: FloowEvent[] = [];
    on("*", (event) => events.push(event));
    const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
    mount(app(), { floow: sellingFloow(), domain });
    const launcher = byText(root(), "Start");
    launcher.focus();
    launcher.click();
    const d = dialogRoot();
    // The browser's modal dialog: the page under it inert, Escape its own.
    const dialog = d.querySelector("dialog")!;
    expect(showModal).toHaveBeenCalledOnce();
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect(dialog.getAttribute("aria-label")).toBe("Bike advisor");
    expect(d.textContent).toContain("What is your budget?");
    expect(d.activeElement?.textContent).toBe("Low"); // focus moved in (past the close button)
    expect(document.documentElement.style.overflow).toBe("hidden");
    dialog.close(); // as the browser does on Escape (happy-dom has no close watcher)
    expect(document.querySelectorAll(`body > [${HOST_ATTR}]`)).toHaveLength(0);
    expect(root().activeElement).toBe(launcher); // focus restored
    expect(document.documentElement.style.overflow).toBe("");
    expect(events.map((e) => e.type)).toEqual(["mount", "start", "close"]);
  });

  it("closes with Escape from the form's focused input, focus back on the launcher", () => {
    // Closing removes the focused input: its blur asks for a render during the close's.
    blurOnRemove();
    mount(app(), { floow: sellingFloow(), domain });
    const launcher = byText(root(), "Start");
    launcher.focus();
    launcher.click();
    byText(dialogRoot(), "Low").click(); // to the form: focus on its first input
    const input = dialogRoot().activeElement!;
    expect(input.id).toBe("i-name");
    dialogRoot().querySelector("dialog")!.close(); // Escape
    expect(document.querySelectorAll(`body > [${HOST_ATTR}]`)).toHaveLength(0);
    expect(root().activeElement).toBe(launcher);
    expect(document.documentElement.style.overflow).toBe("");
    // Opened again on the form: the blur of its removal did not touch the field (issue 21).
    open("f1");
    expect(dialogRoot().querySelector("#i-name")).not.toBeNull();
    expect(dialogRoot().querySelector(".error")).toBeNull();
  });

  it("opened by id, shows a skeleton dialog until the floow arrives, then moves focus in", async () => {
    const instance = open("remote", { apiUrl: API })!;
    expect(dialogRoot().querySelector(".overlay .sk")).not.toBeNull();
    await instance.ready;
    const d = dialogRoot();
    expect(d.querySelector("dialog")!.getAttribute("aria-label")).toBe("Remote");
    expect(d.activeElement?.textContent).toBe("Start");
    // @ts-expect-error `floowId` without `apiUrl` (a type error too)
    expect(() => mount(app(), { floowId: "remote" })).toThrow(/apiUrl/);
  });

  it("wraps Tab around inside the dialog", () => {
    const instance = open("f1", { floow: sellingFloow(), domain });
    expect(instance).toBeDefined();
    const d = dialogRoot();
    const dialog = d.querySelector<HTMLElement>("dialog")!;
    const tabbable = [...dialog.querySelectorAll<HTMLElement>("button")].filter((b) => !b.hidden);
    tabbable.at(-1)!.focus();
    dialog.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(d.activeElement).toBe(tabbable[0]);
    dialog.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Tab", shiftKey: true, bubbles: true }),
    );
    expect(d.activeElement).toBe(tabbable.at(-1));
  });

  it("closes on a click outside only with closeOnClickOutside; the close button always closes", () => {
    open("f1", { floow: sellingFloow(), domain });
    const overlay = () => dialogRoot()?.querySelector<HTMLElement>(".overlay");
    // A click on the backdrop (the dialog element around the panel): it stays.
    overlay()!.click();
    expect(overlay()).not.toBeNull();
    // A click inside the panel does not close it either.
    dialogRoot().querySelector<HTMLElement>(".panel")!.click();
    expect(overlay()).not.toBeNull();
    dialogRoot().querySelector("dialog")!.close(); // Escape
    expect(document.querySelectorAll(`body > [${HOST_ATTR}]`)).toHaveLength(0);
    open("f1");
    expect(overlay()).not.toBeNull();
    byText(dialogRoot(), "").click(); // the close button has only its icon
    expect(document.querySelectorAll(`body > [${HOST_ATTR}]`)).toHaveLength(0);
    // Opening it again continues the same floow.
    open("f1");
    expect(overlay()).not.toBeNull();
    destroy();
    open("f2", { floow: sellingFloow({ id: "f2", closeOnClickOutside: true }), domain });
    overlay()!.click();
    expect(document.querySelectorAll(`body > [${HOST_ATTR}]`)).toHaveLength(0);
  });
});

describe("the editor preview", () => {
  it("renders a given view of a config object with no network and no data layer", () => {
    const seen: FloowEvent[] = [];
    const instance = mount(app(), {
      floow: sellingFloow(),
      domain,
      device: "desktop",
      preview: true,
      view: { kind: "step", stepId: "q2" },
      onEvent: (event) => seen.push(event),
    });
    const r = root();
    // The dialog shows inside the preview element, not over the dashboard.
    const dialog = r.querySelector("dialog.overlay.contained")!;
    expect(dialog.querySelector(".panel.dialog")).not.toBeNull();
    expect(dialog.hasAttribute("open")).toBe(true); // open in its frame, not modal
    expect(document.querySelectorAll(`body > [${HOST_ATTR}]`)).toHaveLength(0);
    expect(r.textContent).toContain("Which colours?");
    buttons(r)
      .find((b) => b.textContent?.includes("Red"))!
      .click();
    expect(seen.map((e) => e.type)).toEqual(["mount", "choice"]);
    instance.update({ view: { kind: "finish" } });
    expect(r.textContent).toContain("No results found");
    const floow = sellingFloow();
    floow.finish.results.placeholder.text = "Nothing here";
    instance.update({ floow });
    expect(r.textContent).toContain("Nothing here");
    expect(dataLayer()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
