import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import { TOASTS } from "@floow/domain/messages";
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper } from "../../test/fake-trpc";
import { useFeedActions, useSaveFeed } from "./feed-queries";
import { buildFeedSave } from "./feed-logic";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

/** An API where every call fails (no procedure answers), as when it is down or answers 500. */
const failingApi = () => fakeTrpcWrapper({});

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("feed mutations that fail", () => {
  it("creating a feed: the spec's failure toast, and no success", async () => {
    const { result } = renderHook(() => useSaveFeed(), { wrapper: failingApi() });
    const feed = buildFeedSave(
      { name: "Shoes", type: "channable", url: "https://feeds.example/shoes.xml" },
      { ...DEFAULT_FEED_VARIABLES },
      null,
    );
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current(feed, true);
    });
    expect(saved).toBe(false);
    expect(toast.error).toHaveBeenCalledWith("Something went wrong creating the feed");
    expect(TOASTS.failure.feedCreate).toBe("Something went wrong creating the feed");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("deleting a feed: the spec's failure toast, and no success", async () => {
    const { result } = renderHook(() => useFeedActions(), { wrapper: failingApi() });
    let removed: boolean | undefined;
    await act(async () => {
      removed = await result.current.remove("feed-1");
    });
    expect(removed).toBe(false);
    expect(toast.error).toHaveBeenCalledWith("Something went wrong deleting the feed");
    expect(toast.success).not.toHaveBeenCalled();
  });
});
