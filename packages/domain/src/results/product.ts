import { DEFAULT_FEED_VARIABLES } from "../feed/constants";
import type { Product } from "../feed/types";
import type { FloowResults } from "../floow/types";
import { formatEuroAmount, parseLooseNumber } from "../shared/format";

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
 * A result as a card shows it. Its first five fields are the event product, so the runtime
 * trims a product for analytics without reading the feed record again.
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
export type ResultDisplaySettings = Pick<
  FloowResults,
  "imageAttribute" | "labelAttribute" | "attributes"
>;

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(", ");
  return typeof value === "object" ? "" : String(value);
}

/** Reads a product's attributes: on the record first, then in its `attributes` map. */
function reader(product: Product) {
  const nested =
    product.attributes && typeof product.attributes === "object"
      ? (product.attributes as Product)
      : {};
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
 * reads them once, for the results call's `cards` (`compactCard`); the npm runtime reads
 * them itself, so the editor's preview follows results settings not saved yet.
 */
export function resultProduct(
  product: Product,
  results: Partial<ResultDisplaySettings>,
): ResultProduct {
  const V = DEFAULT_FEED_VARIABLES;
  const read = reader(product);
  const price = read.price() ?? null;
  return {
    id: read.text(V.id, "id"),
    name: read.text(results.labelAttribute, "name", V.name),
    price,
    url: read.text("url", V.url),
    image: read.text(results.imageAttribute, "image", V.image),
    priceText: formatEuroAmount(price),
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

/**
 * A result card as the results call sends it (`PublicResults.cards`, beside each record):
 * the price as a number, and only the fields whose text is not the record's own value under
 * the feed's default attribute name (`title`, `link`, …), usually none. A whole card per
 * product would make a results answer of 100 products about 2.7 kB of gzip larger; this
 * one costs about 4 B a product (docs/benchmarks.md).
 */
export type ResultCard = Partial<Pick<ResultProduct, CardField | "attributes">> & {
  price: number | null;
};

type CardField = "id" | "name" | "url" | "image" | "description";
const CARD_FIELDS: readonly CardField[] = ["id", "name", "url", "image", "description"];

/** The server's side: `card` (of `record`) as the results call sends it; `readCard` undoes it. */
export function compactCard(card: ResultProduct, record: Product): ResultCard {
  const out: ResultCard = { price: card.price };
  for (const field of CARD_FIELDS)
    if (card[field] !== record[DEFAULT_FEED_VARIABLES[field]]) out[field] = card[field];
  if (card.attributes[0]) out.attributes = card.attributes;
  return out;
}

/** The script-tag renderer's side: the whole card from a record and its `compactCard`. */
export function readCard(record: Product, card: ResultCard): ResultProduct {
  const read = (field: CardField) =>
    card[field] ?? (record[DEFAULT_FEED_VARIABLES[field]] as string);
  return {
    id: read("id"),
    name: read("name"),
    price: card.price,
    url: read("url"),
    image: read("image"),
    priceText: formatEuroAmount(card.price),
    description: read("description"),
    attributes: card.attributes ?? [],
  };
}
