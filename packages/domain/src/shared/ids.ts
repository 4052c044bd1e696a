/**
 * Id generation. Ids are RFC 4122 version 4 UUIDs: 122 random bits from the platform's
 * cryptographic generator, so two clients creating entities offline never collide
 * (see docs/domain-rules.md). `crypto.randomUUID` exists only in secure contexts, so
 * `getRandomValues` (available everywhere) is the fallback.
 */

type CryptoLike = {
  randomUUID?: () => string;
  getRandomValues?: <T extends Uint8Array>(array: T) => T;
};

function randomBytes(crypto: CryptoLike | undefined): Uint8Array {
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) return crypto.getRandomValues(bytes);
  // No Web Crypto at all (very old runtimes): Math.random is not collision-safe across
  // many clients, but still unique enough for a single editor session.
  return bytes.map(() => Math.random() * 256);
}

/** Formats 16 random bytes as a version 4 UUID. Exported for tests. */
export function uuidFromBytes(bytes: Uint8Array): string {
  const b = [...bytes.slice(0, 16)];
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  // Two hex digits a byte, a hyphen before bytes 4, 6, 8 and 10 (8-4-4-4-12).
  return b
    .map((x, i) => (i > 3 && i < 11 && i % 2 == 0 ? "-" : "") + (x + 256).toString(16).slice(1))
    .join("");
}

/** A new unique id (a v4 UUID). */
export function createId(crypto: CryptoLike | undefined = globalThis.crypto): string {
  if (crypto?.randomUUID) return crypto.randomUUID();
  return uuidFromBytes(randomBytes(crypto));
}

export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
