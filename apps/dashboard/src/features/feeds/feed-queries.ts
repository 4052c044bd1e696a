import { type FeedPreview } from "@floow/domain/feed";
import { TOASTS } from "@floow/domain/messages";
import { toast } from "@floow/ui";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useTRPC, type TRPC } from "../../lib/trpc";
import { badRequestMessage } from "../../lib/trpc-errors";
import { useUpsertFeed } from "./feed-api";
import {
  isRefreshing,
  REFRESH_POLL_MS,
  type buildFeedSave,
  type FeedRow,
  type PreviewProduct,
} from "./feed-logic";

/**
 * `feed.list`, asked again every REFRESH_POLL_MS while a feed's refresh is queued or running.
 * The loader prefetches the same query (same key: the options only add the interval).
 */
export function feedListOptions(trpc: TRPC) {
  return trpc.feed.list.queryOptions(undefined, {
    refetchInterval: (query) => (query.state.data?.some(isRefreshing) ? REFRESH_POLL_MS : false),
  });
}

export type ProductSort = "position" | "id" | "name" | "price";

export interface ProductQuery {
  search: string;
  sort: ProductSort;
  direction: "asc" | "desc";
  offset: number;
  limit: number;
}

export const PRODUCT_PAGE_SIZE = 25;
export const INITIAL_PRODUCT_QUERY: ProductQuery = {
  search: "",
  sort: "position",
  direction: "asc",
  offset: 0,
  limit: PRODUCT_PAGE_SIZE,
};

/** `product.list` over all the organization's feeds; the last page stays while the next loads. */
export function productListOptions(trpc: TRPC, query: ProductQuery) {
  const search = query.search.trim();
  return trpc.product.list.queryOptions(
    {
      sort: query.sort,
      direction: query.direction,
      offset: query.offset,
      limit: query.limit,
      ...(search && { search }),
    },
    { placeholderData: keepPreviousData },
  );
}

/** One page of products for the Products tab. */
export function useProductPage(query: ProductQuery) {
  const trpc = useTRPC();
  return useQuery(productListOptions(trpc, query));
}

/**
 * When a feed's refresh finishes its products have changed: the product pages are asked again.
 */
export function useReloadProductsAfterRefresh(feeds: readonly FeedRow[]) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshing = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set(feeds.filter(isRefreshing).map((feed) => feed.id));
    const finished = [...refreshing.current].some((id) => !now.has(id));
    refreshing.current = now;
    if (finished) void queryClient.invalidateQueries({ queryKey: trpc.product.pathKey() });
  }, [feeds, queryClient, trpc]);
}

/** Refreshes the feed and product queries, and the user bundle (which lists feeds). */
function useInvalidateFeeds() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.feed.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.product.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
      ]),
    [queryClient, trpc],
  );
}

/** Texts the spec does not give: saving an edited feed, and a refresh that cannot be queued. */
export const FEED_TOASTS = {
  saved: "Feed saved",
  saveFailed: "Something went wrong saving the feed",
  refreshFailed: "Something went wrong refreshing the feed",
} as const;

/** Delete (admins) and Refresh, each answering whether it worked. */
export function useFeedActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFeeds();
  const remove = useMutation(trpc.feed.remove.mutationOptions());
  const refresh = useMutation(trpc.feed.refresh.mutationOptions());
  return {
    remove: async (id: string) => {
      try {
        await remove.mutateAsync({ id });
      } catch {
        toast.error(TOASTS.failure.feedDelete);
        return false;
      }
      toast.success(TOASTS.success.feedDelete);
      await invalidate();
      return true;
    },
    refresh: async (id: string) => {
      try {
        await refresh.mutateAsync({ id });
      } catch {
        toast.error(FEED_TOASTS.refreshFailed);
        return false;
      }
      // The list now says the refresh is queued, and polls until it is done.
      await queryClient.invalidateQueries({ queryKey: trpc.feed.list.queryKey() });
      return true;
    },
    refreshingId: refresh.isPending ? refresh.variables.id : null,
  };
}

export type FeedSaveInput = ReturnType<typeof buildFeedSave>;

/** `feed.upsert` with its toasts: `Feed created` for a new feed, `Feed saved` for an edit. */
export function useSaveFeed() {
  const upsert = useUpsertFeed();
  const invalidate = useInvalidateFeeds();
  return async (feed: FeedSaveInput, isNew: boolean): Promise<boolean> => {
    try {
      await upsert.mutateAsync(feed);
    } catch {
      toast.error(isNew ? TOASTS.failure.feedCreate : FEED_TOASTS.saveFailed);
      return false;
    }
    toast.success(isNew ? TOASTS.success.feedCreate : FEED_TOASTS.saved);
    await invalidate();
    return true;
  };
}

export type PreviewOutcome =
  { ok: true; products: PreviewProduct[]; attributes: string[] } | { ok: false; reason: string };

/**
 * `feed.preview` (the spec's `POST /api/feed`) for the Add Feed dialog's second step. A feed
 * that cannot be read is a 400 whose message says why, for the URL field.
 */
export function usePreviewFeed() {
  const trpc = useTRPC();
  const { mutateAsync } = useMutation(trpc.feed.preview.mutationOptions());
  return useCallback(
    async (source: FeedPreview): Promise<PreviewOutcome> => {
      try {
        const preview = await mutateAsync(source);
        return { ok: true, products: preview.products, attributes: preview.attributes };
      } catch (error) {
        const reason =
          badRequestMessage(error) ?? "The feed cannot be previewed right now. Please try again.";
        return { ok: false, reason };
      }
    },
    [mutateAsync],
  );
}
