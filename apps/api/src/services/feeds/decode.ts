import { FeedError } from "./errors";

/**
 * Decodes a byte stream to text. Invalid bytes are an error that says where they are,
 * instead of silently turning into replacement characters. A UTF-8 byte-order mark is
 * dropped.
 */
export async function* decodeText(chunks: AsyncIterable<Uint8Array>, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let offset = 0;
  const fail = (cause: unknown) =>
    new FeedError(
      "INVALID_ENCODING",
      `The feed is not valid ${encoding === "utf-8" ? "UTF-8" : encoding} (invalid bytes after byte ${offset}). Save it as UTF-8 or declare its encoding.`,
      { cause },
    );
  for await (const chunk of chunks) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch (error) {
      throw fail(error);
    }
    offset += chunk.byteLength;
    if (text) yield text;
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
export async function* rechunk(texts: AsyncIterable<string>, size = 256 * 1024): AsyncGenerator<string> {
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
