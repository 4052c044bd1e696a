import type { FeedInput, FeedPreview, FeedVariables } from "@floow/domain/feed";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { useEffect, useMemo } from "react";
import { useTRPC, type TRPC } from "../../lib/trpc";
import { badRequestMessage } from "../../lib/trpc-errors";
import { initialVariables, remapPreview } from "./feed-logic";

/**
 * The feed procedures the Create Floow wizard uses (`feed.list`, `feed.preview`,
 * `feed.upsert`), behind small hooks so the wizard's tests can swap them.
 */
export type FeedSummary = Pick<
  inferOutput<TRPC["feed"]["list"]>[number],
  "id" | "name" | "type" | "url" | "productCount"
> &
  Partial<Pick<inferOutput<TRPC["feed"]["list"]>[number], "variables">>;
export type FeedPreviewProduct = Pick<
  inferOutput<TRPC["feed"]["preview"]>["products"][number],
  "id" | "name" | "price" | "image" | "description"
>;

export function useFeedList() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.feed.list.queryOptions(), retry: false });
}

/**
 * The first products of a feed, for the wizard's preview table. `feed.preview` is the spec's
 * `POST /api/feed`, a mutation: it runs whenever the chosen feed changes. The server reads
 * them with the default variables; an existing feed's own mapping (`variables`) is applied
 * here, so the preview shows what the feed's products will be.
 */
export function useFeedPreview(source: FeedPreview | null, variables?: FeedVariables | null) {
  const trpc = useTRPC();
  const { mutate, data, error, isError, isSuccess } = useMutation(
    trpc.feed.preview.mutationOptions(),
  );
  const url = source?.url;
  const type = source?.type;
  useEffect(() => {
    if (url && type) mutate({ url, type });
  }, [mutate, url, type]);
  // A feed that cannot be read is a 400 whose message says why (for the user, at the url).
  const reason = badRequestMessage(error);
  const products = data?.products;
  const mapped = useMemo(
    () =>
      products && variables ? remapPreview(products, initialVariables({ variables })) : products,
    // The mapping as text: a new object with the same mapping does not remap.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [products, JSON.stringify(variables ?? null)],
  );
  return { isPending: !isSuccess && !isError, isError, data: mapped, reason };
}

/** `feed.upsert`; refreshes the feed queries and the user bundle (which lists feeds). */
export function useUpsertFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.feed.upsert.mutationOptions(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.feed.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
      ]),
  }) satisfies { mutateAsync: (feed: FeedInput) => Promise<unknown> };
}
