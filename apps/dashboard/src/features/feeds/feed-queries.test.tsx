import type { AppRouter } from "@floow/api";
import { TOASTS } from "@floow/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TRPCProvider } from "../../lib/trpc";
import { useFeedActions, useSaveFeed } from "./feed-queries";
import { buildFeedSave } from "./feed-logic";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

/** A tRPC client whose every call fails, as when the API is down or answers 500. */
function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "http://api.test/trpc",
        fetch: () => Promise.reject(new TypeError("Failed to fetch")),
      }),
    ],
  });
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("feed mutations that fail", () => {
  it("creating a feed: the spec's failure toast, and no success", async () => {
    const { result } = renderHook(() => useSaveFeed(), { wrapper });
    const feed = buildFeedSave(
      { name: "Shoes", type: "channable", url: "https://feeds.example/shoes.xml" },
      { id: "id", url: "link", name: "title", price: "price", image: "image_link", description: "description" },
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
    const { result } = renderHook(() => useFeedActions(), { wrapper });
    let removed: boolean | undefined;
    await act(async () => {
      removed = await result.current.remove("feed-1");
    });
    expect(removed).toBe(false);
    expect(toast.error).toHaveBeenCalledWith("Something went wrong deleting the feed");
    expect(toast.success).not.toHaveBeenCalled();
  });
});
