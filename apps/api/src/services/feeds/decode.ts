import { FeedError } from "./errors";

/**
 * Bytes decoded at a time. The decoder (Node's ICU converter, as `fatal` needs) converts into a
 * buffer outside the JS heap of 2 UTF-16 units per input byte, 4 bytes per byte: at 30,000 bytes
 * that buffer (120,000 bytes and glibc's header) stays under `pnpm start`'s allocator threshold
 * of 131,072 bytes, so glibc serves it from its heap instead of an `mmap` and `munmap` per slice
 * (`strace -c`: 32,768-byte slices made 800 more of each in the 100,000-item benchmark feed's
 * parse), and each text stays out of V8's large-object space. Larger slices than the 8,000
 * bytes used while the threshold was 32 kB mean a quarter of the writes to the parser and of
 * the generators' turns: the benchmark feed's parse took 1,045 instead of 1,100 ms of CPU
 * (3 alternating pairs, 2026-11-27, docs/benchmarks.md "Feed import").
 */
export const DECODE_SLICE = 30_000;

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
