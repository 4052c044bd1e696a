/**
 * The CSRF rule for cookie-authenticated writes: the request's Origin (or, when a browser left
 * it out, its Referer) must be a trusted origin (PUBLIC_URL, TRUSTED_ORIGINS) or the origin
 * the request was sent to (same-origin: its host equals the Host header).
 */
export function isAllowedOrigin(
  headers: { origin?: string | undefined; referer?: string | undefined; host?: string | undefined },
  trustedOrigins: readonly string[],
): boolean {
  const source = headers.origin ?? headers.referer;
  if (!source || source === "null") return false;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (trustedOrigins.includes(url.origin)) return true;
  return headers.host !== undefined && url.host === headers.host.toLowerCase();
}

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
export function isJsonContentType(value: string | undefined): boolean {
  return value?.split(";")[0]?.trim().toLowerCase() === "application/json";
}
