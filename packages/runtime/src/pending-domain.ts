/**
 * PENDING DOMAIN LOGIC: belongs in `@floow/domain/logic` (beside `mapProduct` in
 * packages/domain/src/feed/logic.ts, which the logic entry does not export yet). Move it
 * there and import it from `@floow/domain/logic`; nothing else in the runtime changes.
 */
import { DEFAULT_FEED_VARIABLES, formatEuro, parseLooseNumber } from "@floow/domain/logic";
import type { FloowResults, Product } from "@floow/domain/logic";

/** A result as a card shows it. */
export interface ResultProduct {
  id: string;
  /** Plain text: never rendered as HTML. */
  name: string;
  /** `€ 12,50`, or "" when the product has no price. */
  price: string;
  url: string;
  image: string;
  /** HTML from the feed: sanitize before rendering. */
  description: string;
  /** The results settings' extra attributes that have a value, as label and text. */
  attributes: { name: string; value: string }[];
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(", ");
  return typeof value === "object" ? "" : String(value);
}

/**
 * Reads a results-call product for display. The server answers feed records under their
 * feed's attribute names (`title`, `link`, `image_link`, …) or already mapped (`name`,
 * `url`, `image`); the results settings name the label and image attributes and the extra
 * attributes to show (looked up on the record, then in its `attributes` map).
 */
export function resultProduct(
  product: Product,
  results: Pick<FloowResults, "imageAttribute" | "labelAttribute" | "attributes">,
): ResultProduct {
  const V = DEFAULT_FEED_VARIABLES;
  const nested =
    product.attributes && typeof product.attributes === "object"
      ? (product.attributes as Product)
      : {};
  const read = (...keys: (string | undefined)[]) => {
    for (const key of keys) {
      if (!key) continue;
      const value = text(product[key] ?? nested[key]);
      if (value !== "") return value;
    }
    return "";
  };
  const price = parseLooseNumber(product[V.price] ?? nested[V.price]);
  return {
    id: read(V.id, "id"),
    name: read(results.labelAttribute, "name", V.name),
    price: price === undefined ? "" : formatEuro(price),
    url: read("url", V.url),
    image: read(results.imageAttribute, "image", V.image),
    description: read("description", V.description),
    attributes: (results.attributes ?? [])
      .map((name) => ({ name, value: read(name) }))
      .filter((a) => a.value !== ""),
  };
}
