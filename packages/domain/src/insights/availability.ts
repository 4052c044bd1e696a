import type { ResultsIndex } from "../results/indexed";
import { bitmapAnd, bitmapAny, type Bitmap } from "./bitmap";

/**
 * Whether a feed says which products are in stock, and which are (docs/editor.md). Feeds
 * name it `availability` (Google Shopping and Channable: `in stock`, `out of stock`,
 * `out_of_stock`, `sold out`, `preorder`) or `available` (Shopify: true / false). A product
 * is in stock unless its availability mentions "out" or its `available` is false; a product
 * that says nothing counts as in stock.
 */
export const AVAILABILITY_FIELDS = ["availability", "available"] as const;

export function stockMatches(index: ResultsIndex): { has: boolean; inStock: Bitmap } {
  const has = AVAILABILITY_FIELDS.some((field) =>
    bitmapAny(index.filterMatches({ field, operator: "notEmpty", value: "" })),
  );
  const inStock = bitmapAnd(
    index.filterMatches({ field: "availability", operator: "notContains", value: "out" }),
    index.filterMatches({ field: "available", operator: "notEquals", value: "false" }),
  );
  return { has, inStock };
}
