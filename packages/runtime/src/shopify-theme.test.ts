/**
 * The Shopify theme snippet of docs/integrations.md ("How the theme passes the visitor and
 * session"), run as the docs print it: on a shop's pages it copies the runtime's session id
 * (and, with analytics consent, its visitor id) into the cart's attributes, which Shopify
 * copies to the order's `note_attributes` (`floow_session`, `floow_visitor`): what the
 * `orders/create` receiver attributes the order by. Shopify's `/cart/update.js` is played by a
 * recorder of what the theme posts; the ids are the runtime's own (session.ts, consent.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Tests run in packages/runtime.
const docs = readFileSync(resolve(process.cwd(), "../../docs/integrations.md"), "utf8");
/** The snippet's script, as printed under the docs' heading (the test fails if it moves). */
const section = docs.slice(docs.indexOf("**How the theme passes the visitor and session.**"));
const script = /```html\n<script>\n([\s\S]*?)<\/script>\n```/.exec(section)?.[1];

/** One page load of the theme: the snippet at the end of `theme.liquid`. */
const themePage = () => new Function(script!)();

let cart: { url: string; body: Record<string, unknown> }[];
let cartAnswers: number;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  cart = [];
  cartAnswers = 200;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/cart/update.js") {
        cart.push({ url, body: JSON.parse(String(init?.body)) });
        return new Response("{}", { status: cartAnswers });
      }
      // The runtime's own calls: the domain's consent settings (denied without a signal).
      if (url.endsWith("/tracking"))
        return new Response(JSON.stringify({ consent: { source: "auto", default: "denied" } }));
      return new Response("{}", { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The runtime on the shop's page (the loader's tracking chunk: consent, ids). */
async function runtime() {
  const { track } = await import("./tracking");
  const consent = await import("./consent");
  const session = await import("./session");
  track("domain-1", "https://app.floow.example");
  await vi.waitFor(() => expect(consent.currentConsent()).toBeDefined());
  return { consent: consent.consent, ...session };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the Shopify theme snippet (docs/integrations.md)", () => {
  it("is in the docs", () => {
    expect(script).toContain("/cart/update.js");
  });

  it("copies the runtime's session into the cart once, and the visitor id once consent gives one", async () => {
    // A tab's first page: the snippet may run before the async loader started the session.
    themePage();
    await settle();
    expect(cart).toEqual([]);

    const { sessionId, visitorId, consent } = await runtime();
    const session = sessionId();
    // The next page: without consent the cart gets the session and an empty visitor.
    themePage();
    await vi.waitFor(() => expect(cart).toHaveLength(1));
    expect(cart[0]!.body).toEqual({
      attributes: { floow_session: session, floow_visitor: "" },
    });
    // Every later page with the same ids sends nothing.
    themePage();
    themePage();
    await settle();
    expect(cart).toHaveLength(1);

    // The shopper consents: the runtime stores a visitor id; the next page sends both.
    consent({ analytics: true });
    const visitor = visitorId();
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    themePage();
    await vi.waitFor(() => expect(cart).toHaveLength(2));
    expect(cart[1]!.body).toEqual({
      attributes: { floow_session: session, floow_visitor: visitor },
    });
  });

  it("tries again on the next page when Shopify refused the cart update", async () => {
    const { sessionId } = await runtime();
    sessionId();
    cartAnswers = 422;
    themePage();
    await vi.waitFor(() => expect(cart).toHaveLength(1));
    await settle();
    cartAnswers = 200;
    themePage();
    await vi.waitFor(() => expect(cart).toHaveLength(2));
    themePage();
    await settle();
    expect(cart).toHaveLength(2);
  });

  it("does not break the page when storage is blocked (privacy modes)", async () => {
    vi.stubGlobal("sessionStorage", {
      getItem() {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    expect(() => themePage()).not.toThrow();
    await settle();
    expect(cart).toEqual([]);
  });
});
