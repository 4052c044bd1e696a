import type { CheckItem, FloowUrl } from "@floow/domain/publish";
import { CACHES, createTtlCache } from "../cache";
import { isSafeFetchError, safeFetch, type SafeFetchOptions } from "../safe-fetch";

/**
 * The pre-publish check's look at the floow's http(s) links and images (docs/editor.md,
 * "The pre-publish check"): each is asked for through the safe fetch (internal addresses
 * refused), HEAD first and GET when HEAD fails (many servers refuse HEAD). Bounded so the
 * publish dialog answers quickly: the first `maxUrls` distinct addresses, `concurrency` at a
 * time, each within `perUrlMs`, all within `totalMs` (what is not done by then is said to be
 * unchecked, not wrong). Answers are kept 10 minutes per address.
 */
export const URL_CHECK_LIMITS = {
  maxUrls: 20,
  concurrency: 4,
  perUrlMs: 3_000,
  totalMs: 5_000,
} as const;

/** What the address answered: null when fine, else why not, for "… answers with status 404". */
type Verdict = { problem: string | null };

const verdicts = createTtlCache<Verdict>(CACHES.urlVerdicts);

export type UrlFetchOptions = Pick<SafeFetchOptions, "allowLoopback" | "lookup">;

/** Failures a GET would meet just the same (a server that lets HEAD time out is slow, too). */
const FINAL = new Set([
  "BAD_URL",
  "BAD_SCHEME",
  "BLOCKED_ADDRESS",
  "DNS",
  "TOO_MANY_REDIRECTS",
  "TIMEOUT",
]);

async function status(
  url: string,
  method: "HEAD" | "GET",
  signal: AbortSignal,
  fetch: UrlFetchOptions,
): Promise<number> {
  const response = await safeFetch(url, {
    ...fetch,
    method,
    anyStatus: true,
    timeoutMs: URL_CHECK_LIMITS.perUrlMs,
    signal,
  });
  // The status is all we need: read at most one chunk, which also frees the connection.
  for await (const _chunk of response.body) break;
  return response.status;
}

async function probe(url: string, signal: AbortSignal, fetch: UrlFetchOptions): Promise<Verdict> {
  let answer: number | null = null;
  try {
    answer = await status(url, "HEAD", signal, fetch);
  } catch (error) {
    if (signal.aborted) throw error;
    if (isSafeFetchError(error) && FINAL.has(error.code)) return { problem: reasonOf(error) };
  }
  if (answer !== null && answer < 400) return { problem: null };
  try {
    answer = await status(url, "GET", signal, fetch);
  } catch (error) {
    if (signal.aborted) throw error;
    return { problem: reasonOf(error) };
  }
  return { problem: answer < 400 ? null : `answers with status ${answer}` };
}

function reasonOf(error: unknown): string {
  if (!isSafeFetchError(error)) return "could not be reached";
  switch (error.code) {
    case "TIMEOUT":
      return "did not answer in time";
    case "DNS":
      return "has a host name that does not exist";
    case "BLOCKED_ADDRESS":
      return "points at an internal address";
    case "TOO_MANY_REDIRECTS":
      return "redirects too many times";
    case "HTTP_STATUS":
      return `answers with status ${error.status ?? "an error"}`;
    case "NETWORK":
      return /refused/.test(error.message) ? "refused the connection" : "could not be reached";
    default:
      return "could not be read";
  }
}

/**
 * Warnings for the addresses that answer an error, time out or cannot be reached
 * (`link-broken` / `image-broken`), and one `urls-unchecked` warning for what the bounds
 * left out. Only http(s) addresses are passed here (the domain's checkDraft judges the rest).
 */
export async function checkUrls(
  urls: readonly FloowUrl[],
  fetch: UrlFetchOptions = {},
): Promise<CheckItem[]> {
  const distinct = [...new Set(urls.map((u) => u.url))];
  const checked = distinct.slice(0, URL_CHECK_LIMITS.maxUrls);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), URL_CHECK_LIMITS.totalMs);
  const results = new Map<string, Verdict>();
  let next = 0;
  const worker = async () => {
    while (next < checked.length && !controller.signal.aborted) {
      const url = checked[next++] as string;
      // An abort by the total bound throws out of the load, so nothing is kept for it.
      const verdict = await verdicts
        .get(url, () => probe(url, controller.signal, fetch))
        .catch(() => null);
      if (verdict) results.set(url, verdict);
    }
  };
  try {
    await Promise.all(Array.from({ length: URL_CHECK_LIMITS.concurrency }, worker));
  } finally {
    clearTimeout(timer);
  }

  const items: CheckItem[] = [];
  for (const found of urls) {
    const problem = results.get(found.url)?.problem;
    if (!problem) continue;
    items.push({
      severity: "warning",
      rule: found.kind === "link" ? "link-broken" : "image-broken",
      message: `${found.place}: ${found.kind === "link" ? "the link to" : "the image"} ${found.url} ${problem}.`,
      target: found.target,
    });
  }
  const unchecked = distinct.length - results.size;
  if (unchecked > 0) {
    items.push({
      severity: "warning",
      rule: "urls-unchecked",
      message:
        distinct.length > URL_CHECK_LIMITS.maxUrls
          ? `${unchecked} of ${distinct.length} link and image addresses were not checked: the check looks at the first ${URL_CHECK_LIMITS.maxUrls}.`
          : `${unchecked} of ${distinct.length} link and image addresses could not be checked in time; run the check again to see them.`,
    });
  }
  return items;
}
