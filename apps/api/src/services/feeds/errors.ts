export type FeedErrorCode =
  | "UNSUPPORTED_FORMAT"
  | "HTML_PAGE"
  | "UNSUPPORTED_ENCODING"
  | "INVALID_ENCODING"
  | "PARSE_ERROR"
  | "ENTITIES_REFUSED"
  | "RECORD_TOO_LARGE"
  | "TOO_DEEP"
  | "TOO_LARGE"
  | "TIMEOUT"
  | "TOO_MANY_PRODUCTS"
  | "EMPTY_FEED"
  | "CPU_BUDGET";

/** A feed that was fetched but cannot be read. `message` is meant for the merchant. */
export class FeedError extends Error {
  override readonly name = "FeedError";

  constructor(
    readonly code: FeedErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isFeedError(error: unknown): error is FeedError {
  return error instanceof FeedError;
}
