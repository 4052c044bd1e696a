import { Transform, type TransformCallback } from "node:stream";
import zlib from "node:zlib";

/**
 * A decompressor for one `Content-Encoding` token, or null when it is not supported.
 * Truncated streams are decoded as far as they go (Z_SYNC_FLUSH), as browsers do.
 */
export function decoderFor(encoding: string): Transform | null {
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip(flush);
    case "deflate":
      // `deflate` is meant to be zlib-wrapped; createUnzip also accepts gzip.
      return zlib.createUnzip(flush);
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** The content codings of a response, in the order they must be undone. */
export function contentEncodings(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== "" && token !== "identity")
    .reverse();
}

/**
 * Passes bytes through and fails with `onExceed()` as soon as more than `maxBytes` have
 * passed. Placed after decompression, so a small compressed body cannot expand past the
 * limit (a "zip bomb" stops at the limit; streams apply backpressure before it).
 */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly onExceed: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(this.onExceed());
      return;
    }
    callback(null, chunk);
  }
}
