import { StrictMode, useState } from "react";
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicFloow } from "@floow/runtime";
import type { FloowEvent, FloowInstance } from "./index";
import { Floow } from "./index";

// The runtime's own test floow, embedded (its `floow` prop renders with no request).
import bundle from "../../runtime/src/test/bundle-floow.json";

const config = bundle.floow as unknown as PublicFloow;
const floow: PublicFloow = { ...config, container: { ...config.container, type: "embedded" } };

const hosts = () => document.querySelectorAll("[data-floow-host]");
const shown = () => [...hosts()].map((host) => host.shadowRoot?.textContent ?? "").join("");

afterEach(cleanup);

describe("<Floow>", () => {
  it("under StrictMode (mount, unmount, mount again) shows exactly one floow, and none once unmounted", () => {
    const instances: (FloowInstance | null)[] = [];
    const view = render(
      <StrictMode>
        <Floow floow={floow} onInstance={(i) => instances.push(i)} className="advisor" />
      </StrictMode>,
    );
    expect(hosts()).toHaveLength(1);
    expect(document.querySelector(".advisor")!.children).toHaveLength(1);
    expect(shown()).toContain("Find your bike");
    // StrictMode's extra mount and unmount ran: the first instance went with its cleanup.
    expect(instances.filter(Boolean)).toHaveLength(2);
    expect(instances).toContain(null);
    view.unmount();
    expect(hosts()).toHaveLength(0);
  });

  it("removes the first floow's listeners with it (a viewport change renders only the one shown)", () => {
    const added: string[] = [];
    const removed: string[] = [];
    const real = window.matchMedia;
    vi.spyOn(window, "matchMedia").mockImplementation((query) => {
      const list = real.call(window, query);
      list.addEventListener = ((type: string) => added.push(type)) as never;
      list.removeEventListener = ((type: string) => removed.push(type)) as never;
      return list;
    });
    const view = render(
      <StrictMode>
        <Floow floow={floow} />
      </StrictMode>,
    );
    expect(added.length - removed.length).toBe(1);
    view.unmount();
    expect(added.length - removed.length).toBe(0);
    vi.restoreAllMocks();
  });

  it("mounts again when floowId changes, and calls the latest onEvent without mounting again", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const id = new URL(String(url)).pathname.split("/").pop()!;
      return new Response(JSON.stringify({ floow: { ...floow, id }, domain: null }));
    });
    vi.stubGlobal("fetch", fetchMock);
    const seen: string[] = [];
    function App() {
      const [id, setId] = useState("one");
      return (
        <>
          <button onClick={() => setId("two")}>next</button>
          <Floow
            floowId={id}
            apiUrl="https://api.example"
            onEvent={(event: FloowEvent) => seen.push(`${event.floowId}:${event.type}`)}
          />
        </>
      );
    }
    const view = render(<App />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(hosts()[0]!.getAttribute("data-floow-host")).toBe("one");
    await act(async () => view.getByText("next").click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.getAttribute("data-floow-host")).toBe("two");
    // One floow answer per floowId (the runtime's consent tracking may also ask for the
    // domain's tracking answer: not a floow request).
    const floowRequests = fetchMock.mock.calls
      .map(([url]) => new URL(String(url)).pathname)
      .filter((path) => path.startsWith("/api/public/floows/"));
    expect(floowRequests).toEqual(["/api/public/floows/one", "/api/public/floows/two"]);
    expect(seen).toEqual(["one:mount", "two:mount"]);
    vi.unstubAllGlobals();
  });
});
