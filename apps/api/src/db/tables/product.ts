import type { ColumnType } from "kysely";

/** A feed product's attributes as the feed wrote them (text, or lists of text). */
export type ProductAttributes = Record<string, string | string[]>;

/** `product` and its staging twin `product_import` have the same columns. */
export interface ProductTable {
  feed_id: string;
  organization_id: string;
  /** The product's id in the feed (unique per feed). */
  external_id: string;
  /** Order in the feed, from 0. */
  position: number;
  name: string;
  /** numeric: pg returns it as text. */
  price: ColumnType<string | null, number | string | null, number | string | null>;
  url: string;
  image: string;
  description: string;
  attributes: ColumnType<ProductAttributes, string, string>;
}
