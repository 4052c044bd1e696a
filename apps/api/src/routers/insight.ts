import { byIdSchema } from "@floow/domain/shared";
import { DomainError } from "@floow/domain/errors";
import { matchCountsSchema } from "@floow/domain/insights";
import type { DeadEndReport, MatchCounts } from "@floow/domain/insights";
import { findFeed } from "../db/queries/feed";
import { findFloow } from "../db/queries/floow";
import { findDeadEnds, listDeadEndCounts } from "../db/queries/insight";
import { matchCounts } from "../services/insights";
import { orgProcedure, router } from "../trpc/init";

const notFound = () => new DomainError("NOT_FOUND", "Floow not found.");

/**
 * The editor's insights about a selling floow and its feed (docs/editor.md): live match
 * counts and the dead-end report. Every member may read them; another organization's floow
 * or feed is NOT_FOUND.
 */
export const insightRouter = router({
  /**
   * How many products of the floow's feed each choice's filters match (and of those in stock
   * when the feed says), for the filters as the editor has them. A mutation although it
   * changes nothing: the filters travel in the body. No feed: null.
   */
  matchCounts: orgProcedure
    .input(matchCountsSchema)
    .mutation(async ({ ctx, input }): Promise<MatchCounts | null> => {
      const floow = await findFloow(ctx.db, ctx.org.id, input.id);
      if (!floow) throw notFound();
      const feedId = input.feedId === undefined ? floow.feedId : input.feedId;
      if (floow.type !== "selling" || !feedId) return null;
      if (!(await findFeed(ctx.db, ctx.org.id, feedId))) {
        throw new DomainError("NOT_FOUND", "Feed not found.", [
          { path: ["feedId"], message: "Please select a feed." },
        ]);
      }
      return matchCounts(ctx.db, ctx.org.id, feedId, {
        steps: input.steps ?? floow.steps,
        filterGroups: input.filterGroups ?? floow.filterGroups,
        filters: input.filters ?? floow.filters,
      });
    }),

  /**
   * The floow's last dead-end report (run after each save and each refresh of its feed);
   * `current` is false while the check of the latest save is still to come. None yet: null.
   */
  deadEnds: orgProcedure
    .input(byIdSchema)
    .query(
      async ({
        ctx,
        input,
      }): Promise<{ report: DeadEndReport; checkedAt: string; current: boolean } | null> => {
        const floow = await findFloow(ctx.db, ctx.org.id, input.id);
        if (!floow) throw notFound();
        const stored = await findDeadEnds(ctx.db, ctx.org.id, input.id);
        if (!stored || floow.type !== "selling" || !floow.feedId) return null;
        return {
          report: stored.report,
          checkedAt: stored.checkedAt.toISOString(),
          current:
            stored.feedId === floow.feedId &&
            stored.checkedAt.getTime() >= new Date(floow.updatedAt).getTime(),
        };
      },
    ),

  /** The number of dead ends of each checked floow of the organization (the floows list). */
  deadEndCounts: orgProcedure.query(({ ctx }): Promise<{ floowId: string; count: number }[]> =>
    listDeadEndCounts(ctx.db, ctx.org.id),
  ),
});
