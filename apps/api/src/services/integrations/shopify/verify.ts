import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Shopify's webhook signature (shopify.dev, "Verify webhook deliveries"): the base64 of the
 * HMAC-SHA256 of the raw request body, keyed with the secret Shopify signs with, in
 * `X-Shopify-Hmac-Sha256`. Compared in constant time; a missing or malformed header is false.
 */
export function verifyShopifyHmac(
  rawBody: Buffer,
  secret: string,
  header: string | string[] | undefined,
): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^[A-Za-z0-9+/]+={0,2}$/.test(value.trim())) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const given = Buffer.from(value.trim(), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header a test (or a fake Shopify) sends for a body. */
export const signShopifyBody = (rawBody: Buffer | string, secret: string): string =>
  createHmac("sha256", secret).update(rawBody).digest("base64");
