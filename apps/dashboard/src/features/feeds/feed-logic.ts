import {
  createFeed,
  DEFAULT_FEED_VARIABLES,
  FEED_VARIABLE_KEYS,
  mapProduct,
  type FeedForm,
  type FeedType,
  type FeedVariableKey,
  type FeedVariables,
} from "@floow/domain/feed";
import type { inferOutput } from "@trpc/tanstack-react-query";
import type { TRPC } from "../../lib/trpc";

/** A feed as `feed.list` answers it. */
export type FeedRow = inferOutput<TRPC["feed"]["list"]>[number];

/** A preview product as `feed.preview` answers it. */
export type PreviewProduct = inferOutput<TRPC["feed"]["preview"]>["products"][number];

/** A stored product as `product.list` answers it. */
export type ProductRow = inferOutput<TRPC["product"]["list"]>["items"][number];

export const FEED_TYPE_LABELS: Readonly<Record<FeedType, string>> = {
  channable: "Channable",
  shopify: "Shopify",
};

/** The product fields of a feed's variables, as the mapping form names them. */
export const FEED_VARIABLE_LABELS: Readonly<Record<FeedVariableKey, string>> = {
  id: "ID",
  url: "URL",
  name: "Name",
  price: "Price",
  image: "Image",
  description: "Description",
};

/** How often the feeds list is asked again while a refresh is queued or running. */
export const REFRESH_POLL_MS = 1500;

/** A refresh is queued or running: the list is polled until it is done. */
export function isRefreshing(feed: Pick<FeedRow, "refreshQueued" | "lastRefreshStatus">): boolean {
  return feed.refreshQueued || feed.lastRefreshStatus === "running";
}

export type RefreshState =
  | { kind: "refreshing"; label: string }
  | { kind: "never"; label: string }
  | { kind: "ok"; label: string }
  | { kind: "failed"; label: string; error: string };

/**
 * What the feeds table says about the last refresh. A failed one shows the message stored on
 * the feed (the fetch's or parser's own words); a refresh under way wins over the last result.
 */
export function refreshState(
  feed: Pick<FeedRow, "refreshQueued" | "lastRefreshStatus" | "lastRefreshError">,
): RefreshState {
  if (isRefreshing(feed)) return { kind: "refreshing", label: "Refreshing…" };
  if (feed.lastRefreshStatus === "failed") {
    return {
      kind: "failed",
      label: "Failed",
      error: feed.lastRefreshError || "The feed could not be read.",
    };
  }
  if (feed.lastRefreshStatus === "ok") return { kind: "ok", label: "OK" };
  return { kind: "never", label: "Not refreshed yet" };
}

/**
 * The preview products read through the chosen variables, without asking the server again.
 * The server mapped them with the default variables, and for a default variable whose
 * attribute is missing it tried common alternatives (`sku`, `image_url` …): a field still
 * mapped to its default keeps the server's value, a changed one is read from the attributes.
 */
export function remapPreview(
  products: readonly PreviewProduct[],
  variables: FeedVariables,
): PreviewProduct[] {
  return products.map((product) => {
    const mapped = mapProduct(product.attributes, variables);
    const pick = <K extends FeedVariableKey>(key: K) =>
      variables[key] === DEFAULT_FEED_VARIABLES[key] ? product[key] : mapped[key];
    return {
      ...product,
      id: pick("id"),
      url: pick("url"),
      name: pick("name"),
      price: pick("price"),
      image: pick("image"),
      description: pick("description"),
    };
  });
}

/**
 * The attributes a variable may be mapped to: the ones the preview found, plus the current
 * choice when the preview did not find it (the default `id` of a feed that says `sku`, or a
 * saved mapping of an attribute that has disappeared).
 */
export function variableOptions(attributes: readonly string[], current: string): string[] {
  return attributes.includes(current) ? [...attributes] : [current, ...attributes];
}

/** The variables a new feed starts with, or an existing feed's. */
export function initialVariables(feed?: Pick<FeedRow, "variables"> | null): FeedVariables {
  const variables = { ...DEFAULT_FEED_VARIABLES } as FeedVariables;
  for (const key of FEED_VARIABLE_KEYS) {
    const saved = feed?.variables[key];
    if (saved) variables[key] = saved;
  }
  return variables;
}

/**
 * What `feed.upsert` receives from the Add Feed dialog: a new feed of the organization (no
 * domain: any floow may use it), or the edited feed with its id, domain, description and
 * image kept.
 */
export function buildFeedSave(
  form: FeedForm,
  variables: FeedVariables,
  existing?: Pick<FeedRow, "id" | "domainId" | "description" | "image"> | null,
) {
  const {
    organizationId: _organizationId,
    domainId: _domainId,
    ...feed
  } = createFeed({
    ...(existing && { id: existing.id, description: existing.description, image: existing.image }),
    name: form.name,
    type: form.type,
    url: form.url,
    variables: { ...variables },
  });
  return { ...feed, domainId: existing?.domainId ?? null };
}

/** An attribute value as text: lists one item per line. */
export function attributeText(value: string | readonly string[]): string {
  return typeof value === "string" ? value : value.join("\n");
}
