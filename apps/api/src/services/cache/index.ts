export {
  createTtlCache,
  invalidateCache,
  receiveCacheInvalidation,
  setCacheBus,
} from "./ttl-cache";
export type { CacheBus, CacheInvalidation, TtlCache, TtlCacheOptions } from "./ttl-cache";
export { approximateBytes, encodedBodyBytes, resultsIndexBytes } from "./approximate-bytes";
export {
  CACHES,
  feedIndexKey,
  invalidateApiKeyCaches,
  invalidateFeedCaches,
  invalidateFloowCaches,
  publicFloowsKey,
} from "./caches";
