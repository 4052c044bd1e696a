import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOST_ATTR } from "./host";
import { destroy } from "./index";
import { visitorQuery } from "./session";
import { domain as brand, sellingFloow, settle } from "./test/fixtures";
import "./widget";

const API = "https://api.example";
const domain = { ...brand, fonts: [] };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  document.body.innerHTML = "";
  fetchMock = vi.fn(async (url: string) => {
    const id = url.split("/").pop()!;
    return new Response(
      JSON.stringify({ floow: sellingFloow({ id, name: `Floow ${id}` }), domain }),
      { status: 200 },
    );
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  destroy();
  vi.unstubAllGlobals();
});

const hosts = () => document.querySelectorAll(`[${HOST_ATTR}]`);
const text = () => [...hosts()].map((host) => host.shadowRoot!.textContent).join("");

describe("<floow-widget>", () => {
  it("mounts the floow of its floow-id from its api-url, in itself, written as HTML", async () => {
    document.body.innerHTML = `<p>Shop</p><floow-widget floow-id="bikes" api-url="${API}"></floow-widget>`;
    await settle();
    // With the key a running experiment assigns by (the tab's session id without consent).
    expect(fetchMock).toHaveBeenCalledWith(
      `${API}/api/public/floows/bikes${visitorQuery()}`,
      expect.anything(),
    );
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.parentElement!.localName).toBe("floow-widget");
    expect(text()).toContain("Find your bike");
  });

  it("removes the floow when the tag is removed, and shows it again when put back", async () => {
    const tag = document.createElement("floow-widget");
    tag.setAttribute("floow-id", "bikes");
    tag.setAttribute("api-url", API);
    document.body.append(tag);
    await settle();
    expect(hosts()).toHaveLength(1);
    tag.remove();
    expect(tag.children).toHaveLength(0);
    expect(hosts()).toHaveLength(0);
    document.body.append(tag);
    await settle();
    expect(hosts()).toHaveLength(1);
  });

  it("mounts the other floow when floow-id changes (one floow at a time)", async () => {
    document.body.innerHTML = `<floow-widget floow-id="bikes" api-url="${API}"></floow-widget>`;
    await settle();
    document.querySelector("floow-widget")!.setAttribute("floow-id", "shoes");
    await settle();
    expect(fetchMock).toHaveBeenLastCalledWith(
      `${API}/api/public/floows/shoes${visitorQuery()}`,
      expect.anything(),
    );
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.getAttribute(HOST_ATTR)).toBe("shoes");
  });

  it("shows nothing without a floow-id", async () => {
    document.body.innerHTML = `<floow-widget api-url="${API}"></floow-widget>`;
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hosts()).toHaveLength(0);
  });
});
