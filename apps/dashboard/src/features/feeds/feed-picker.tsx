import { sanitizeProductText } from "@floow/domain/feed";
import { formatEuro } from "@floow/domain/shared";
import {
  AlertTriangleIcon,
  cn,
  ImageIcon,
  PackageIcon,
  RadioGroup,
  RadioGroupItem,
  Spinner,
} from "@floow/ui";
import type { ReactNode } from "react";
import { useFeedList, useFeedPreview, type FeedPreviewProduct, type FeedSummary } from "./feed-api";

/** How many products the preview table shows. */
export const PREVIEW_ROWS = 5;

/** Step 2 of Create Floow: the organization's feeds, and a preview of the chosen one. */
export function FeedPicker({
  selectedFeedId,
  onSelect,
  error,
}: {
  selectedFeedId: string | null;
  onSelect: (feedId: string) => void;
  error: string | null;
}) {
  const feeds = useFeedList();
  const selected = feeds.data?.find((feed) => feed.id === selectedFeedId) ?? null;

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="pb-2 text-sm font-medium text-grey-800">Product feed</legend>
        {feeds.isPending ? (
          <Notice>
            <Spinner size="sm" label="Loading feeds" /> Loading feeds…
          </Notice>
        ) : feeds.isError ? (
          <Notice tone="warning">
            <AlertTriangleIcon size={18} className="shrink-0 text-amber-600" />
            <span>
              Product feeds cannot be loaded right now. Choose “I&apos;ll add a feed later” and
              connect a feed to this floow from Products.
            </span>
          </Notice>
        ) : feeds.data.length === 0 ? (
          <Notice>
            <PackageIcon size={18} className="shrink-0 text-grey-400" />
            <span>No product feeds yet. Add a feed, or add one later.</span>
          </Notice>
        ) : (
          <RadioGroup
            variant="card"
            className="max-h-56 overflow-y-auto p-0.5 sm:grid-cols-2"
            aria-label="Product feed"
            value={selectedFeedId ?? ""}
            onValueChange={onSelect}
          >
            {feeds.data.map((feed) => (
              <FeedOption key={feed.id} feed={feed} />
            ))}
          </RadioGroup>
        )}
        {error ? (
          <p role="alert" className="text-xs font-medium text-red-600">
            {error}
          </p>
        ) : null}
      </fieldset>
      {selected ? <FeedPreviewTable feed={selected} /> : null}
    </div>
  );
}

function FeedOption({ feed }: { feed: FeedSummary }) {
  return (
    <RadioGroupItem value={feed.id}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-grey-100 text-grey-600">
        <PackageIcon size={17} />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-medium text-grey-900">{feed.name || feed.url}</span>
        <span className="text-xs text-grey-600">
          {feed.type === "shopify" ? "Shopify" : "Channable"} · {feed.productCount}{" "}
          {feed.productCount === 1 ? "product" : "products"}
        </span>
      </span>
    </RadioGroupItem>
  );
}

/** Spec section 2: "shows a preview table (image, ID, name, price in euro, description)". */
export function FeedPreviewTable({
  feed,
}: {
  feed: Pick<FeedSummary, "url" | "type" | "name" | "variables">;
}) {
  // Read through the feed's own mapping (id, name, price … may live in other attributes).
  const preview = useFeedPreview({ url: feed.url, type: feed.type }, feed.variables);
  if (preview.isPending) {
    return (
      <Notice>
        <Spinner size="sm" label="Loading products" /> Loading products of {feed.name || "the feed"}
        …
      </Notice>
    );
  }
  if (preview.isError) {
    return (
      <Notice tone="warning">
        <AlertTriangleIcon size={18} className="shrink-0 text-amber-600" />
        <span className="flex flex-col gap-0.5">
          <span>The products of this feed cannot be previewed right now.</span>
          {preview.reason ? <span className="text-xs text-amber-800">{preview.reason}</span> : null}
        </span>
      </Notice>
    );
  }
  return <ProductsTable products={preview.data ?? []} />;
}

export function ProductsTable({ products }: { products: readonly FeedPreviewProduct[] }) {
  if (products.length === 0) {
    return <Notice>This feed has no products yet.</Notice>;
  }
  return (
    <div className="overflow-hidden rounded-xl border border-grey-200">
      <table className="w-full table-fixed text-left text-sm" aria-label="Feed preview">
        <thead className="bg-grey-50 text-xs font-medium text-grey-500">
          <tr>
            <th scope="col" className="w-16 px-3 py-2 font-medium">
              Image
            </th>
            <th scope="col" className="w-24 px-3 py-2 font-medium">
              ID
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="w-24 px-3 py-2 font-medium">
              Price
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-grey-100">
          {products.slice(0, PREVIEW_ROWS).map((product, index) => (
            <tr key={`${product.id}-${index}`}>
              <td className="px-3 py-2">
                {product.image ? (
                  <img
                    src={product.image}
                    alt=""
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    className="size-10 rounded-md object-cover ring-1 ring-grey-200"
                  />
                ) : (
                  <span className="flex size-10 items-center justify-center rounded-md bg-grey-100 text-grey-400">
                    <ImageIcon size={16} />
                  </span>
                )}
              </td>
              <td className="truncate px-3 py-2 font-mono text-xs text-grey-500">{product.id}</td>
              <td className="truncate px-3 py-2 font-medium text-grey-900">
                {sanitizeProductText(product.name)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-grey-700 tabular-nums">
                {formatEuro(product.price)}
              </td>
              <td className="px-3 py-2 text-grey-600">
                <span className="line-clamp-2">{sanitizeProductText(product.description)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {products.length > PREVIEW_ROWS ? (
        <p className="border-t border-grey-100 bg-grey-50/60 px-3 py-2 text-xs text-grey-500">
          Showing {PREVIEW_ROWS} of {products.length} products.
        </p>
      ) : null}
    </div>
  );
}

function Notice({
  children,
  tone = "neutral",
}: {
  children: ReactNode;
  tone?: "neutral" | "warning";
}) {
  return (
    <div
      className={cn(
        "flex items-center gap-3 rounded-xl px-4 py-3 text-sm",
        tone === "warning"
          ? "bg-amber-50 text-amber-900 ring-1 ring-amber-200"
          : "bg-grey-50 text-grey-600 ring-1 ring-grey-200",
      )}
    >
      {children}
    </div>
  );
}
