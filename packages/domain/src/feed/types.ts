import type { FeedType, FeedVariableKey } from "./constants";

/** A feed product: a plain record of attributes, as the feed wrote them. */
export type Product = Record<string, unknown>;

/** Which product attribute holds each field. */
export type FeedVariables = Record<FeedVariableKey, string>;

export interface Feed {
  id: string;
  organizationId: string;
  domainId: string;
  url: string;
  type: FeedType;
  products: Product[];
  name: string;
  description: string;
  image: string | null;
  variables: FeedVariables;
}

/** A product read through a feed's variables, for previews and result cards. */
export interface MappedProduct {
  id: string;
  url: string;
  name: string;
  price: number | null;
  image: string;
  description: string;
}
