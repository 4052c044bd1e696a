import type { FeedVariableKey } from "@floow/domain/feed";
import { productMapper } from "@floow/domain/feed";
import type { FeedRecord } from "./record";

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
 * Reads a product's id, url, name, price, image and description through the feed's
 * `variables` with `@floow/domain`'s mapProduct (the rules the dashboard's preview uses
 * too: exact name else ignoring case, common alternatives for a missing default, first
 * value of a list, trimmed, loose price), keeping the whole record as `attributes`.
 */
export function mapProduct(record: FeedRecord, variables: FeedVariablesInput = {}): FeedProduct {
  return feedProductMapper(variables)(record);
}

/** mapProduct for every product of one feed: the variables are resolved once (`productMapper`). */
export function feedProductMapper(
  variables: FeedVariablesInput = {},
): (record: FeedRecord) => FeedProduct {
  const mapFields = productMapper(variables);
  return (record) => {
    // Written out rather than spread: this runs for every product of an import, and an object
    // of fixed shape built in one go is cheaper than copying one object's properties into another.
    const { id, url, name, price, image, description } = mapFields(record);
    return { id, url, name, price, image, description, attributes: record };
  };
}
