/**
 * Sticky assignment: a visitor's arm of an experiment is a pure function of the experiment's
 * id and the visitor's key (the runtime's visitor id, or its session id without analytics
 * consent), so the same visitor gets the same variant on every page and every return, on any
 * server, with nothing stored.
 *
 * The hash is 32-bit FNV-1a (tiny, well known, no dependency) followed by MurmurHash3's
 * 32-bit finalizer `fmix32`: FNV-1a alone spreads keys that differ only in their last
 * characters (`visitor-1`, `visitor-2`) poorly over the high bits, and the finalizer mixes
 * every input bit into every output bit, so the buckets are uniform (tested with a
 * chi-square test over 100,000 keys). Cryptographic strength is not needed: nobody gains by
 * predicting their own variant.
 */

/** 32-bit FNV-1a of a string's UTF-16 code units, finalized with MurmurHash3's fmix32. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A visitor's place in [0, 100) for an experiment. */
export function bucketOf(experimentId: string, visitorKey: string): number {
  return (hash32(`${experimentId}\u0000${visitorKey}`) / 0x1_0000_0000) * 100;
}

/** One arm of the split: a variant or the holdout, with its share in %. */
export interface Share {
  id: string;
  share: number;
}

/**
 * The arm a visitor gets: the arms take consecutive ranges of [0, 100) in the order given,
 * each as wide as its share. The order is the experiment's (it never changes once the
 * experiment ran: shares can be edited only in a draft). Null when the shares are empty or 0.
 */
export function assignVariant(
  experimentId: string,
  visitorKey: string,
  shares: readonly Share[],
): string | null {
  const total = shares.reduce((sum, arm) => sum + Math.max(0, arm.share), 0);
  if (total <= 0) return null;
  // Scaled to the total, so shares that do not add up to exactly 100 still split fairly.
  const point = (bucketOf(experimentId, visitorKey) / 100) * total;
  let edge = 0;
  let last: string | null = null;
  for (const arm of shares) {
    if (arm.share <= 0) continue;
    edge += arm.share;
    last = arm.id;
    if (point < edge) return arm.id;
  }
  return last;
}

/**
 * A small seeded PRNG (mulberry32, public domain): the chance to be best is a Monte Carlo
 * estimate, and seeding it with the experiment makes the figure the same on every load of
 * the results instead of jittering in the last digit.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}
