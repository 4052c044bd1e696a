export const FEED_TYPES = ["channable", "shopify"] as const;
export type FeedType = (typeof FEED_TYPES)[number];
export const DEFAULT_FEED_TYPE: FeedType = "channable";

/** The product fields a feed's `variables` map to product attributes. */
export const FEED_VARIABLE_KEYS = ["id", "url", "name", "price", "image", "description"] as const;
export type FeedVariableKey = (typeof FEED_VARIABLE_KEYS)[number];

/** Which product attribute holds each field, by default. */
export const DEFAULT_FEED_VARIABLES = {
  id: "id",
  url: "link",
  name: "title",
  price: "price",
  image: "image_link",
  description: "description",
} as const satisfies Record<FeedVariableKey, string>;
