import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicConsentSettings } from "@floow/domain/logic";
import { domain, sellingFloow } from "./test/fixtures";

const API = "https://api.example";
const DOMAIN = "domain-1";
const VISITOR_KEY = "floows:visitor";

type Win = Window & { dataLayer?: unknown[]; __tcfapi?: unknown; floow?: unknown };
const win = window as Win;

/** What the fake API got: each conversion report's body. */
let reports: Record<string, unknown>[];
let domainAnswer: { consent?: PublicConsentSettings; datalayerPurchases?: boolean };

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  delete win.dataLayer;
  delete win.__tcfapi;
  delete win.floow;
  reports = [];
  domainAnswer = { consent: { source: "auto", default: "denied" } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `${API}/api/public/domains/${DOMAIN}/tracking`)
        return new Response(JSON.stringify(domainAnswer));
      if (url.startsWith(`${API}/api/public/floows/f1?`))
        return new Response(
          JSON.stringify({ floow: { ...sellingFloow(), domainId: DOMAIN }, domain }),
        );
      if (url === `${API}/api/public/conversions`) {
        reports.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ counted: true }), { status: 202 });
      }
      return new Response("{}", { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** A fresh runtime (module state is per page) started on the domain, settings applied. */
async function start() {
  const { track } = await import("./tracking");
  const consent = await import("./consent");
  const { conversion } = await import("./index");
  const { visitorId, sessionId } = await import("./session");
  track(DOMAIN, API);
  await vi.waitFor(() => expect(consent.currentConsent()).toBeDefined());
  return { conversion, consent: consent.consent, visitorId, sessionId };
}

function gtag(...args: unknown[]) {
  // gtag.js's own definition: its `arguments` go on the data layer.
  // eslint-disable-next-line prefer-rest-params
  (win.dataLayer ??= []).push(arguments);
  void args;
}

describe("consent and the visitor id", () => {
  it("without any signal, the domain's default decides: denied stores nothing, and events carry null", async () => {
    const { visitorId } = await start();
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
    expect(visitorId()).toBeNull();
  });

  it("a domain that assumes consent without a signal stores one visitor id, kept across page loads", async () => {
    domainAnswer.consent = { source: "auto", default: "granted" };
    const { visitorId } = await start();
    const id = visitorId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    vi.resetModules();
    const again = await start();
    expect(again.visitorId()).toBe(id);
  });

  it("Google Consent Mode: a denied default stores nothing; the update that grants stores the id, one that refuses removes it", async () => {
    gtag("consent", "default", { analytics_storage: "denied", ad_storage: "denied" });
    const { visitorId } = await start();
    expect(visitorId()).toBeNull();
    gtag("consent", "update", { analytics_storage: "granted" });
    expect(visitorId()).toMatch(/^[0-9a-f-]{36}$/);
    gtag("consent", "update", { analytics_storage: "denied" });
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
  });

  it("a Consent Mode default scoped to regions is not read (the shopper's region is unknown)", async () => {
    domainAnswer.consent = { source: "consent-mode", default: "denied" };
    gtag("consent", "default", { analytics_storage: "granted", region: ["US"] });
    const { visitorId } = await start();
    expect(visitorId()).toBeNull();
  });

  it("IAB TCF v2.2: purposes 1 and 8 give analytics consent once the CMP has the choice", async () => {
    let listener: (data: unknown, success: boolean) => void = () => {};
    win.__tcfapi = (command: string, version: number, callback: typeof listener) => {
      if (command === "addEventListener" && version === 2) listener = callback;
    };
    const { visitorId } = await start();
    listener({ eventStatus: "cmpuishown", gdprApplies: true, purpose: { consents: {} } }, true);
    expect(visitorId()).toBeNull();
    listener(
      { eventStatus: "useractioncomplete", gdprApplies: true, purpose: { consents: { 1: true } } },
      true,
    );
    expect(visitorId()).toBeNull();
    listener(
      {
        eventStatus: "useractioncomplete",
        gdprApplies: true,
        purpose: { consents: { 1: true, 8: true } },
      },
      true,
    );
    expect(visitorId()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("IAB TCF v2.2: a CMP that loads late without the stub is still read (looked for every 250 ms)", async () => {
    const { visitorId } = await start();
    expect(visitorId()).toBeNull();
    // The CMP's tag arrives later (async, or from a tag manager): no `__tcfapi` stub before it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    win.__tcfapi = (
      command: string,
      version: number,
      callback: (d: unknown, s: boolean) => void,
    ) => {
      if (command === "addEventListener" && version === 2)
        callback(
          {
            eventStatus: "tcloaded",
            gdprApplies: true,
            purpose: { consents: { 1: true, 8: true } },
          },
          true,
        );
    };
    await vi.waitFor(() => expect(visitorId()).toMatch(/^[0-9a-f-]{36}$/));
  });

  it("IAB TCF v2.2: the page is looked at for 10 s, then no more (the domain's default stands)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const { TCF_WAIT } = await import("./consent");
      const { visitorId } = await start();
      const calls: string[] = [];
      const cmp = (
        command: string,
        _version: number,
        callback: (d: unknown, s: boolean) => void,
      ) => {
        calls.push(command);
        callback({ eventStatus: "tcloaded", gdprApplies: false }, true);
      };
      vi.advanceTimersByTime(TCF_WAIT.every * TCF_WAIT.tries);
      win.__tcfapi = cmp;
      vi.advanceTimersByTime(60_000);
      expect(calls).toEqual([]);
      expect(visitorId()).toBeNull();
      // Within the 10 s (a fresh page), the same CMP is read: gdprApplies false grants.
      delete win.__tcfapi;
      vi.resetModules();
      const again = await start();
      vi.advanceTimersByTime(TCF_WAIT.every * (TCF_WAIT.tries - 2));
      win.__tcfapi = cmp;
      vi.advanceTimersByTime(TCF_WAIT.every);
      expect(calls).toEqual(["addEventListener"]);
      expect(again.visitorId()).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the domain's trusted source wins: with 'tcf', Consent Mode's grant is not enough; floow.consent comes first in 'auto'", async () => {
    domainAnswer.consent = { source: "tcf", default: "denied" };
    gtag("consent", "update", { analytics_storage: "granted" });
    const first = await start();
    expect(first.visitorId()).toBeNull();

    vi.resetModules();
    domainAnswer.consent = { source: "auto", default: "denied" };
    const second = await start();
    expect(second.visitorId()).toMatch(/^[0-9a-f-]{36}$/);
    second.consent({ analytics: false });
    expect(second.visitorId()).toBeNull();
  });
});

describe("conversions", () => {
  it("floow.conversion sends the order with the tab's session and, without consent, no visitor id", async () => {
    gtag("consent", "default", { analytics_storage: "denied" });
    const { conversion, sessionId } = await start();
    expect(
      await conversion({
        orderId: "A-1",
        value: 59.9,
        currency: "EUR",
        items: [{ id: "p1", price: 59.9 }],
      }),
    ).toBe(true);
    expect(reports).toEqual([
      {
        domainId: DOMAIN,
        orderId: "A-1",
        value: 59.9,
        currency: "EUR",
        items: [{ id: "p1", price: 59.9 }],
        source: "runtime",
        visitorId: null,
        sessionId: sessionId(),
      },
    ]);
  });

  it("picks up GA4 purchases from gtag and from dataLayer.push when the domain enables it, each order once", async () => {
    domainAnswer = { consent: { source: "auto", default: "granted" }, datalayerPurchases: true };
    // Pushed before the runtime came: read from the data layer's past.
    gtag("event", "purchase", {
      transaction_id: "T-1",
      value: 30.03,
      currency: "USD",
      items: [{ item_id: "SKU_1", item_name: "Stan and Friends Tee", price: "10.01", quantity: 3 }],
    });
    const { visitorId } = await start();
    win.dataLayer!.push({ event: "purchase", ecommerce: null });
    win.dataLayer!.push({
      event: "purchase",
      ecommerce: { transaction_id: 1002, currency: "eur", items: [{ item_id: "b", price: 5 }] },
    });
    win.dataLayer!.push({
      event: "purchase",
      ecommerce: { transaction_id: 1002, currency: "eur", items: [{ item_id: "b", price: 5 }] },
    });
    // Not a purchase, and one without a currency: nothing.
    win.dataLayer!.push({
      event: "add_to_cart",
      ecommerce: { transaction_id: "x", currency: "EUR" },
    });
    win.dataLayer!.push({
      event: "purchase",
      ecommerce: { transaction_id: "no-currency", value: 1 },
    });
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[0]).toMatchObject({
      orderId: "T-1",
      value: 30.03,
      currency: "USD",
      items: [{ id: "SKU_1", name: "Stan and Friends Tee", price: 10.01, quantity: 3 }],
      source: "datalayer",
      visitorId: visitorId(),
    });
    expect(reports[1]).toMatchObject({ orderId: 1002, value: 5, currency: "eur" });
  });

  it("does not pick up purchases on a domain that has not enabled it", async () => {
    const { conversion } = await start();
    gtag("event", "purchase", { transaction_id: "T-9", value: 1, currency: "EUR" });
    await conversion({ orderId: "marker", value: 1, currency: "EUR" });
    expect(reports.map((report) => report.orderId)).toEqual(["marker"]);
  });
});

describe("the script tag's window.floow", () => {
  it("runs what the page queued before it came, then takes calls", async () => {
    const loader = document.createElement("script");
    loader.src = `${API}/embed.js`;
    loader.dataset.domain = DOMAIN;
    document.head.append(loader);
    win.floow = [
      ["consent", { analytics: true }],
      ["conversion", { orderId: "Q-1", value: 10, currency: "EUR" }],
    ];
    await import("./chunks/tracking");
    const api = win.floow as { conversion(order: unknown): Promise<boolean> };
    await vi.waitFor(() => expect(localStorage.getItem(VISITOR_KEY)).not.toBeNull());
    await api.conversion({ orderId: "Q-2", value: 20, currency: "EUR" });
    await vi.waitFor(() => expect(reports.map((r) => r.orderId).sort()).toEqual(["Q-1", "Q-2"]));
    loader.remove();
  });
});

describe("the npm build's mount(element, { floowId, apiUrl })", () => {
  it("starts consent and conversions for the floow's domain, as the script tag does", async () => {
    domainAnswer.consent = { source: "auto", default: "granted" };
    const runtime = await import("./index");
    const { visitorId, sessionId } = await import("./session");
    document.body.innerHTML = `<div id="advisor"></div>`;
    const floow = runtime.mount(document.querySelector("#advisor"), {
      floowId: "f1",
      apiUrl: `${API}/`,
    });
    await floow.ready;
    // The domain's settings were asked for, and its default (granted) stored a visitor id.
    await vi.waitFor(() => expect(visitorId()).toMatch(/^[0-9a-f-]{36}$/));
    // conversion() needs no target: it reports to the floow's domain.
    expect(await runtime.conversion({ orderId: "N-1", value: 12.5, currency: "EUR" })).toBe(true);
    expect(reports).toEqual([
      {
        domainId: DOMAIN,
        orderId: "N-1",
        value: 12.5,
        currency: "EUR",
        items: [],
        source: "runtime",
        visitorId: visitorId(),
        sessionId: sessionId(),
      },
    ]);
    runtime.destroy();
  });

  it("the floow's domain's consent applies: a Consent Mode refusal keeps the visitor id away", async () => {
    gtag("consent", "default", { analytics_storage: "granted" });
    gtag("consent", "update", { analytics_storage: "denied" });
    domainAnswer.consent = { source: "auto", default: "granted" };
    const runtime = await import("./index");
    const consent = await import("./consent");
    const floow = runtime.mount(document.body, { floowId: "f1", apiUrl: API });
    await floow.ready;
    await vi.waitFor(() => expect(consent.currentConsent()).toBeDefined());
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
    runtime.destroy();
  });

  it("tracking: false leaves consent and conversions off (and a preview never starts them)", async () => {
    domainAnswer.consent = { source: "auto", default: "granted" };
    const runtime = await import("./index");
    const off = runtime.mount(document.body, { floowId: "f1", apiUrl: API, tracking: false });
    const preview = runtime.mount(document.body, { floowId: "f1", apiUrl: API, preview: true });
    await Promise.all([off.ready, preview.ready]);
    const fetched = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(fetched.filter((url) => url.includes("/floows/f1"))).toHaveLength(2);
    expect(fetched.some((url) => url.endsWith("/tracking"))).toBe(false);
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
    // No domain to report to: conversion() says so (false) rather than guessing one.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await runtime.conversion({ orderId: "N-2", value: 1, currency: "EUR" })).toBe(false);
    warn.mockRestore();
    expect(reports).toEqual([]);
    runtime.destroy();
  });

  it('<floow-widget> (`@floow/runtime/element`) starts them as mount() does; tracking="off" leaves them off', async () => {
    domainAnswer.consent = { source: "auto", default: "granted" };
    const consent = await import("./consent");
    await import("./widget");
    const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    const tag = (attributes: string) =>
      document.body.insertAdjacentHTML(
        "beforeend",
        `<floow-widget floow-id="f1" api-url="${API}" ${attributes}></floow-widget>`,
      );
    tag('tracking="off"');
    await vi.waitFor(() => expect(document.querySelector("[data-floow-host]")).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched().filter((url) => url.includes("/floows/f1"))).toHaveLength(1);
    expect(fetched().some((url) => url.endsWith("/tracking"))).toBe(false);
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
    // Without the attribute: the floow's domain's consent (granted here) gives a visitor id.
    tag("");
    await vi.waitFor(() => expect(consent.currentConsent()).toBeDefined());
    expect(fetched().filter((url) => url.endsWith(`/domains/${DOMAIN}/tracking`))).toHaveLength(1);
    expect(localStorage.getItem(VISITOR_KEY)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
