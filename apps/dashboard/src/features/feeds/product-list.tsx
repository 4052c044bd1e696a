import { sanitizeProductText } from "@floow/domain/feed";
import { formatEuro, TEXT_LIMITS } from "@floow/domain/shared";
import {
  AlertTriangleIcon,
  Button,
  cn,
  EmptyState,
  ExternalLinkIcon,
  ImageIcon,
  Input,
  PackageIcon,
  PlusIcon,
  SearchIcon,
  SortableTableHead,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableExpandButton,
  TableHead,
  TableHeader,
  TablePagination,
  TableRow,
} from "@floow/ui";
import { Fragment, useEffect, useState } from "react";
import { VALIDATION_DEBOUNCE_MS } from "../forms/use-live-validation";
import { attributeText, type FeedRow, type ProductRow } from "./feed-logic";
import {
  INITIAL_PRODUCT_QUERY,
  useProductPage,
  type ProductQuery,
  type ProductSort,
} from "./feed-queries";

/**
 * The Products tab: the products of all the organization's feeds, searchable (name or ID),
 * sortable by ID, name and price, a page at a time. A row opens to show every attribute the
 * feed gave the product. Feed text is shown as text, never as HTML.
 */
export function ProductList({
  feeds,
  onAddFeed,
  onShowFeeds,
}: {
  feeds: readonly FeedRow[];
  onAddFeed: () => void;
  onShowFeeds: () => void;
}) {
  const [query, setQuery] = useState<ProductQuery>(INITIAL_PRODUCT_QUERY);
  const [searchText, setSearchText] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const page = useProductPage(query);

  // The search follows the typing, 300 ms after the last key (like the forms' validation).
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setQuery((current) =>
          current.search === searchText ? current : { ...current, search: searchText, offset: 0 },
        ),
      VALIDATION_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  if (feeds.length === 0) {
    return (
      <EmptyState
        icon={<PackageIcon size={24} />}
        title="No products yet"
        description="Products come from your product feeds. Add a Channable or Shopify feed and its products are listed here."
        action={
          <Button onClick={onAddFeed}>
            <PlusIcon size={16} />
            Add Feed
          </Button>
        }
      />
    );
  }

  const sortBy = (sort: ProductSort) =>
    setQuery((current) => ({
      ...current,
      sort,
      direction: current.sort === sort && current.direction === "asc" ? "desc" : "asc",
      offset: 0,
    }));
  const feedName = (id: string) => {
    const feed = feeds.find((candidate) => candidate.id === id);
    return feed ? feed.name || feed.url : "—";
  };
  const data = page.data;
  const searching = query.search.trim() !== "";

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative w-full max-w-sm">
          <SearchIcon
            size={16}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-grey-400"
          />
          <Input
            type="search"
            aria-label="Search products"
            maxLength={TEXT_LIMITS.search}
            placeholder="Search by name or ID"
            className="pl-9"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        {page.isFetching ? (
          <Spinner size="sm" label="Loading products" className="text-grey-400" />
        ) : null}
      </div>

      {page.isPending ? (
        <p className="flex items-center gap-3 rounded-2xl bg-white px-6 py-10 text-sm text-grey-500 ring-1 ring-grey-200">
          <Spinner size="sm" label="Loading products" /> Loading products…
        </p>
      ) : page.isError ? (
        <p
          role="alert"
          className="flex items-center gap-3 rounded-2xl bg-amber-50 px-6 py-4 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <AlertTriangleIcon size={18} className="shrink-0 text-amber-600" />
          The products cannot be loaded right now. Please try again later.
        </p>
      ) : !data || data.total === 0 ? (
        searching ? (
          <p className="rounded-2xl border border-dashed border-grey-300 bg-white px-6 py-10 text-center text-sm text-grey-500">
            No products match “{query.search.trim()}”.
          </p>
        ) : (
          <EmptyState
            icon={<PackageIcon size={24} />}
            title="Your feeds have no products yet"
            description="A feed's products appear here once it has been read. The Feeds tab shows when each feed was last refreshed and whether that worked."
            action={
              <Button variant="outline" onClick={onShowFeeds}>
                Go to Feeds
              </Button>
            }
          />
        )
      ) : (
        <>
          <Table aria-label="Products" className="min-w-[48rem]">
            <TableHeader>
              <tr>
                <TableHead className="w-10">
                  <span className="sr-only">Details</span>
                </TableHead>
                <TableHead className="w-16">Image</TableHead>
                <SortableTableHead
                  active={query.sort === "id"}
                  direction={query.direction}
                  onSort={() => sortBy("id")}
                  className="w-36"
                >
                  ID
                </SortableTableHead>
                <SortableTableHead
                  active={query.sort === "name"}
                  direction={query.direction}
                  onSort={() => sortBy("name")}
                >
                  Name
                </SortableTableHead>
                <SortableTableHead
                  active={query.sort === "price"}
                  direction={query.direction}
                  onSort={() => sortBy("price")}
                  className="w-28"
                >
                  Price
                </SortableTableHead>
                <TableHead className="w-44">Feed</TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {data.items.map((product) => {
                const key = `${product.feedId}/${product.id}`;
                return (
                  <Fragment key={key}>
                    <ProductTableRow
                      product={product}
                      feedName={feedName(product.feedId)}
                      open={open === key}
                      onToggle={() => setOpen(open === key ? null : key)}
                    />
                    {open === key ? <ProductDetails product={product} /> : null}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
          <TablePagination
            offset={query.offset}
            limit={query.limit}
            total={data.total}
            noun={data.total === 1 ? "product" : "products"}
            onOffsetChange={(offset) => setQuery((current) => ({ ...current, offset }))}
          />
        </>
      )}
    </div>
  );
}

function ProductTableRow({
  product,
  feedName,
  open,
  onToggle,
}: {
  product: ProductRow;
  feedName: string;
  open: boolean;
  onToggle: () => void;
}) {
  const name = sanitizeProductText(product.name);
  return (
    <TableRow
      data-testid="product-row"
      className={cn("cursor-pointer", open && "bg-grey-50/70")}
      onClick={onToggle}
    >
      <TableCell>
        <TableExpandButton
          open={open}
          label={`${open ? "Hide" : "Show"} attributes of ${name || product.id}`}
          onToggle={onToggle}
        />
      </TableCell>
      <TableCell>
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
      </TableCell>
      <TableCell className="max-w-36 truncate font-mono text-xs text-grey-500">
        {product.id}
      </TableCell>
      <TableCell className="font-medium text-grey-900">
        <span className="line-clamp-2">{name}</span>
      </TableCell>
      <TableCell className="text-grey-700 tabular-nums">{formatEuro(product.price)}</TableCell>
      <TableCell className="max-w-44 truncate text-grey-600">{feedName}</TableCell>
    </TableRow>
  );
}

/** Every attribute of the product, as the feed wrote it (shown as text). */
function ProductDetails({ product }: { product: ProductRow }) {
  const description = sanitizeProductText(product.description);
  const attributes = Object.entries(product.attributes);
  return (
    <tr className="bg-grey-50/70">
      <td colSpan={6} className="px-5 pt-1 pb-5">
        <div
          className="flex flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-grey-200"
          data-testid="product-details"
        >
          {description ? <p className="text-sm text-grey-700">{description}</p> : null}
          {product.url ? (
            <a
              href={product.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
            >
              View product
              <ExternalLinkIcon size={13} />
            </a>
          ) : null}
          <dl
            aria-label={`Attributes of ${sanitizeProductText(product.name) || product.id}`}
            className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]"
          >
            {attributes.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-mono text-xs text-grey-500 sm:pt-0.5">{name}</dt>
                <dd className="break-words whitespace-pre-line text-grey-900">
                  {attributeText(value)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </td>
    </tr>
  );
}
