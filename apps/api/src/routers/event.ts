import { eventLiveSchema, eventRecentSchema } from "@floow/domain/events";
import type { InspectedEventPage, LiveEventPage } from "@floow/domain/events";
import { listEventsAfter, listRecentEvents } from "../db/queries/event";
import { waitForEvents } from "../services/events/stored-signal";
import { orgProcedure, router } from "../trpc/init";

/**
 * The runtime's interaction events as they reached Floow (the /inspect screen). Every member
 * may read them (docs/permissions.md); nobody writes them here: only `POST /api/public/events` does.
 */
export const eventRouter = router({
  /** The newest events first, a page at a time (`before` = the previous page's `nextCursor`). */
  recent: orgProcedure
    .input(eventRecentSchema)
    .query(({ ctx, input }): Promise<InspectedEventPage> =>
      listRecentEvents(ctx.db, ctx.org.id, input),
    ),

  /**
   * The live view's long poll: events stored after `after`, newest first, as soon as there
   * are some (woken by the ingest in this process, and looking every second for other
   * processes' writes), or none after about 25 s. Without `after`: the cursor to start from.
   */
  live: orgProcedure
    .input(eventLiveSchema)
    .query(async ({ ctx, input, signal }): Promise<LiveEventPage> => {
      const query = { floowId: input.floowId, type: input.type, after: input.after ?? "" };
      if (query.after === "") return listEventsAfter(ctx.db, ctx.org.id, query);
      const deadline = Date.now() + LIVE_WAIT_MS;
      for (;;) {
        const page = await listEventsAfter(ctx.db, ctx.org.id, query);
        if (page.events.length > 0 || Date.now() >= deadline || signal?.aborted) return page;
        await waitForEvents(ctx.org.id, Math.min(1_000, deadline - Date.now()), signal);
      }
    }),
});

/** How long `event.live` holds a request without news (below common proxies' 30 s idle limits). */
export const LIVE_WAIT_MS = 25_000;
