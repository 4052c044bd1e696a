export { FeedError, isFeedError, type FeedErrorCode } from "./errors";
export { FEED_LIMITS, FEED_FETCH_LIMITS, MAX_PRODUCTS, type FeedLimits } from "./limits";
export type { FeedRecord, FeedValue } from "./record";
export { sniffFormat, detectEncoding, type FeedFormat, type SniffResult } from "./sniff";
export { openFeed, parseFeed, type OpenedFeed, type ParseFeedOptions } from "./parse-feed";
export { mapProduct, type FeedProduct, type FeedVariablesInput } from "./map-product";
export { flattenShopifyProduct, shopifyPageUrl } from "./shopify";
export {
  importFeed,
  openFeedUrl,
  previewFeed,
  type FeedFetchOptions,
  type FeedPreview,
  type FeedSink,
  type FeedSource,
  type ImportSummary,
} from "./fetch-feed";
