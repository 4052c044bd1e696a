import { DEFAULT_FEED_VARIABLES, type FeedVariableKey } from "./constants";
import type { FeedVariables, MappedProduct, Product } from "./types";
import { parseLooseNumber, trimText } from "../shared/format";

function str(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return str(value[0]);
  return typeof value === "object" ? "" : String(value);
}

/**
 * When a feed uses a default variable and lacks its attribute, these common alternatives are
 * tried (un-namespaced exports often write `url`, `name` or `image`).
 */
const FALLBACKS: Record<FeedVariableKey, readonly string[]> = {
  id: ["sku", "product_id", "item_group_id"],
  url: ["url", "product_url", "link.href"],
  name: ["name", "product_name"],
  price: ["sale_price"],
  image: ["image", "image_url", "imageurl"],
  description: ["summary", "content", "body_html"],
};

/**
 * Reads a product's id, url, name, price, image and description through the feed's
 * `variables` (which attribute holds each; defaults id, link, title, price, image_link,
 * description). Attribute names match exactly, else ignoring case; a default variable whose
 * attribute is missing tries the common alternatives above; a list gives its first value;
 * text is trimmed; `price` is parsed loosely (`"1.299,95 EUR"` → 1299.95) or null. The one
 * mapping used by the feed import (API) and the dashboard's preview.
 */
export function mapProduct(
  product: Product,
  variables: Partial<FeedVariables> = DEFAULT_FEED_VARIABLES,
): MappedProduct {
  return productMapper(variables)(product);
}

/** mapProduct with the variables worked out once, for reading many products of one feed. */
export type ProductMapper = (product: Product) => MappedProduct;

/**
 * mapProduct's rules for one feed's `variables`, resolved once (which attribute names each
 * variable tries, in order) instead of for every product.
 */
export function productMapper(
  variables: Partial<FeedVariables> = DEFAULT_FEED_VARIABLES,
): ProductMapper {
  const id = attributeNames(variables, "id");
  const url = attributeNames(variables, "url");
  const name = attributeNames(variables, "name");
  const price = attributeNames(variables, "price");
  const image = attributeNames(variables, "image");
  const description = attributeNames(variables, "description");
  return (product) => ({
    id: readFirst(product, id),
    url: readFirst(product, url),
    name: readFirst(product, name),
    price: parseLooseNumber(readFirst(product, price)) ?? null,
    image: readFirst(product, image),
    description: readFirst(product, description),
  });
}

/** The attribute names one variable tries: the named one, and for a default the alternatives. */
function attributeNames(variables: Partial<FeedVariables>, key: FeedVariableKey): string[] {
  const attribute = variables[key]?.trim() || DEFAULT_FEED_VARIABLES[key];
  return attribute === DEFAULT_FEED_VARIABLES[key] ? [attribute, ...FALLBACKS[key]] : [attribute];
}

/** The first of `names` the product has, as trimmed text ("" when none). */
function readFirst(product: Product, names: readonly string[]): string {
  for (let i = 0; i < names.length; i++) {
    const value = lookupAttribute(product, names[i]!);
    if (value !== undefined) return trimText(str(value));
  }
  return "";
}

/** An attribute's value by its exact name, else ignoring case (undefined when absent). */
function lookupAttribute(product: Product, attribute: string): unknown {
  if (Object.hasOwn(product, attribute)) return product[attribute];
  const lower = attribute.toLowerCase();
  for (const key of Object.keys(product)) if (key.toLowerCase() === lower) return product[key];
  return undefined;
}

/**
 * Plain text from a feed's product text: common entities decoded ONCE, then tags removed
 * (until none is left, so `<<b>script>` cannot reassemble one) and whitespace collapsed. An
 * escaped tag in the feed (`&lt;script&gt;…`) is decoded first and so removed like a real
 * one: the result never holds markup. A lone `<` or `>` that starts no tag ("3 < 5") stays.
 * Feeds are untrusted; render the result as text, never as HTML.
 */
export function sanitizeProductText(value: unknown): string {
  let text = str(value)
    .replace(/&nbsp;/gi, " ")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&amp;/gi, "&");
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<\/?[a-z!?][^>]*>/gi, " ");
  }
  // A tag opened but never closed (`<script src=x` at the end) is cut off too.
  return text
    .replace(/<\/?[a-z!?][^<>]*$/i, " ")
    .replace(/\s+/g, " ")
    .trim();
}
