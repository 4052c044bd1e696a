import { DEFAULT_FEED_VARIABLES } from "./constants";
import type { FeedVariables, MappedProduct, Product } from "./types";
import { variableValue } from "../filter/logic";
import { parseLooseNumber } from "../shared/format";

function str(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return str(value[0]);
  return typeof value === "object" ? "" : String(value);
}

/** Reads a product through a feed's variables (id, url, name, price, image, description). */
export function mapProduct(
  product: Product,
  variables: Partial<FeedVariables> = DEFAULT_FEED_VARIABLES,
): MappedProduct {
  const price = parseLooseNumber(variableValue(product, "price", variables));
  return {
    id: str(variableValue(product, "id", variables)),
    url: str(variableValue(product, "url", variables)),
    name: str(variableValue(product, "name", variables)),
    price: price ?? null,
    image: str(variableValue(product, "image", variables)),
    description: str(variableValue(product, "description", variables)),
  };
}

/** The attribute names found in a feed's products, in first-seen order (for filter fields). */
export function productAttributes(products: readonly Product[]): string[] {
  const seen = new Set<string>();
  for (const product of products) for (const key of Object.keys(product)) seen.add(key);
  return [...seen];
}

/**
 * Plain text from a feed's product text: tags removed, common entities decoded and
 * whitespace collapsed. Feeds are untrusted; render the result as text, never as HTML.
 */
export function sanitizeProductText(value: unknown): string {
  return str(value)
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&amp;/gi, "&")
    .replace(/\s+/g, " ")
    .trim();
}
