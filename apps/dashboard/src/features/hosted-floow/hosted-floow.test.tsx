import { createFloow } from "@floow/domain/floow";
import type { PublicDomain } from "@floow/domain/public";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FloowUnavailable, HostedFloow, UNAVAILABLE_TITLE } from "./hosted-floow";
import { loadHostedFloow } from "./load";

const domain: PublicDomain = { id: "d1", colors: [], fonts: [] };
const floow = () => {
  const value = createFloow("data", { id: "f1", domainId: "d1", name: "Newsletter" });
  value.start.text = "<p>Join our newsletter</p>";
  return value;
};

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { dataLayer?: unknown }).dataLayer;
});

describe("loadHostedFloow", () => {
  it("loads a live floow through the public API, and calls a 404 or an invalid id unavailable", async () => {
    const answer = { floow: floow(), domain };
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith("/f1")
        ? new Response(JSON.stringify(answer))
        : new Response("{}", { status: 404 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    expect(await loadHostedFloow("f1", "https://app.example")).toEqual({
      status: "live",
      ...answer,
    });
    expect(fetchMock).toHaveBeenCalledWith("https://app.example/api/public/floows/f1", {
      credentials: "same-origin",
    });
    expect(await loadHostedFloow("gone", "https://app.example")).toEqual({ status: "unavailable" });
    expect(await loadHostedFloow("no/such id", "https://app.example")).toEqual({
      status: "unavailable",
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("throws on other failures (the error page offers a retry)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 503 })),
    );
    await expect(loadHostedFloow("f1", "https://app.example")).rejects.toThrow(/503/);
  });
});

describe("the hosted page", () => {
  it("mounts the floow with the runtime, inline, and sends its events to the page", () => {
    const { unmount } = render(
      <HostedFloow floow={floow()} domain={domain} apiUrl="https://app.example" />,
    );
    const host = screen.getByTestId("hosted-floow").querySelector("[data-floow-host]")!;
    expect(host.shadowRoot!.textContent).toContain("Join our newsletter");
    expect(host.shadowRoot!.querySelector("dialog")).toBeNull();
    const layer = (window as unknown as { dataLayer: { event: string; type: string }[] }).dataLayer;
    expect(layer.map((e) => [e.event, e.type])).toEqual([["floows", "mount"]]);
    unmount();
    expect(screen.queryByTestId("hosted-floow")).toBeNull();
  });

  it("says when there is no live floow", () => {
    render(<FloowUnavailable />);
    expect(screen.getByRole("heading", { name: UNAVAILABLE_TITLE })).toBeTruthy();
  });
});
