export type SafeFetchErrorCode =
  | "BAD_URL"
  | "BAD_SCHEME"
  | "BLOCKED_ADDRESS"
  | "DNS"
  | "NETWORK"
  | "TIMEOUT"
  | "TOO_LARGE"
  | "TOO_MANY_REDIRECTS"
  | "HTTP_STATUS"
  | "DECODE";

/**
 * Every failure of `safeFetch`. `message` is meant for the person who typed the URL: it
 * names the URL and says what to change. `status` is set for HTTP_STATUS.
 */
export class SafeFetchError extends Error {
  override readonly name = "SafeFetchError";

  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly url: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isSafeFetchError(error: unknown): error is SafeFetchError {
  return error instanceof SafeFetchError;
}
