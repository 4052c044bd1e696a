import { eventRecentSchema } from "@floow/domain";
import type { InspectedEventPage } from "@floow/domain";
import { listRecentEvents } from "../db/queries/event";
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
});
