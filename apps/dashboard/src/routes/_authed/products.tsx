import { hasRole } from "@floow/domain/user";
import {
  Button,
  EmptyState,
  PackageIcon,
  PlusIcon,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@floow/ui";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { AddFeedDialog } from "../../features/feeds/add-feed-dialog";
import type { FeedRow } from "../../features/feeds/feed-logic";
import {
  feedListOptions,
  INITIAL_PRODUCT_QUERY,
  productListOptions,
  useFeedActions,
  usePreviewFeed,
  useReloadProductsAfterRefresh,
  useSaveFeed,
} from "../../features/feeds/feed-queries";
import { FeedsTable } from "../../features/feeds/feeds-table";
import { ProductList } from "../../features/feeds/product-list";
import { Page, PageHeader } from "../../features/layout/page";
import { useHashTab } from "../../features/layout/use-hash-tab";
import { useTRPC } from "../../lib/trpc";

export const Route = createFileRoute("/_authed/products")({
  head: () => ({ meta: [{ title: "Products · Floow" }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(feedListOptions(trpc)),
      queryClient.prefetchQuery(productListOptions(trpc, INITIAL_PRODUCT_QUERY)),
    ]),
  component: Products,
});

/** The Add Feed dialog: closed, adding a new feed, or editing one (a snapshot of its row). */
type FeedDialog = { open: false } | { open: true; feed: FeedRow | null };

function Products() {
  const trpc = useTRPC();
  const { data: feeds } = useSuspenseQuery(feedListOptions(trpc));
  const { data: bundle } = useSuspenseQuery(trpc.user.get.queryOptions());
  // docs/permissions.md: deleting a feed is for admins (the server's feed.remove says so too).
  const canDelete = hasRole(bundle.roles, "admin");
  const [tab, setTab] = useHashTab(["products", "feeds"]);
  const [dialog, setDialog] = useState<FeedDialog>({ open: false });
  const actions = useFeedActions();
  const preview = usePreviewFeed();
  const save = useSaveFeed();
  useReloadProductsAfterRefresh(feeds);

  const addFeed = () => setDialog({ open: true, feed: null });

  return (
    <Page>
      <PageHeader
        title="Products"
        description="The products your floows recommend, from your product feeds."
        actions={
          <Button onClick={addFeed}>
            <PlusIcon size={16} />
            Add Feed
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="products">Products</TabsTrigger>
          <TabsTrigger value="feeds">Feeds</TabsTrigger>
        </TabsList>
        <TabsContent value="products">
          <ProductList feeds={feeds} onAddFeed={addFeed} onShowFeeds={() => setTab("feeds")} />
        </TabsContent>
        <TabsContent value="feeds">
          {feeds.length === 0 ? (
            <EmptyState
              icon={<PackageIcon size={24} />}
              title="No product feeds yet"
              description="Add the address of a Channable or Shopify product feed. Floow reads its products and fetches them again regularly."
              action={
                <Button onClick={addFeed}>
                  <PlusIcon size={16} />
                  Add Feed
                </Button>
              }
            />
          ) : (
            <FeedsTable
              feeds={feeds}
              canDelete={canDelete}
              refreshingId={actions.refreshingId}
              onRefresh={actions.refresh}
              onEdit={(feed) => setDialog({ open: true, feed })}
              onDelete={actions.remove}
            />
          )}
        </TabsContent>
      </Tabs>
      <AddFeedDialog
        open={dialog.open}
        feed={dialog.open ? dialog.feed : null}
        onOpenChange={(open) => (open ? undefined : setDialog({ open: false }))}
        onPreview={preview}
        onSave={save}
      />
    </Page>
  );
}
