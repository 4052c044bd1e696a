/**
 * Small operations on the results index's bitmaps (bit i: de-duplicated product i). Bitmaps
 * from the index are shared: these return new arrays and never change their arguments.
 */
export type Bitmap = Uint32Array;

export function bitmapAnd(a: Bitmap, b: Bitmap): Bitmap {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) & (b[i] as number);
  return out;
}

export function bitmapOr(a: Bitmap, b: Bitmap): Bitmap {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) | (b[i] as number);
  return out;
}

/** Whether any bit is set. */
export function bitmapAny(a: Bitmap): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== 0) return true;
  return false;
}

/** Whether `a & b` has any bit set, without building it. */
export function bitmapMeets(a: Bitmap, b: Bitmap): boolean {
  for (let i = 0; i < a.length; i++) if (((a[i] as number) & (b[i] as number)) !== 0) return true;
  return false;
}

/** How many bits are set. */
export function bitmapCount(a: Bitmap): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    let v = a[i] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}

/** How many bits `a & b` has, without building it. */
export function bitmapCountAnd(a: Bitmap, b: Bitmap): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    let v = (a[i] as number) & (b[i] as number);
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}
