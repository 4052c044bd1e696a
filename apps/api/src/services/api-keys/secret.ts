import { createHash, randomBytes } from "node:crypto";
import { API_KEY_PREFIX, API_KEY_VISIBLE_LENGTH } from "@floow/domain/api-key";

/**
 * A new API key: `flw_live_` and 32 base64url characters (24 random bytes, 192 bits), its
 * visible prefix and the hash that is stored (docs/api.md, "Keys").
 */
export function generateApiKey(): { key: string; prefix: string; secretHash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  return { key, prefix: key.slice(0, API_KEY_VISIBLE_LENGTH), secretHash: hashApiKey(key) };
}

/**
 * The stored form of a key: hex SHA-256. A fast hash is right here, unlike for passwords: the
 * key is 192 random bits, so no list of guesses can find it from the hash, and a fast hash
 * lets every request find its key by one indexed lookup of the hash (a salted slow hash would
 * need a lookup by prefix and a deliberately slow check on every request).
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Whether a string looks like one of our keys (a bearer token of another kind is not looked up). */
export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) && value.length <= 100;
}
