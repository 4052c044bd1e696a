import { isIP } from "node:net";
import { Readable, pipeline, type Transform } from "node:stream";
import { Agent, errors as undiciErrors, request, type buildConnector } from "undici";
import { blockedAddressReason } from "./address-policy";
import { ByteLimit, contentEncodings, decoderFor } from "./body";
import { blockedError, guardedConnector, type LookupFn } from "./connector";
import { SafeFetchError } from "./errors";

export { SafeFetchError, isSafeFetchError, type SafeFetchErrorCode } from "./errors";
export { blockedAddressReason } from "./address-policy";
export type { LookupFn, ResolvedAddress } from "./connector";

/** The limits used when a caller does not pass its own (documented in docs/feeds.md). */
export const SAFE_FETCH_DEFAULTS = {
  /** Body size after decompression. */
  maxBytes: 50 * 1024 * 1024,
  /** Whole exchange: connecting, every redirect hop and reading the body. */
  timeoutMs: 30_000,
  maxRedirects: 5,
} as const;

const CONNECT_TIMEOUT_MS = 10_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = "Floow/1.0 (+https://floow.io)";

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Cancels the request and the body. */
  signal?: AbortSignal;
  /**
   * Return every answer instead of failing on a status outside 2xx, and a redirect past
   * `maxRedirects` as the answer itself (webhooks: `maxRedirects: 0` follows none and logs it).
   */
  anyStatus?: boolean;
  /** Test-only: allow loopback addresses so a test can reach its own server. */
  allowLoopback?: boolean;
  /** Test seam: resolve host names (default: the system resolver). */
  lookup?: LookupFn;
  /** Test seam: the socket connector that receives checked addresses. */
  connector?: buildConnector.connector;
}

export interface SafeFetchResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The media type without parameters, lower case (`application/xml`). */
  contentType: string | undefined;
  /** The `charset` parameter of Content-Type, lower case. */
  charset: string | undefined;
  /** Every URL redirected to, in order. */
  redirects: string[];
  /** The decompressed body. It fails with a SafeFetchError (TOO_LARGE, TIMEOUT, DECODE, NETWORK). */
  body: Readable;
  /** Decompressed bytes passed to `body` so far. */
  bytesRead(): number;
}

/**
 * The one way to make an HTTP request to a URL a user gave us (feeds, webhooks, images;
 * house rule 14). Only http and https; the connection is refused when the host is or
 * resolves to an internal address, checked at connect time for every redirect hop;
 * redirects, total time and body size (after decompression) are limited.
 */
export async function safeFetch(
  input: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResponse> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const startUrl = typeof input === "string" ? input : input.href;
  let current = checkedUrl(startUrl, startUrl);

  const controller = new AbortController();
  let timedOut = false;
  let output: Readable | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
    output?.destroy(timeoutError());
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  // A signal that aborted before this call never fires "abort" again: without this, a feed
  // refresh stopped while it opened its database side (the worker stopping, the feed deleted)
  // went on downloading until the timeout, and a slow feed held the server's shutdown.
  if (options.signal?.aborted) onCallerAbort();

  const agent = new Agent({
    connect: guardedConnector({
      allowLoopback: options.allowLoopback,
      lookup: options.lookup,
      connector: options.connector,
      connectTimeoutMs: Math.min(timeoutMs, CONNECT_TIMEOUT_MS),
      url: () => current.href,
    }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  let cleanedUp = false;
  const cleanup = () => {
    if (cleanedUp) return;
    cleanedUp = true;
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
    agent.destroy().catch(() => undefined);
  };

  function timeoutError(): SafeFetchError {
    return new SafeFetchError(
      "TIMEOUT",
      `Fetching ${current.href} took longer than ${formatSeconds(timeoutMs)}; the server is too slow or the file too large.`,
      current.href,
    );
  }

  function mapError(error: unknown): SafeFetchError {
    if (error instanceof SafeFetchError) return error;
    if (timedOut) return timeoutError();
    const url = current.href;
    if (options.signal?.aborted) {
      return new SafeFetchError("NETWORK", `Fetching ${url} was cancelled.`, url, undefined, {
        cause: error,
      });
    }
    if (
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError ||
      error instanceof undiciErrors.ConnectTimeoutError
    ) {
      return timeoutError();
    }
    const code = (error as { code?: string } | null)?.code ?? "";
    if (
      code.startsWith("Z_") ||
      code === "ERR_BROTLI_DECOMPRESSION_FAILED" ||
      /zlib|incorrect header|invalid (block|distance|stored)/i.test(
        String((error as Error)?.message),
      )
    ) {
      return new SafeFetchError(
        "DECODE",
        `The response from ${url} could not be decompressed: it is not valid compressed data.`,
        url,
        undefined,
        { cause: error },
      );
    }
    const reason =
      code === "ECONNREFUSED"
        ? "the server refused the connection"
        : code === "ECONNRESET" || code === "UND_ERR_SOCKET"
          ? "the connection was closed by the server"
          : code.startsWith("ERR_TLS") || code.includes("CERT")
            ? "its TLS certificate is not valid"
            : (error as Error)?.message || "network error";
    return new SafeFetchError("NETWORK", `Could not fetch ${url}: ${reason}.`, url, undefined, {
      cause: error,
    });
  }

  try {
    let method = (options.method ?? "GET").toUpperCase();
    let body = options.body;
    const headers: Record<string, string> = {
      "user-agent": USER_AGENT,
      accept: "*/*",
      ...lowerCaseKeys(options.headers ?? {}),
      "accept-encoding": "gzip, deflate, br",
    };
    const redirects: string[] = [];

    for (;;) {
      // IP literals are judged before any request is made (the connector checks them
      // again; host names are checked there, after resolving).
      refuseInternalLiteral(current, options.allowLoopback);
      const response = await request(current, {
        method: method as "GET",
        headers,
        body,
        dispatcher: agent,
        signal: controller.signal,
      });
      const status = response.statusCode;
      const location = header(response.headers, "location");

      const keepRedirect = options.anyStatus === true && redirects.length >= maxRedirects;
      if (REDIRECT_STATUSES.has(status) && location !== undefined && !keepRedirect) {
        discard(response.body);
        if (redirects.length >= maxRedirects) {
          throw new SafeFetchError(
            "TOO_MANY_REDIRECTS",
            `Fetching ${startUrl} was redirected more than ${maxRedirects} times; last to ${location}.`,
            startUrl,
          );
        }
        const next = checkedUrl(location, startUrl, current);
        if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
          delete headers["content-type"];
          delete headers["content-length"];
        }
        if (next.origin !== current.origin) {
          delete headers.authorization;
          delete headers.cookie;
        }
        redirects.push(next.href);
        current = next;
        continue;
      }

      if ((status < 200 || status > 299) && options.anyStatus !== true) {
        discard(response.body);
        throw new SafeFetchError(
          "HTTP_STATUS",
          `Fetching ${current.href} failed: the server answered with status ${status}.`,
          current.href,
          status,
        );
      }

      const encodings = contentEncodings(response.headers["content-encoding"]);
      const declaredLength = Number(header(response.headers, "content-length"));
      const tooLarge = () =>
        new SafeFetchError(
          "TOO_LARGE",
          `The response from ${current.href} is larger than the limit of ${formatBytes(maxBytes)}.`,
          current.href,
        );
      if (encodings.length === 0 && Number.isFinite(declaredLength) && declaredLength > maxBytes) {
        discard(response.body);
        throw tooLarge();
      }
      const decoders: Transform[] = [];
      for (const encoding of encodings) {
        const decoder = decoderFor(encoding);
        if (!decoder) {
          discard(response.body);
          throw new SafeFetchError(
            "DECODE",
            `The response from ${current.href} uses the unsupported content encoding "${encoding}".`,
            current.href,
          );
        }
        decoders.push(decoder);
      }
      const limit = new ByteLimit(maxBytes, tooLarge);
      const end = pipeline(
        [response.body, ...decoders, limit],
        () => undefined,
      ) as unknown as AsyncIterable<Buffer>;

      const guarded = async function* () {
        try {
          for await (const chunk of end) yield chunk;
        } catch (error) {
          throw mapError(error);
        } finally {
          cleanup();
        }
      };
      output = Readable.from(guarded(), { objectMode: false });
      const contentTypeHeader = header(response.headers, "content-type");
      return {
        url: current.href,
        status,
        headers: response.headers,
        contentType: contentTypeHeader?.split(";")[0]?.trim().toLowerCase() || undefined,
        charset: /;\s*charset\s*=\s*"?([^";\s]+)/i
          .exec(contentTypeHeader ?? "")?.[1]
          ?.toLowerCase(),
        redirects,
        body: output,
        bytesRead: () => limit.bytes,
      };
    }
  } catch (error) {
    cleanup();
    throw mapError(error);
  }
}

function checkedUrl(raw: string, startUrl: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError("BAD_URL", `"${raw}" is not a valid URL.`, raw);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const message = base
      ? `Fetching ${startUrl} was redirected to ${url.href}, which is not an http or https address.`
      : `Only http and https addresses can be fetched; ${url.href} uses ${url.protocol.slice(0, -1)}.`;
    throw new SafeFetchError("BAD_SCHEME", message, base ? startUrl : url.href);
  }
  return url;
}

function refuseInternalLiteral(url: URL, allowLoopback: boolean | undefined): void {
  const bare = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (!isIP(bare)) return;
  const reason = blockedAddressReason(bare, { allowLoopback });
  if (reason !== null) throw blockedError(url.href, bare, bare, reason);
}

/** Drops a body we will not read (undici reports a destroyed body as an "aborted" error). */
function discard(body: Readable): void {
  body.on("error", () => undefined);
  body.destroy();
}

function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]),
  );
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
