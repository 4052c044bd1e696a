import { byIdSchema } from "@floow/domain/shared";
import { DomainError } from "@floow/domain/errors";
import { feedPreviewSchema, feedUpsertSchema } from "@floow/domain/feed";
import { deleteFeed, findFeed, listFeeds, upsertFeed } from "../db/queries/feed";
import type { FeedView } from "../db/queries/feed";
import { findDomain } from "../db/queries/domain";
import { isSafeFetchError } from "../services/safe-fetch";
import { isFeedError, previewFeed } from "../services/feeds";
import type { FeedFetchOptions, FeedPreview } from "../services/feeds";
import { enqueueFeedRefresh } from "../services/feeds/refresh";
import { invalidateFeedCaches } from "../services/cache";
import { adminProcedure, orgProcedure, rateLimit, router } from "../trpc/init";

const notFound = () => new DomainError("NOT_FOUND", "Feed not found.");

export interface FeedRouterOptions {
  /** safeFetch options for previews (tests allow loopback to reach their own server). */
  fetch?: FeedFetchOptions;
}

/**
 * The spec's feed calls: `POST /api/feed` (preview), `/api/feeds/upsert`, `DELETE
 * /api/feeds/feed/{id}`, plus list and an on-demand refresh. Saving a feed with a new
 * address, type or variables queues a refresh; the background refresher fetches it.
 * Another organization's feed is NOT_FOUND.
 */
export function createFeedRouter(options: FeedRouterOptions = {}) {
  return router({
    list: orgProcedure.query(({ ctx }): Promise<FeedView[]> => listFeeds(ctx.db, ctx.org.id)),

    /**
     * The first 10 products of a feed URL, read with the default variables, and the
     * attribute names found (for the variables form). A URL that cannot be fetched or read
     * is a BAD_REQUEST with the reason at the url field.
     */
    preview: orgProcedure
      .use(rateLimit({ window: 60, max: 30 }))
      .input(feedPreviewSchema)
      .mutation(async ({ ctx, input }): Promise<FeedPreview> => {
        try {
          const preview = await previewFeed(input.url, input.type, {
            ...ctx.fetch,
            ...options.fetch,
            limit: 10,
          });
          return {
            format: preview.format,
            attributes: preview.attributes,
            products: preview.products.map(
              ({ id, url, name, price, image, description, attributes }) => ({
                id,
                url,
                name,
                price,
                image,
                description,
                attributes,
              }),
            ),
          };
        } catch (error) {
          if (isSafeFetchError(error) || isFeedError(error)) {
            throw new DomainError("BAD_REQUEST", error.message, [
              { path: ["url"], message: error.message },
            ]);
          }
          throw error;
        }
      }),

    /**
     * Creates or saves a feed under the dashboard's id. Another organization's id is NOT_FOUND,
     * like every foreign id, so the answer does not tell that it exists (docs/permissions.md).
     */
    upsert: orgProcedure
      .input(feedUpsertSchema)
      .mutation(async ({ ctx, input }): Promise<FeedView> => {
        if (input.domainId && !(await findDomain(ctx.db, ctx.org.id, input.domainId))) {
          const message = "Domain not found.";
          throw new DomainError("NOT_FOUND", message, [{ path: ["domainId"], message }]);
        }
        const result = await upsertFeed(ctx.db, ctx.org.id, {
          id: input.id,
          domainId: input.domainId || null,
          name: input.name,
          url: input.url,
          type: input.type,
          description: input.description,
          image: input.image,
          variables: input.variables,
        });
        if (result.outcome === "taken") {
          const message = "Feed not found.";
          throw new DomainError("NOT_FOUND", message, [{ path: ["id"], message }]);
        }
        // A refresh running now reads the old address or mapping: queue one more after it.
        if (result.sourceChanged)
          await enqueueFeedRefresh(ctx.db, ctx.org.id, result.feed.id, { followUp: true });
        return (await findFeed(ctx.db, ctx.org.id, result.feed.id)) ?? result.feed;
      }),

    /** Deletes a feed and its products (admins: floows that use it lose their results). */
    remove: adminProcedure
      .input(byIdSchema)
      .mutation(async ({ ctx, input }): Promise<{ id: string }> => {
        if (!(await deleteFeed(ctx.db, ctx.org.id, input.id))) throw notFound();
        invalidateFeedCaches(ctx.org.id, input.id);
        return { id: input.id };
      }),

    /** Queues a refresh now; `queued` is false when one is already queued or running. */
    refresh: orgProcedure
      .input(byIdSchema)
      .mutation(async ({ ctx, input }): Promise<{ id: string; queued: boolean }> => {
        if (!(await findFeed(ctx.db, ctx.org.id, input.id))) throw notFound();
        return { id: input.id, queued: await enqueueFeedRefresh(ctx.db, ctx.org.id, input.id) };
      }),
  });
}

export const feedRouter = createFeedRouter();
