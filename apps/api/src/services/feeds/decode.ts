import { FeedError } from "./errors";

/**
 * Bytes decoded at a time. The decoder (Node's ICU converter, as `fatal` needs) converts into a
 * buffer outside the JS heap of 2 UTF-16 units per input byte, 4 bytes per byte. Under 8 kB a
 * slice's buffer stays under 32 kB: small enough for glibc to serve from its heap whatever the
 * allocator threshold (with `pnpm start`'s threshold until 27 Nov 2026, 32 kB, 16 kB slices'
 * 64 kB buffers were an mmap and munmap each: about 2,000 of the 11,000 such calls of the
 * 100,000-item benchmark feed's parse), and each text small enough to stay out of V8's
 * large-object space. The 70 MB feed decodes in about 60 ms this way.
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
