import type { AppRouter } from "@floow/api";
import {
  createEventMessage,
  type InspectedEvent,
  type InspectedEventPage,
} from "@floow/domain/events";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { TRPCProvider } from "../../lib/trpc";
import { useRecentEvents } from "./recent-events";

function event(id: string): InspectedEvent {
  const payload = createEventMessage(
    { organizationId: "o", domainId: "d", floowId: "f", sessionId: "s" },
    "start",
  );
  return {
    id,
    floowId: "f",
    floowName: "F",
    domainId: "d",
    sessionId: "s",
    type: "start",
    createdAt: "2026-02-01T10:00:00.000Z",
    payload,
  };
}

/** A tRPC client that answers `event.recent` from `pages` (by cursor) and records each input. */
function setup(pages: Record<string, InspectedEventPage>) {
  const inputs: unknown[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "http://api.test/trpc",
        fetch: async (url) => {
          const batch = JSON.parse(
            new URL(String(url)).searchParams.get("input") ?? "{}",
          ) as Record<string, { before?: string } | undefined>;
          const answers = Object.values(batch).map((input) => {
            inputs.push(input);
            return { result: { data: pages[input?.before ?? "first"] } };
          });
          return new Response(JSON.stringify(answers), {
            headers: { "content-type": "application/json" },
          });
        },
      }),
    ],
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
  return { inputs, wrapper };
}

describe("useRecentEvents", () => {
  it("reads the newest page with the filters, then older pages with the cursor as `before`", async () => {
    const { inputs, wrapper } = setup({
      first: { events: [event("e3"), event("e2")], nextCursor: "c2" },
      c2: { events: [event("e1")], nextCursor: null },
    });
    const { result } = renderHook(() => useRecentEvents({ floowId: "f", type: "start" }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.events.map((e) => e.id)).toEqual(["e3", "e2"]));
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.events.map((e) => e.id)).toEqual(["e3", "e2", "e1"]));
    expect(result.current.hasNextPage).toBe(false);
    expect(inputs).toEqual([
      { floowId: "f", type: "start" },
      { floowId: "f", type: "start", before: "c2" },
    ]);
  });
});
