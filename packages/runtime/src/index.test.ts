import { afterEach, describe, expect, it, vi } from "vitest";
import * as runtime from "./index";
import { HOST_ATTR } from "./host";
import { visitorQuery } from "./session";
import { domain, sellingFloow, settle, trigger } from "./test/fixtures";

afterEach(() => {
  runtime.destroy();
  vi.unstubAllGlobals();
});

describe("the npm API", () => {
  it("exports mount, open, on, destroy, conversion, consent and the version", () => {
    expect(Object.keys(runtime).sort()).toEqual(
      [
        "DESKTOP_MIN_WIDTH",
        "consent",
        "conversion",
        "EVENTS_VERSION",
        "EVENT_NAME",
        "EVENT_TYPES",
        "destroy",
        "mount",
        "on",
        "open",
        "sanitizeHtml",
        "version",
      ].sort(),
    );
    expect(runtime.version).toBe("0.1.0");
  });

  it("mount({ domainId, apiUrl }) shows the domain's floows by their triggers, like the script tag", async () => {
    document.body.innerHTML = `<div id="hero"></div>`;
    history.replaceState(null, "", "/shop");
    const floow = sellingFloow({
      container: { type: "embedded", radius: "md", padding: "md" },
      triggers: [trigger({ route: "/shop", value: "hero" })],
    });
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ floows: [floow], domain: { ...domain, fonts: [] } })),
    );
    vi.stubGlobal("fetch", fetchMock);
    const handle = runtime.mount({ domainId: "d1", apiUrl: "https://api.example/" });
    await settle();
    // The floows answer with the experiment key (the tab's session id without consent); the
    // consent settings come from their own small answer.
    expect(fetchMock).toHaveBeenCalledWith(
      `https://api.example/api/public/domains/d1/floows${visitorQuery()}`,
    );
    expect(fetchMock).toHaveBeenCalledWith("https://api.example/api/public/domains/d1/tracking");
    const host = document.querySelector(`#hero > [${HOST_ATTR}]`)!;
    expect(host.shadowRoot!.textContent).toContain("Find your bike");
    handle.destroy();
    expect(document.querySelector(`[${HOST_ATTR}]`)).toBeNull();
  });

  it("open(id) needs an apiUrl until a floow was mounted", () => {
    expect(() => runtime.open("x")).toThrow(/apiUrl/);
    const instance = runtime.open("f1", {
      floow: sellingFloow(),
      domain: { ...domain, fonts: [] },
    });
    expect(instance?.floowId).toBe("f1");
    expect(runtime.open("f1")).toBe(instance);
  });

  it("mount needs a floow or a floowId (a type error too: the options are a union)", () => {
    // @ts-expect-error neither `floow` nor `floowId`
    expect(() => runtime.mount(document.body, {})).toThrow(TypeError);
    // @ts-expect-error neither `floow` nor `floowId`, whatever else is given
    expect(() => runtime.mount(document.body, { apiUrl: "https://api.example" })).toThrow(
      TypeError,
    );
  });
});
