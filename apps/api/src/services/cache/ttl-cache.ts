/**
 * The API's one time-limited cache (public floows answers, live-floow lookups, feeds' results
 * indexes, encoded results answers).
 *
 * A cache has a `name`. Invalidation is by name: `cache.invalidate(key)` or
 * `invalidateCache(name, key)` drops the key in every cache of that name in this process
 * (tests and the benchmark create several) and tells the other processes through the
 * invalidation bus, when one is set.
 *
 * Cross-process invalidation (several API processes on one database): the interface is two
 * functions, so any pub/sub can carry it (Redis in production):
 *
 * ```ts
 * setCacheBus({ publish: (message) => redis.publish(CHANNEL, JSON.stringify(message)) });
 * subscriber.on("message", (_channel, text) => receiveCacheInvalidation(JSON.parse(text)));
 * ```
 *
 * `publish` is called for every invalidation made in this process (never for one received),
 * so a message does not echo back and forth; a process also receives its own messages from
 * Redis, which only repeats an invalidation it already made (harmless: a reload).
 */

/** One invalidation as it travels between processes: `key` null clears the whole cache. */
export interface CacheInvalidation {
  cache: string;
  key: string | null;
}

export interface CacheBus {
  publish(message: CacheInvalidation): void;
}

export interface TtlCacheOptions<V> {
  /** What invalidations name (several instances may share one name; they are invalidated together). */
  name: string;
  /** How long a loaded value is used. 0: no caching, every `get` loads. */
  ttlMs: number;
  /** The least recently used entries go beyond this many. */
  maxEntries?: number;
  /**
   * The least recently used entries also go while the values' sizes (`sizeOf`, in bytes)
   * add up to more than this. The most recently stored value stays even when it alone is
   * larger (a feed's index must be kept to answer at all); everything else goes first.
   */
  maxBytes?: number;
  /** A value's size in bytes, counted once when it is stored (default: 0, uncounted). */
  sizeOf?: (value: V) => number;
  /**
   * Stale-while-revalidate: when an entry has expired or was invalidated, its old value keeps
   * answering while `load(previous)` runs in the background, and the new value takes over
   * when it is ready. A failed reload keeps the old value and is tried again after
   * `retryMs` (default min(ttlMs, 30 s)). Without this, an expired entry is loaded again
   * and callers wait for it.
   */
  staleWhileRevalidate?: boolean;
  retryMs?: number;
  /** A background reload failed (only with staleWhileRevalidate). */
  onReloadError?: (error: unknown, key: string) => void;
  now?: () => number;
  /** Called for every value when it leaves the cache (not for failed loads). */
  onEvict?: (value: V, key: string) => void;
}

export interface TtlCache<V> {
  readonly name: string;
  /**
   * The value for `key`: cached, or loaded with `load` (one load at a time per key: callers
   * asking meanwhile share it). A failed load is not kept: the next `get` tries again.
   * `previous` is the old value when a stale-while-revalidate entry reloads.
   */
  get(key: string, load: (previous: V | undefined) => Promise<V>): Promise<V>;
  /** The settled value for `key`, if any, without loading or touching its age. */
  peek(key: string): V | undefined;
  /** Drops `key` (stale-while-revalidate: marks it for a background reload) here and in other processes. */
  invalidate(key: string): void;
  /** Drops every key here and in other processes. */
  clear(): void;
  readonly size: number;
  /** The sizes (`sizeOf`) of the values held, in bytes. */
  readonly bytes: number;
}

interface Entry<V> {
  expiresAt: number;
  promise: Promise<V>;
  /** Set once the load succeeded. */
  value?: { current: V };
  /** The value's `sizeOf`, counted in the cache's bytes while it is held. */
  bytes: number;
  reloading: boolean;
}

interface LocalCache {
  drop(key: string | null): void;
}

const registry = new Map<string, Set<WeakRef<LocalCache>>>();
let bus: CacheBus | null = null;

/** Sets (or with null, removes) where this process's invalidations are published. */
export function setCacheBus(next: CacheBus | null): void {
  bus = next;
}

function dropLocally({ cache, key }: CacheInvalidation): void {
  const refs = registry.get(cache);
  if (!refs) return;
  for (const ref of refs) {
    const local = ref.deref();
    if (local) local.drop(key);
    else refs.delete(ref);
  }
  if (refs.size === 0) registry.delete(cache);
}

/** An invalidation made in another process: applied here, not published again. */
export function receiveCacheInvalidation(message: CacheInvalidation): void {
  if (
    typeof message?.cache !== "string" ||
    (message.key !== null && typeof message.key !== "string")
  )
    return;
  dropLocally(message);
}

/** Drops `key` (or, without it, everything) from every cache named `name`, here and, through the bus, elsewhere. */
export function invalidateCache(name: string, key: string | null = null): void {
  const message = { cache: name, key };
  dropLocally(message);
  bus?.publish(message);
}

export function createTtlCache<V>(options: TtlCacheOptions<V>): TtlCache<V> {
  const {
    name,
    ttlMs,
    maxEntries = 10_000,
    maxBytes = Number.POSITIVE_INFINITY,
    sizeOf = () => 0,
    staleWhileRevalidate = false,
    now = Date.now,
  } = options;
  const retryMs = options.retryMs ?? Math.min(ttlMs, 30_000);
  const entries = new Map<string, Entry<V>>();
  let bytes = 0;
  // The entry last put at the end of `entries` (most recently used). A hit on it needs no move:
  // a feed's index and a floow's lookup are hit by every results call in a row, and moving an
  // entry (delete, then set) costs about 0.2 µs, against 0.05 µs for the look-up.
  let newest: Entry<V> | undefined;

  /** Makes `entry` (held under `key`) the most recently used. */
  function touch(key: string, entry: Entry<V>): void {
    if (entry === newest) return;
    entries.delete(key);
    entries.set(key, entry);
    newest = entry;
  }

  function remove(key: string, entry: Entry<V>): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    entry.bytes = 0;
    if (entry.value) options.onEvict?.(entry.value.current, key);
  }

  /** Least recently used first, down to the bounds; `keep` (the newest) stays in any case. */
  function evict(keep: Entry<V>): void {
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) return;
      if (entry !== keep) remove(key, entry);
    }
  }

  /** A loaded value: counted in the bytes, which may push older ones out. */
  function settle(entry: Entry<V>, current: V): void {
    entry.value = { current };
    entry.bytes = sizeOf(current);
    bytes += entry.bytes;
    evict(entry);
  }

  function store(key: string, entry: Entry<V>): void {
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= old.bytes;
      old.bytes = 0;
    }
    if (old && old !== entry && old.value && old.value.current !== entry.value?.current)
      options.onEvict?.(old.value.current, key);
    entries.set(key, entry);
    newest = entry;
    bytes += entry.bytes;
    evict(entry);
  }

  function load(key: string, loader: (previous: V | undefined) => Promise<V>): Promise<V> {
    const promise = loader(undefined);
    const entry: Entry<V> = { expiresAt: now() + ttlMs, promise, bytes: 0, reloading: false };
    store(key, entry);
    promise.then(
      (current) => {
        // Only while it is still held (a drop or an eviction while it loaded forgets it).
        if (entries.get(key) === entry) settle(entry, current);
        else entry.value = { current };
      },
      () => remove(key, entry),
    );
    return promise;
  }

  async function reload(
    key: string,
    entry: Entry<V>,
    loader: (previous: V | undefined) => Promise<V>,
  ): Promise<void> {
    entry.reloading = true;
    const previous = (entry.value as { current: V }).current;
    try {
      const current = await loader(previous);
      if (entries.get(key) === entry) {
        store(key, {
          expiresAt: now() + ttlMs,
          promise: Promise.resolve(current),
          value: { current },
          bytes: sizeOf(current),
          reloading: false,
        });
      }
    } catch (error) {
      entry.expiresAt = now() + retryMs;
      entry.reloading = false;
      options.onReloadError?.(error, key);
    }
  }

  const local: LocalCache = {
    drop(key) {
      if (key === null) {
        for (const [k, entry] of [...entries]) remove(k, entry);
        return;
      }
      const entry = entries.get(key);
      if (!entry) return;
      if (staleWhileRevalidate && entry.value) entry.expiresAt = 0;
      else remove(key, entry);
    },
  };
  const cache: TtlCache<V> & { local: LocalCache } = {
    name,
    // Held by the cache itself: the registry only keeps a weak reference, so a cache that is
    // no longer used (a closed server, a test's) is collected.
    local,
    get(key, loader) {
      if (ttlMs <= 0) return loader(undefined);
      const entry = entries.get(key);
      if (!entry) return load(key, loader);
      if (entry.expiresAt > now()) {
        // Most recently used last.
        touch(key, entry);
        return entry.promise;
      }
      if (staleWhileRevalidate && entry.value) {
        if (!entry.reloading) void reload(key, entry, loader);
        touch(key, entry);
        return entry.promise;
      }
      if (!entry.value) return entry.promise; // still loading
      return load(key, loader);
    },
    peek: (key) => entries.get(key)?.value?.current,
    invalidate: (key) => invalidateCache(name, key),
    clear: () => invalidateCache(name),
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
  const refs = registry.get(name) ?? new Set<WeakRef<LocalCache>>();
  refs.add(new WeakRef(local));
  registry.set(name, refs);
  return cache;
}
