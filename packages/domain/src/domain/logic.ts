const LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
/** 1 to 65535, without leading zeros. */
const PORT = "(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})";

/**
 * Create Domain host: an optional `https://`, an optional `www.`, a name, a dot and a TLD of
 * 2+ letters (spec section 5), and, beyond the spec, an optional port (`:1` to `:65535`), so
 * a staging or local site can be tried: `staging.shop.nl:8443`, and `localhost` with a port
 * (`localhost:3401`).
 */
export const DOMAIN_HOST_PATTERN = new RegExp(
  `^(?:https://)?(?:www\\.)?(?:(?:${LABEL}\\.)+[a-z]{2,}(?::${PORT})?|localhost:${PORT})$`,
  "i",
);

/**
 * On submit, a host starting with neither `https://` nor `www.` gets `www.` prepended (spec);
 * not a host with a port, which names one exact site (`localhost:3401` stays as typed).
 */
export function normalizeDomainHost(host: string): string {
  const h = host.trim();
  if (h === "" || /^https:\/\//i.test(h) || /^www\./i.test(h) || /:\d+$/.test(h)) return h;
  return `www.${h}`;
}

/** A typed `#` is stripped from a hex code. */
export function stripHash(hex: string): string {
  return hex.replace(/#/g, "");
}

/** The CSS block that imports every font stylesheet of a domain (rebuilt when fonts change). */
export function fontImportsCss(fonts: readonly { url: string }[]): string {
  return fonts
    .map((f) => f.url.trim())
    .filter((url) => /^https?:\/\//i.test(url))
    .map((url) => `@import url("${url.replace(/["\\\n\r]/g, "")}");`)
    .join("\n");
}
