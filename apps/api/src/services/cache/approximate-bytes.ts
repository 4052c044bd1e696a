/**
 * About how many bytes of the heap a value holds, for the caches' byte bounds
 * (`createTtlCache`'s `sizeOf`): strings by their length, buffers by their bytes, objects,
 * arrays, maps and sets by their parts plus a fixed overhead each. An estimate, not a
 * measurement: V8 shares strings and shapes and pads objects, so the figure is within a factor
 * of about two of what a heap snapshot shows, which is what a bound needs. Walks the value
 * once (a 500,000-product feed in a few tens of milliseconds, against the seconds its index
 * takes to build); an object met twice is counted once.
 */
const OBJECT = 32;
const SLOT = 16;
const STRING = 16;

export function approximateBytes(value: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  let total = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    switch (typeof item) {
      case "string":
        // One byte a character for Latin-1 text, two otherwise: the larger, to bound.
        total += STRING + item.length * 2;
        continue;
      case "number":
      case "boolean":
      case "bigint":
        total += 8;
        continue;
      case "object":
        break;
      default:
        continue;
    }
    if (item === null || seen.has(item)) continue;
    seen.add(item);
    if (ArrayBuffer.isView(item)) {
      total += OBJECT + item.byteLength;
    } else if (Array.isArray(item)) {
      total += OBJECT + item.length * 8;
      for (const element of item) stack.push(element);
    } else if (item instanceof Map) {
      total += OBJECT + item.size * SLOT * 2;
      for (const [key, entry] of item) stack.push(key, entry);
    } else if (item instanceof Set) {
      total += OBJECT + item.size * SLOT;
      for (const entry of item) stack.push(entry);
    } else {
      const record = item as Record<string, unknown>;
      for (const key in record) {
        total += SLOT;
        stack.push(record[key]);
      }
      total += OBJECT;
    }
  }
  return total;
}

/** How many products `resultsIndexBytes` sizes, evenly spread, to estimate the rest by. */
const SAMPLE = 1_000;

/**
 * What a feed's results index (`createResultsIndex`) holds at most: its products, and the
 * filters' bitmaps it keeps (at most 512, packages/domain's `MAX_CACHED_FILTERS`, one bit a
 * product each). The products are sized from a sample of SAMPLE: walking all 500,000 of a
 * large feed would stall the event loop for a few hundred milliseconds at every reload, which
 * is what loading the index in the background avoids.
 */
export function resultsIndexBytes(products: readonly object[]): number {
  const n = products.length;
  const sampled = Math.min(n, SAMPLE);
  let bytes = 0;
  // Spread by a large prime stride rather than an even one, which a feed's own pattern
  // (every other product a variant, say) would alias with.
  for (let k = 0; k < sampled; k++)
    bytes += approximateBytes(products[n <= SAMPLE ? k : (k * 7_919) % n]);
  const perProduct = sampled === 0 ? 0 : bytes / sampled;
  return Math.round(32 + n * (8 + perProduct)) + 512 * Math.ceil(n / 32) * 4;
}

/**
 * An encoded answer's bytes: its JSON, and room for the brotli and gzip copies made of it at
 * their first use (each smaller than the JSON).
 */
export const encodedBodyBytes = (body: { json: Buffer }): number => body.json.length * 2;
