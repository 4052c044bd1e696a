import type { AppRouter } from "@floow/api";
import { DEFAULT_FEED_VARIABLES } from "@floow/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { TRPCProvider } from "../../lib/trpc";
import { useFeedPreview } from "./feed-api";

// What `feed.preview` answers: products read with the default variables.
const preview = {
  format: "xml",
  attributes: ["id", "sku", "title", "brand", "price", "link", "image_link", "description"],
  products: [
    {
      id: "1",
      url: "https://shop.example/1",
      name: "Trail shoe",
      price: 99.95,
      image: "https://cdn.example/1.jpg",
      description: "Light",
      attributes: { id: "1", sku: "SKU-1", title: "Trail shoe", brand: "Hoka", price: "99.95 EUR", link: "https://shop.example/1", image_link: "https://cdn.example/1.jpg", description: "Light" },
    },
  ],
};

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const fetch = vi.fn(async () => new Response(JSON.stringify([{ result: { data: preview } }]), { headers: { "content-type": "application/json" } }));
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "http://api.test/trpc", fetch })] });
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

describe("useFeedPreview", () => {
  it("reads an existing feed's preview through the feed's own variables", async () => {
    const variables = { ...DEFAULT_FEED_VARIABLES, id: "sku", name: "brand" };
    const { result } = renderHook(() => useFeedPreview({ url: "https://feeds.example/x.xml", type: "channable" }, variables), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.[0]).toMatchObject({ id: "SKU-1", name: "Hoka", price: 99.95, url: "https://shop.example/1" });
  });

  it("without variables, shows the server's products as they are", async () => {
    const { result } = renderHook(() => useFeedPreview({ url: "https://feeds.example/x.xml", type: "channable" }), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.[0]).toMatchObject({ id: "1", name: "Trail shoe" });
  });
});
