/**
 * API keys for the public REST API `/api/v1` (docs/api.md). A key is `flw_live_` and 32
 * base64url characters (24 random bytes); the dashboard shows it once and then only its
 * prefix (the first characters, to tell keys apart).
 */

/** What a key may do; each `/api/v1` route needs one. */
export const API_KEY_SCOPES = [
  "conversions:write",
  "floows:read",
  "events:read",
  "analytics:read",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, as the create dialog says it. */
export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  "conversions:write": "Report orders (Conversions API)",
  "floows:read": "Read floows and their live version",
  "events:read": "Export sessions (the analytics CSV's fields)",
  "analytics:read": "Read the analytics summary",
};

/** Every key starts with this: secret scanners and people recognise it. */
export const API_KEY_PREFIX = "flw_live_";

/** How many characters of a key the dashboard keeps showing: the prefix and 4 of the secret. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 4;

/** At most this many active (not revoked) keys per organization. */
export const API_KEY_MAX_ACTIVE = 50;

export const API_KEY_MESSAGES = {
  scopes: "Please pick at least one scope.",
  tooMany: `An organization can have at most ${API_KEY_MAX_ACTIVE} active API keys. Revoke one first.`,
} as const;
