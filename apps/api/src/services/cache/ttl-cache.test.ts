import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createTtlCache,
  invalidateCache,
  receiveCacheInvalidation,
  setCacheBus,
} from "./ttl-cache";
import type { CacheInvalidation } from "./ttl-cache";

let clock = 0;
const now = () => clock;
let names = 0;
const fresh = () => `test-${names++}`;

afterEach(() => {
  clock = 0;
  setCacheBus(null);
});

describe("createTtlCache", () => {
  it("loads once per key for ttlMs, sharing a load in flight, then loads again", async () => {
    const cache = createTtlCache<number>({ name: fresh(), ttlMs: 1000, now });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    clock = 999;
    expect(await cache.get("k", load)).toBe(1);
    clock = 1000;
    expect(await cache.get("k", load)).toBe(2);
    expect(await cache.get("other", load)).toBe(3);
  });

  it("does not keep a failed load, and with ttlMs 0 does not cache", async () => {
    const cache = createTtlCache<string>({ name: fresh(), ttlMs: 1000, now });
    await expect(cache.get("k", () => Promise.reject(new Error("away")))).rejects.toThrow("away");
    expect(await cache.get("k", async () => "back")).toBe("back");
    const none = createTtlCache<number>({ name: fresh(), ttlMs: 0, now });
    let loads = 0;
    await none.get("k", async () => ++loads);
    await none.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const evicted: string[] = [];
    const cache = createTtlCache<string>({
      name: fresh(),
      ttlMs: 1000,
      maxEntries: 2,
      now,
      onEvict: (_v, key) => evicted.push(key),
    });
    await cache.get("a", async () => "a");
    await cache.get("b", async () => "b");
    await cache.get("a", async () => "a2");
    await cache.get("c", async () => "c");
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c"), cache.size]).toEqual([
      "a",
      undefined,
      "c",
      2,
    ]);
    expect(evicted).toEqual(["b"]);
  });

  it("invalidates a key or everything in every cache of the name, and publishes it to the bus", async () => {
    const name = fresh();
    const published: CacheInvalidation[] = [];
    setCacheBus({ publish: (message) => published.push(message) });
    const one = createTtlCache<string>({ name, ttlMs: 60_000, now });
    const two = createTtlCache<string>({ name, ttlMs: 60_000, now });
    const other = createTtlCache<string>({ name: fresh(), ttlMs: 60_000, now });
    for (const cache of [one, two, other]) {
      await cache.get("a", async () => "old");
      await cache.get("b", async () => "old");
    }
    one.invalidate("a");
    expect(await two.get("a", async () => "new")).toBe("new");
    expect(await two.get("b", async () => "new")).toBe("old");
    expect(await other.get("a", async () => "new")).toBe("old");
    two.clear();
    expect(await one.get("b", async () => "new")).toBe("new");
    invalidateCache(other.name, "b");
    expect(await other.get("b", async () => "new")).toBe("new");
    expect(published).toEqual([
      { cache: name, key: "a" },
      { cache: name, key: null },
      { cache: other.name, key: "b" },
    ]);
  });

  it("applies an invalidation received from another process without publishing it again", async () => {
    const published: CacheInvalidation[] = [];
    setCacheBus({ publish: (message) => published.push(message) });
    const cache = createTtlCache<string>({ name: fresh(), ttlMs: 60_000, now });
    await cache.get("a", async () => "old");
    receiveCacheInvalidation({ cache: cache.name, key: "a" });
    receiveCacheInvalidation({ cache: "unknown", key: null });
    receiveCacheInvalidation(JSON.parse('{"cache":1}') as CacheInvalidation);
    expect(await cache.get("a", async () => "new")).toBe("new");
    expect(published).toEqual([]);
  });

  describe("staleWhileRevalidate", () => {
    it("answers the old value while reloading in the background (after the time or an invalidation), with the previous value", async () => {
      const cache = createTtlCache<string>({
        name: fresh(),
        ttlMs: 1000,
        now,
        staleWhileRevalidate: true,
      });
      const previous: (string | undefined)[] = [];
      let version = 1;
      const load = async (old: string | undefined) => {
        previous.push(old);
        return `v${version}`;
      };
      expect(await cache.get("k", load)).toBe("v1");
      version = 2;
      clock = 1500;
      expect(await cache.get("k", load)).toBe("v1");
      await vi.waitFor(async () => expect(await cache.get("k", load)).toBe("v2"));
      version = 3;
      cache.invalidate("k");
      expect(await cache.get("k", load)).toBe("v2");
      await vi.waitFor(async () => expect(await cache.get("k", load)).toBe("v3"));
      expect(previous).toEqual([undefined, "v1", "v2"]);
    });

    it("keeps the old value when a reload fails, and tries again after retryMs", async () => {
      const errors: unknown[] = [];
      const cache = createTtlCache<string>({
        name: fresh(),
        ttlMs: 1000,
        retryMs: 100,
        now,
        staleWhileRevalidate: true,
        onReloadError: (error) => errors.push(error),
      });
      let fail = false;
      const load = async () => {
        if (fail) throw new Error("gone");
        return "ok";
      };
      await cache.get("k", load);
      fail = true;
      clock = 2000;
      expect(await cache.get("k", load)).toBe("ok");
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      expect(await cache.get("k", load)).toBe("ok");
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(errors).toHaveLength(1);
      clock = 2100;
      await cache.get("k", load);
      await vi.waitFor(() => expect(errors).toHaveLength(2));
    });
  });
});

describe("createTtlCache's byte bound", () => {
  it("drops the least recently used while the values' sizes add up to more than maxBytes, keeping the newest even when it alone is larger", async () => {
    const evicted: string[] = [];
    const cache = createTtlCache<string>({
      name: fresh(),
      ttlMs: 1000,
      maxBytes: 10,
      sizeOf: (value) => value.length,
      now,
      onEvict: (_v, key) => evicted.push(key),
    });
    await cache.get("a", async () => "aaaa");
    await cache.get("b", async () => "bbbb");
    expect(cache.bytes).toBe(8);
    await cache.get("a", async () => "unused"); // a is now the most recently used
    await cache.get("c", async () => "cccc");
    expect(evicted).toEqual(["b"]);
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c"), cache.bytes]).toEqual([
      "aaaa",
      undefined,
      "cccc",
      8,
    ]);
    // One value over the bound: everything else goes, it stays (a feed's index must answer).
    await cache.get("big", async () => "x".repeat(25));
    expect([cache.size, cache.bytes, cache.peek("big")?.length]).toEqual([1, 25, 25]);
    // Dropped by an invalidation: its bytes are no longer counted.
    cache.invalidate("big");
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it("counts a stale-while-revalidate reload's new value instead of the old one", async () => {
    const cache = createTtlCache<string>({
      name: fresh(),
      ttlMs: 1000,
      maxBytes: 100,
      sizeOf: (value) => value.length,
      staleWhileRevalidate: true,
      now,
    });
    await cache.get("k", async () => "old");
    clock = 1000;
    expect(await cache.get("k", async () => "newer value")).toBe("old");
    await new Promise((resolve) => setImmediate(resolve));
    expect([cache.peek("k"), cache.bytes]).toEqual(["newer value", 11]);
  });
});
