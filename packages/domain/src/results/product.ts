import { DEFAULT_FEED_VARIABLES } from "../feed/constants";
import type { Product } from "../feed/types";
import type { FloowResults } from "../floow/types";
import { formatEuro, parseLooseNumber } from "../shared/format";

/** A product as the server's copy of an event carries it (docs/events.md). */
export interface EventProduct {
  id: string;
  /** Plain text: never rendered as HTML. */
  name: string;
  /** The price as a number, or null when the product has none. */
  price: number | null;
  url: string;
  image: string;
}

/**
 * A result as a card shows it (the results call's `cards`, docs/api.md): its first five
 * fields are the event product, so the runtime trims a product for analytics without
 * reading the feed record again.
 */
export interface ResultProduct extends EventProduct {
  /** `€ 12,50`, or "" when the product has no price. */
  priceText: string;
  /** HTML from the feed: sanitize before rendering (the results call's cards are). */
  description: string;
  /** The results settings' extra attributes that have a value, as label and text. */
  attributes: { name: string; value: string }[];
}

/** The results settings a result's display reads. */
export type ResultDisplaySettings = Pick<FloowResults, "imageAttribute" | "labelAttribute" | "attributes">;

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(", ");
  return typeof value === "object" ? "" : String(value);
}

/** Reads a product's attributes: on the record first, then in its `attributes` map. */
function reader(product: Product) {
  const nested =
    product.attributes && typeof product.attributes === "object" ? (product.attributes as Product) : {};
  const raw = (key: string) => product[key] ?? nested[key];
  return {
    /** The first of `keys` with a value, as text. */
    text: (...keys: (string | undefined)[]) => {
      for (const key of keys) {
        const value = key ? text(raw(key)) : "";
        if (value !== "") return value;
      }
      return "";
    },
    price: () => parseLooseNumber(raw(DEFAULT_FEED_VARIABLES.price)),
  };
}

/**
 * Reads a results-call product for display. The server answers feed records under their
 * feed's attribute names (`title`, `link`, `image_link`, …) or already mapped (`name`,
 * `url`, `image`); the results settings name the label and image attributes and the extra
 * attributes to show (looked up on the record, then in its `attributes` map). The server
 * reads them once, for the results call's `cards`; the npm runtime reads them itself only
 * for products a `results` function of its own answered without cards.
 */
export function resultProduct(product: Product, results: Partial<ResultDisplaySettings>): ResultProduct {
  const V = DEFAULT_FEED_VARIABLES;
  const read = reader(product);
  const price = read.price() ?? null;
  return {
    id: read.text(V.id, "id"),
    name: read.text(results.labelAttribute, "name", V.name),
    price,
    url: read.text("url", V.url),
    image: read.text(results.imageAttribute, "image", V.image),
    priceText: price === null ? "" : formatEuro(price),
    description: read.text("description", V.description),
    attributes: (results.attributes ?? [])
      .map((name) => ({ name, value: read.text(name) }))
      .filter((a) => a.value !== ""),
  };
}

/**
 * The few fields of a result that analytics needs: a `finish` event with a hundred full
 * feed records would not fit the 64 KiB a beacon or keepalive request may carry.
 */
export function eventProduct({ id, name, price, url, image }: EventProduct): EventProduct {
  return { id, name, price, url, image };
}
