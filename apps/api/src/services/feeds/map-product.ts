import { DEFAULT_FEED_VARIABLES, type FeedVariableKey } from "@floow/domain/constants";
import { parseLooseNumber } from "@floow/domain/logic";
import { firstValue, type FeedRecord, type FeedValue } from "./record";

export type FeedVariablesInput = Partial<Record<FeedVariableKey, string>>;

/** A product read through its feed's variables, with every attribute kept beside it. */
export interface FeedProduct {
  id: string;
  url: string;
  name: string;
  /** The price as a number (`"1.299,95 EUR"` → 1299.95), or null when it is not one. */
  price: number | null;
  image: string;
  description: string;
  /** All attributes as the feed wrote them (text is not sanitized: do that where it is shown as HTML). */
  attributes: FeedRecord;
}

/**
 * When a feed uses the default variables and lacks the default attribute, these common
 * alternatives are tried (un-namespaced exports often write `url`, `name` or `image`).
 */
const FALLBACKS: Record<FeedVariableKey, string[]> = {
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
 * description). Attribute names match exactly, else ignoring case.
 */
export function mapProduct(record: FeedRecord, variables: FeedVariablesInput = {}): FeedProduct {
  const read = (key: FeedVariableKey): string => {
    const attribute = variables[key]?.trim() || DEFAULT_FEED_VARIABLES[key];
    const value = lookup(record, attribute);
    if (value !== undefined || attribute !== DEFAULT_FEED_VARIABLES[key]) return firstValue(value).trim();
    for (const alternative of FALLBACKS[key]) {
      const found = lookup(record, alternative);
      if (found !== undefined) return firstValue(found).trim();
    }
    return "";
  };
  const price = parseLooseNumber(read("price"));
  return {
    id: read("id"),
    url: read("url"),
    name: read("name"),
    price: price === undefined ? null : price,
    image: read("image"),
    description: read("description"),
    attributes: record,
  };
}

function lookup(record: FeedRecord, attribute: string): FeedValue | undefined {
  if (Object.hasOwn(record, attribute)) return record[attribute];
  const lower = attribute.toLowerCase();
  for (const key of Object.keys(record)) if (key.toLowerCase() === lower) return record[key];
  return undefined;
}
