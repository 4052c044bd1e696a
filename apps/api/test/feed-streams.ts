import { Readable } from "node:stream";
import { parseFeed, type ParseFeedOptions } from "../src/services/feeds/parse-feed";
import type { FeedRecord } from "../src/services/feeds/record";

/** Bytes from text pieces; `chunkSize` splits them further to test chunk boundaries. */
export function bytes(input: string | Uint8Array | Iterable<string>, chunkSize?: number): Readable {
  const whole =
    typeof input === "string"
      ? Buffer.from(input, "utf8")
      : input instanceof Uint8Array
        ? Buffer.from(input)
        : Buffer.from([...input].join(""), "utf8");
  if (!chunkSize) return Readable.from([whole]);
  const pieces: Buffer[] = [];
  for (let i = 0; i < whole.length; i += chunkSize) pieces.push(whole.subarray(i, i + chunkSize));
  return Readable.from(pieces);
}

export async function collect(
  input: string | Uint8Array | Iterable<string>,
  options: ParseFeedOptions & { chunkSize?: number } = {},
): Promise<FeedRecord[]> {
  const records: FeedRecord[] = [];
  for await (const record of parseFeed(bytes(input, options.chunkSize), options))
    records.push(record);
  return records;
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function failure(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error("expected a failure");
}

/** A stream of `total` characters produced lazily (for "endless" input). */
export function endless(prefix: string, filler: string, total: number, suffix = ""): Readable {
  let produced = 0;
  const block = filler.repeat(Math.ceil((64 * 1024) / filler.length));
  return Readable.from(
    (function* () {
      yield Buffer.from(prefix);
      while (produced < total) {
        produced += block.length;
        yield Buffer.from(block);
      }
      if (suffix) yield Buffer.from(suffix);
    })(),
  );
}
