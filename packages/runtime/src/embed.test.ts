import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicDomainFloows } from "@floow/domain/logic";
import type { FloowsWindow } from "./embed";
import { HOST_ATTR } from "./host";
import { domain, sellingFloow, settle, trigger } from "./test/fixtures";

const w = window as FloowsWindow;

/** Runs the loader as the script tag `<script src=".../embed.js" data-domain="d1">` would. */
async function load(floows: PublicDomainFloows["floows"], search = "") {
  history.replaceState(null, "", `/shop${search}`);
  const script = document.createElement("script");
  script.src = "https://floow.example/embed.js";
  script.dataset.domain = "d1";
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ floows, domain }))),
  );
  vi.resetModules();
  await import("./embed");
  await settle();
}

// Scripts the loader adds, kept out of the document (happy-dom would try to fetch them).
let added: HTMLScriptElement[] = [];
const rendererTag = () => added.find((s) => s.src.includes("/runtime/floow.js")) ?? null;
/** Whether a floow is being shown (the loader put a skeleton host in the page). */
const showing = () => document.querySelector(`[${HOST_ATTR}]`) !== null;

/** The renderer script "loads": `window.FloowRuntime` appears and its onload runs. */
function rendererLoads() {
  const controller = { show: vi.fn(), refresh: vi.fn(), destroy: vi.fn() };
  const start = vi.fn(() => controller);
  w.FloowRuntime = { start };
  rendererTag()!.onload!(new Event("load"));
  return { start, controller };
}

beforeEach(() => {
  document.body.innerHTML = `<div id="hero"></div>`;
  added = [];
  vi.spyOn(document.head, "append").mockImplementation((...nodes) => {
    added.push(...(nodes as HTMLScriptElement[]));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  delete w.floows;
  delete w.FloowRuntime;
  vi.unstubAllGlobals();
});

describe("embed.js", () => {
  it("without data-domain (a <floow-widget> block), loads only the renderer, which registers the tag", async () => {
    const script = document.createElement("script");
    script.src = "https://floow.example/embed.js";
    Object.defineProperty(document, "currentScript", { value: script, configurable: true });
    vi.stubGlobal("fetch", vi.fn());
    vi.resetModules();
    await import("./embed");
    await settle();
    expect(rendererTag()!.src).toBe("https://floow.example/runtime/floow.js?v=0.1.0");
    expect(fetch).not.toHaveBeenCalled();
    expect(w.floows).toBeUndefined();
  });

  it("requests the floows and the renderer in parallel, and hands over nothing when none is to be shown", async () => {
    await load([sellingFloow({ triggers: [trigger({ route: "/blog", value: "hero" })] })]);
    // With the key a running experiment assigns the visitor by: the tab's session id, which the
    // loader starts (and the renderer's events then carry), or the visitor id with consent.
    const session = sessionStorage.getItem("floows:session");
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    expect(fetch).toHaveBeenCalledWith(
      `https://floow.example/api/public/domains/d1/floows?visitor=${session}`,
    );
    expect(rendererTag()!.src).toBe("https://floow.example/runtime/floow.js?v=0.1.0");
    const { start } = rendererLoads();
    await settle();
    expect(start).not.toHaveBeenCalled();
    expect(showing()).toBe(false);
    expect(typeof w.floows!.show).toBe("function");
  });

  it("asks with the visitor id when consent stored one (the same arm on every return)", async () => {
    localStorage.setItem("floows:visitor", "5d0c6d2e-8d8e-4c43-9d0a-6b3e1f2a7c10");
    try {
      await load([sellingFloow({ triggers: [trigger({ route: "/blog", value: "hero" })] })]);
      expect(fetch).toHaveBeenCalledWith(
        "https://floow.example/api/public/domains/d1/floows?visitor=5d0c6d2e-8d8e-4c43-9d0a-6b3e1f2a7c10",
      );
    } finally {
      localStorage.removeItem("floows:visitor");
    }
  });

  it("loads the renderer when a trigger matches, shows a skeleton at the target, then hands over", async () => {
    const floow = sellingFloow({ triggers: [trigger({ route: "/shop", value: "hero" })] });
    await load([floow]);
    expect(rendererTag()!.src).toBe("https://floow.example/runtime/floow.js?v=0.1.0");
    const skeleton = document.getElementById("hero")!.firstElementChild!;
    expect(skeleton.getAttribute(HOST_ATTR)).toBe(floow.id);
    const { start, controller } = rendererLoads();
    await settle();
    expect(start).toHaveBeenCalledWith({
      apiUrl: "https://floow.example",
      data: expect.any(Promise),
      debug: false,
      rules: [expect.any(Function), expect.any(Function), expect.any(Object)],
      host: expect.any(Function),
    });
    expect(await (start.mock.calls[0] as unknown as [{ data: Promise<unknown> }])[0].data).toEqual({
      floows: [floow],
      domain,
    });
    expect(skeleton.isConnected).toBe(false);
    expect(w.floows).toBe(controller);
  });

  it("loads the renderer for a floow without a trigger (skipTrigger)", async () => {
    await load([sellingFloow({ skipTrigger: true })]);
    expect(showing()).toBe(true);
  });

  it("re-evaluates after a History API navigation of a single-page app", async () => {
    await load([sellingFloow({ triggers: [trigger({ route: "/checkout", value: "hero" })] })]);
    expect(showing()).toBe(false);
    history.pushState(null, "", "/checkout");
    await settle();
    expect(showing()).toBe(true);
  });

  it("checks the page again after DOM changes, once per 50 ms burst, until a target appears", async () => {
    await load([sellingFloow({ triggers: [trigger({ route: "/shop", value: "late" })] })]);
    const lookups = vi.spyOn(document, "getElementById");
    const late = () => lookups.mock.calls.filter(([id]) => id === "late").length;
    // The loader's 50 ms on a fake clock: a loaded machine's real timers would let more than
    // 50 ms pass between the changes of one burst.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      for (let i = 0; i < 5; i++) {
        document.body.append(document.createElement("p"));
        await vi.advanceTimersByTimeAsync(5);
      }
      expect(late()).toBe(0);
      await vi.advanceTimersByTimeAsync(80);
      expect(late()).toBe(1);
      expect(showing()).toBe(false);
      const target = document.createElement("div");
      target.id = "late";
      document.body.append(target);
      await vi.advanceTimersByTimeAsync(80);
      expect(late()).toBe(2);
      expect(target.querySelector(`[${HOST_ATTR}]`)).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("floows.show(id) shows a skeleton dialog, loads the renderer and opens the floow", async () => {
    await load([]);
    w.floows!.show!("f9");
    expect(document.body.lastElementChild!.getAttribute(HOST_ATTR)).toBe("f9");
    const { controller } = rendererLoads();
    await settle();
    expect(controller.show).toHaveBeenCalledWith("f9");
  });

  it("warns when the renderer cannot be loaded", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await load([], "");
    w.floows!.show!("f9");
    rendererTag()!.onerror!(new Event("error"));
    await settle();
    expect(warn).toHaveBeenCalled();
  });

  it("?floowsDebug=true hands over at once so the controller logs every decision", async () => {
    await load([], "?floowsDebug=true");
    const { start } = rendererLoads();
    await settle();
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ debug: true }));
  });
});
