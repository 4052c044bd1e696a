import type { FloowEventType, InspectedEvent } from "@floow/domain/events";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "../../lib/trpc";

export interface EventFilters {
  floowId?: string;
  type?: FloowEventType;
}

/**
 * `event.recent` page by page: the first page is the newest events, "Load older" asks for the
 * page before the last one's `nextCursor`. A refresh re-reads the pages in order, each from the
 * fresh cursor of the one before (TanStack Query's infinite refetch), so new events push the
 * list down without gaps or repeats between pages.
 *
 * tRPC's own `infiniteQueryOptions` is not used: it passes the page as `cursor`, and this
 * procedure's input names it `before`. The key is tRPC's key of the procedure (its path, the
 * filters, type `infinite`), so `trpc.event.recent.pathFilter()` finds it.
 */
export function useRecentEvents(filters: EventFilters) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [path] = trpc.event.recent.pathKey();
  const query = useInfiniteQuery({
    queryKey: [path, { input: filters, type: "infinite" }] as const,
    queryFn: ({ pageParam, signal }) =>
      client.event.recent.query(pageParam ? { ...filters, before: pageParam } : filters, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Live, new events arrive through the long poll (live-events.ts), not by reloading the
    // list; paused, the list holds still, also when the window gets the focus back.
    refetchOnWindowFocus: false,
    // Fresh on every visit: the screen is about what just happened.
    staleTime: 0,
  });
  const events: InspectedEvent[] = query.data?.pages.flatMap((page) => page.events) ?? [];
  return { ...query, events };
}
