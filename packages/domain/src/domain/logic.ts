/** Create Domain host: an optional `https://`, an optional `www.`, a name, a dot and a TLD of 2+ letters. */
export const DOMAIN_HOST_PATTERN =
  /^(?:https:\/\/)?(?:www\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i;

/** On submit, a host starting with neither `https://` nor `www.` gets `www.` prepended. */
export function normalizeDomainHost(host: string): string {
  const h = host.trim();
  if (h === "" || /^https:\/\//i.test(h) || /^www\./i.test(h)) return h;
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
