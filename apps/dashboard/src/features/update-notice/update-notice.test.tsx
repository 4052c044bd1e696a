import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UPDATE_TITLE, UpdateNotice } from "./update-notice";
import { MANIFEST_URL, UPDATE_CHECK_INTERVAL_MS, watchForUpdates } from "./version-check";

const manifest = (build: string) =>
  vi.fn(async () => new Response(JSON.stringify({ build, builtAt: "" })));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the build-update check", () => {
  it("reads /version.json every 5 minutes, uncached, and reports a different build once", async () => {
    vi.useFakeTimers();
    const fetcher = manifest("b1");
    const onUpdate = vi.fn();
    const stop = watchForUpdates("b1", onUpdate, { fetcher });
    expect(fetcher).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(fetcher).toHaveBeenCalledWith(MANIFEST_URL, {
      cache: "no-store",
      credentials: "same-origin",
    });
    expect(onUpdate).not.toHaveBeenCalled();
    fetcher.mockImplementation(async () => new Response(JSON.stringify({ build: "b2" })));
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(onUpdate).toHaveBeenCalledWith("b2");
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3);
    expect(fetcher).toHaveBeenCalledTimes(2); // stopped after the update
    stop();
  });

  it("checks when the tab becomes visible, and ignores failed reads", async () => {
    const fetcher = vi.fn(async () => new Response("", { status: 503 }));
    const onUpdate = vi.fn();
    const stop = watchForUpdates("b1", onUpdate, { fetcher });
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    expect(onUpdate).not.toHaveBeenCalled();
    stop();
  });

  it("shows the notice with Reload when the manifest changed", async () => {
    vi.stubGlobal("fetch", manifest("new-build"));
    render(<UpdateNotice running="old-build" />);
    expect(screen.queryByText(UPDATE_TITLE)).toBeNull();
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      expect.stringContaining(UPDATE_TITLE),
    );
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
  });
});
