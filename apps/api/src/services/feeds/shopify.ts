import type { FeedLimits } from "./limits";
import { SHOPIFY_PAGE_SIZE } from "./limits";
import { addJsonValue, RecordBuilder, type FeedRecord } from "./record";

interface ShopifyVariant {
  id?: number | string;
  title?: string;
  sku?: string | null;
  price?: string | number | null;
  compare_at_price?: string | number | null;
  available?: boolean;
  featured_image?: { src?: string } | null;
  [key: string]: unknown;
}

interface ShopifyProduct {
  id?: number | string;
  title?: string;
  handle: string;
  body_html?: string | null;
  vendor?: string;
  product_type?: string;
  tags?: string[] | string;
  variants: ShopifyVariant[];
  images?: { src?: string }[];
  image?: { src?: string } | null;
  options?: { name?: string; values?: unknown[] }[];
  [key: string]: unknown;
}

/** Whether a JSON object is a product from a Shopify store's `products.json`. */
export function isShopifyProduct(value: unknown): value is ShopifyProduct {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as ShopifyProduct).variants) &&
    typeof (value as ShopifyProduct).handle === "string"
  );
}

/** Fields turned into the Google-style attributes below; the rest are kept as they are. */
const MAPPED = new Set([
  "id",
  "title",
  "handle",
  "body_html",
  "vendor",
  "tags",
  "variants",
  "images",
  "image",
  "options",
]);

/**
 * One product per Shopify product, not one per variant: a guided-selling result list
 * should show "T-shirt", not "T-shirt / S", "T-shirt / M", …. The variants are summed up:
 * `price` is the lowest price of the variants in stock (of all variants when none is),
 * `sale_price`/`compare_at_price` belong to that variant, `availability` is `in stock`
 * when any variant is available, and the variants' ids, titles, SKUs and prices are kept
 * as lists. Attribute names follow Google's (`link`, `image_link`, `description`) so the
 * default feed variables work for Shopify feeds too.
 */
export function flattenShopifyProduct(
  product: ShopifyProduct,
  storeUrl: string | undefined,
  limits: FeedLimits,
): FeedRecord {
  const builder = new RecordBuilder(
    limits,
    () => ` (Shopify product ${String(product.id ?? product.handle)})`,
  );
  const add = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== "") builder.add(key, String(value));
  };
  const variants = product.variants;
  const available = variants.filter((variant) => variant.available !== false);
  const priced = (available.length > 0 ? available : variants).filter((variant) =>
    Number.isFinite(Number(variant.price)),
  );
  const cheapest = priced.reduce<ShopifyVariant | undefined>(
    (best, variant) =>
      best === undefined || Number(variant.price) < Number(best.price) ? variant : best,
    undefined,
  );
  const images = (product.images ?? [])
    .map((image) => image.src)
    .filter((src): src is string => Boolean(src));
  const image = images[0] ?? product.image?.src ?? cheapest?.featured_image?.src;

  add("id", product.id);
  add("title", product.title);
  add("link", storeUrl ? new URL(`/products/${product.handle}`, storeUrl).href : undefined);
  add("description", product.body_html);
  add("price", cheapest?.price);
  if (cheapest?.compare_at_price && Number(cheapest.compare_at_price) > Number(cheapest.price)) {
    add("sale_price", cheapest.price);
    add("compare_at_price", cheapest.compare_at_price);
  }
  if (variants.some((variant) => typeof variant.available === "boolean")) {
    add(
      "availability",
      variants.some((variant) => variant.available === true) ? "in stock" : "out of stock",
    );
  }
  add("image_link", image);
  for (const src of images.slice(1)) add("additional_image_link", src);
  add("brand", product.vendor);
  add("vendor", product.vendor);
  add("handle", product.handle);
  const tags = Array.isArray(product.tags)
    ? product.tags
    : (product.tags ?? "").split(",").map((tag) => tag.trim());
  for (const tag of tags) add("tags", tag);
  for (const option of product.options ?? []) {
    const values = (option.values ?? []).map(String);
    // Single-variant products have the placeholder option "Title: Default Title".
    if (
      !option.name ||
      (option.name === "Title" && values.length === 1 && values[0] === "Default Title")
    )
      continue;
    const key = option.name.trim().toLowerCase().replace(/\s+/g, "_");
    const name = key in builder.record || MAPPED.has(key) ? `option_${key}` : key;
    for (const value of values) add(name, value);
  }
  add("variant_count", variants.length);
  for (const variant of variants) {
    add("variant_id", variant.id);
    add("variant_title", variant.title);
    add("variant_price", variant.price);
    add("sku", variant.sku);
  }
  for (const [key, value] of Object.entries(product)) {
    if (!MAPPED.has(key) && !(key in builder.record)) addJsonValue(builder, key, value);
  }
  return builder.take();
}

/**
 * The `products.json` address of a Shopify store or collection, for one page. An address
 * that already names a `.json` file is used as given (with the paging parameters);
 * one without a file extension (`https://shop.example`, `/collections/shoes`) gets
 * `/products.json` appended.
 */
export function shopifyPageUrl(input: string, page: number): string {
  const url = new URL(input);
  if (!url.pathname.endsWith(".json")) {
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/products.json`;
  }
  if (!url.searchParams.has("limit")) url.searchParams.set("limit", String(SHOPIFY_PAGE_SIZE));
  url.searchParams.set("page", String(page));
  return url.href;
}

/** Whether a feed of type shopify should be read as Shopify `products.json` pages. */
export function isShopifyCatalogUrl(input: string): boolean {
  const path = new URL(input).pathname;
  const last = path.split("/").pop() ?? "";
  return path.endsWith(".json") || !last.includes(".");
}

/** The `rel="next"` address of a Link header (Shopify's cursor paging with page_info). */
export function nextLink(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return undefined;
  for (const part of value.split(/,(?=\s*<)/)) {
    const match = /<([^>]+)>\s*;(.*)/.exec(part.trim());
    if (match && /\brel\s*=\s*"?next"?/i.test(match[2]!)) return match[1];
  }
  return undefined;
}
