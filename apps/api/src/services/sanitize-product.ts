import { DEFAULT_FEED_VARIABLES, sanitizeProductText } from "@floow/domain/feed";
import { compactCard, resultProduct } from "@floow/domain/results";
import type { Product } from "@floow/domain/feed";
import type { ResultCard, ResultDisplaySettings } from "@floow/domain/results";
import sanitizeHtml from "sanitize-html";

/**
 * The HTML a product description may keep when a floow shows it: text formatting, lists and
 * links (http, https, mailto; opened in a new tab without the opener). Everything else,
 * scripts, styles, event handlers, images and iframes included, is dropped.
 */
const DESCRIPTION_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "span",
    "h3",
    "h4",
    "h5",
    "h6",
    "a",
  ],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
  },
};

/** A product description as HTML safe to show (spec section 5: feeds' texts are sanitized). */
export function sanitizeDescription(value: unknown): string {
  if (value === null || value === undefined) return "";
  return sanitizeHtml(typeof value === "string" ? value : String(value), DESCRIPTION_POLICY).trim();
}

/** An http(s) URL as given, or "" (no `javascript:` or `data:` links or images on a result). */
export function safeHttpUrl(value: unknown): string {
  if (typeof value !== "string") return "";
  const trimmed = value.trim();
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? trimmed : "";
  } catch {
    return "";
  }
}

const V = DEFAULT_FEED_VARIABLES;

/**
 * A product record as the results call returns it: the name as plain text, the description
 * as allow-listed HTML, the url and image only when http(s). Other attributes pass as the feed
 * wrote them; the runtime renders them as text.
 */
export function sanitizeProduct(product: Product): Product {
  const out: Product = { ...product };
  if (V.name in out) out[V.name] = sanitizeProductText(out[V.name]);
  if (V.description in out) out[V.description] = sanitizeDescription(out[V.description]);
  if (V.url in out) out[V.url] = safeHttpUrl(out[V.url]);
  if (V.image in out) out[V.image] = safeHttpUrl(out[V.image]);
  return out;
}

/**
 * A sanitized record's card, as the results call's `cards` carry it: `resultProduct` read
 * with the floow's results settings, then made safe like the record itself (the settings
 * may name attributes `sanitizeProduct` did not clean, and a value may come from the
 * record's `attributes` map): url and image only http(s), the description allow-listed
 * HTML. Sent as its `compactCard`; the script-tag renderer shows it as it is.
 */
export function productCard(
  product: Product,
  settings: Partial<ResultDisplaySettings>,
): ResultCard {
  const card = resultProduct(product, settings);
  card.url = safeHttpUrl(card.url);
  card.image = safeHttpUrl(card.image);
  // Read from the cleaned record's own description: already sanitized, kept as it is.
  if (card.description !== product[V.description])
    card.description = sanitizeDescription(card.description);
  return compactCard(card, product);
}
