import { FeedError } from "./errors";

/**
 * Bytes decoded at a time. The decoder (Node's ICU converter, as `fatal` needs) converts into a
 * buffer outside the JS heap of 2 UTF-16 units per input byte, 4 bytes per byte, and with
 * `pnpm start`'s MALLOC_MMAP_THRESHOLD_=32768 glibc serves an allocation of 32 kB or more that
 * does not fit its heap with a fresh mmap, and munmap at free (page faults every time). 16 kB
 * slices still took 64 kB each: in a `perf` trace of the import's parse of the 100,000-item
 * benchmark feed, those were about 2,000 of its 11,000 mmap calls (the rest: V8's optimizing
 * compiler and 64 kB socket reads). Under 8 kB, 32,000 bytes stay under the threshold: the
 * 70 MB feed decodes in about 62 ms instead of 112 ms (42 ms of it in the kernel) with the
 * setting, the same 56-63 ms without it. (The texts of a 64 kB network chunk decoded at once
 * would also be large enough for V8's large-object space.)
 */
const DECODE_SLICE = 8_000;

/**
 * Decodes a byte stream to text, in slices of at most DECODE_SLICE bytes. Invalid bytes are an error that says where they are,
 * instead of silently turning into replacement characters. A UTF-8 byte-order mark is
 * dropped.
 */
export async function* decodeText(
  chunks: AsyncIterable<Uint8Array>,
  encoding: string,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let offset = 0;
  const fail = (cause: unknown) =>
    new FeedError(
      "INVALID_ENCODING",
      `The feed is not valid ${encoding === "utf-8" ? "UTF-8" : encoding} (invalid bytes after byte ${offset}). Save it as UTF-8 or declare its encoding.`,
      { cause },
    );
  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.byteLength; start += DECODE_SLICE) {
      const slice = chunk.subarray(start, start + DECODE_SLICE);
      let text: string;
      try {
        text = decoder.decode(slice, { stream: true });
      } catch (error) {
        throw fail(error);
      }
      offset += slice.byteLength;
      if (text) yield text;
    }
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch (error) {
    throw fail(error);
  }
  if (rest) yield rest;
}

/** Splits long strings so no single write to a parser is huge (keeps the limits' checks fine-grained). */
export async function* rechunk(
  texts: AsyncIterable<string>,
  size = 256 * 1024,
): AsyncGenerator<string> {
  for await (const text of texts) {
    if (text.length <= size) {
      yield text;
      continue;
    }
    let start = 0;
    while (start < text.length) {
      let end = Math.min(start + size, text.length);
      // never split a surrogate pair
      if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
      yield text.slice(start, end);
      start = end;
    }
  }
}
