/**
 * Id generation. Ids are RFC 4122 version 4 UUIDs: 122 random bits from the platform's
 * cryptographic generator, so two clients creating entities offline never collide
 * (see docs/domain-rules.md). `crypto.randomUUID` exists only in secure contexts, so
 * `getRandomValues` (available everywhere) is the fallback.
 */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

type CryptoLike = {
  randomUUID?: () => string;
  getRandomValues?: <T extends Uint8Array>(array: T) => T;
};

function randomBytes(crypto: CryptoLike | undefined): Uint8Array {
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) return crypto.getRandomValues(bytes);
  // No Web Crypto at all (very old runtimes): Math.random is not collision-safe across
  // many clients, but still unique enough for a single editor session.
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/** Formats 16 random bytes as a version 4 UUID. Exported for tests. */
export function uuidFromBytes(bytes: Uint8Array): string {
  const b = Array.from(bytes.slice(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.map((x) => HEX[x] as string);
  return `${h.slice(0, 4).join("")}-${h.slice(4, 6).join("")}-${h.slice(6, 8).join("")}-${h
    .slice(8, 10)
    .join("")}-${h.slice(10, 16).join("")}`;
}

/** A new unique id (a v4 UUID). */
export function createId(crypto: CryptoLike | undefined = globalThis.crypto): string {
  if (crypto?.randomUUID) return crypto.randomUUID();
  return uuidFromBytes(randomBytes(crypto));
}

export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
