import type { InfiniteData } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import type { InspectedEventPage } from "@floow/domain/events";
import { useEffect } from "react";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import type { EventFilters } from "./recent-events";

/**
 * While live: a long poll on `event.live` (the server answers as soon as new events are
 * stored), and each answer's events go on top of the first page of the list, as a tag
 * manager's preview shows them. The loop ends when the filters change, the view is paused
 * or the screen is left (the request is aborted).
 */
export function useLiveEvents(filters: EventFilters, live: boolean, ready: boolean) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [path] = trpc.event.recent.pathKey();
  const { floowId, type } = filters;

  useEffect(() => {
    if (!live || !ready) return;
    const controller = new AbortController();
    // The list's own key (recent-events.ts): tRPC's path key, the filters, "infinite".
    const listKey = [path, { input: filters, type: "infinite" }] as const;
    void (async () => {
      let cursor: string | undefined;
      let failures = 0;
      while (!controller.signal.aborted) {
        try {
          const page = await client.event.live.query(
            { floowId, type, after: cursor },
            { signal: controller.signal, context: { unbatched: true } },
          );
          failures = 0;
          if (cursor !== undefined && page.events.length > 0) {
            queryClient.setQueryData<InfiniteData<InspectedEventPage, string | null>>(
              listKey,
              (data) => {
                if (!data || data.pages.length === 0) return data;
                const [first, ...rest] = data.pages;
                const known = new Set(first!.events.map((event) => event.id));
                const fresh = page.events.filter((event) => !known.has(event.id));
                return {
                  ...data,
                  pages: [{ ...first!, events: [...fresh, ...first!.events] }, ...rest],
                };
              },
            );
          }
          cursor = page.cursor;
        } catch {
          if (controller.signal.aborted) return;
          // Offline or the server restarting: try again, a little later each time.
          failures++;
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** failures)),
          );
        }
      }
    })();
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, ready, floowId, type, client, queryClient, path]);
}
