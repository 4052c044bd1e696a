/**
 * The allow-list of floows' rich text (step, choice, start and finish texts), shared by the
 * two sanitizers that apply it: the public API's (apps/api, `sanitizeRichText`, on every
 * floow it publishes) and the runtime's browser one (`@floow/runtime`'s `sanitizeHtml`, which
 * the npm build and the editor's preview run on the text they show). The script-tag renderer
 * shows the API's already sanitized text as it is.
 */

/** Elements kept; any other element is unwrapped (its text stays). */
export const RICH_TEXT_TAGS =
  /* @__PURE__ */ "a b blockquote br code div em h1 h2 h3 h4 h5 h6 hr i img li mark ol p pre s small span strong sub sup u ul".split(
    " ",
  );

/** Attributes kept, on any kept element (`href` and `src` only with a safe URL). */
export const RICH_TEXT_ATTRIBUTES = ["href", "title", "src", "alt", "width", "height"];

/** Elements dropped with everything inside them. */
export const RICH_TEXT_DROPPED =
  /* @__PURE__ */ "script style template iframe frame frameset object embed noscript svg math form input button textarea select option link meta base title head audio video source track canvas applet noembed xmp plaintext".split(
    " ",
  );

/**
 * `url` when it is safe in a link (`images`: an image's `src`): `http:`, `https:`, relative,
 * for links also `mailto:` and `tel:`, for images also `data:image/(png|jpeg|gif|webp|avif)`;
 * never `javascript:`, other `data:` or other schemes (null).
 */
export function safeUrl(url: unknown, images = false): string | null {
  if (typeof url !== "string") return null;
  const value = url.trim();
  if (value === "") return null;
  // Control characters and whitespace inside a scheme can hide `javascript:`.
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  if (!scheme) return value;
  if (scheme === "http" || scheme === "https") return value;
  if (!images && (scheme === "mailto" || scheme === "tel")) return value;
  if (images && /^data:image\/(png|jpe?g|gif|webp|avif);/.test(compact)) return value;
  return null;
}

/** Where a link in a floow's rich text opens: the shopper's tab, a new tab, or (mail, phone) no tab. */
export type RichLinkTarget = "top" | "blank" | null;

/**
 * The merchant's site of a domain's host as saved (`www.shop.example`, `https://shop.example`,
 * `localhost:3401`): the host name, lowercase, without scheme, `www.` or path, with the port
 * when the host names one; "" when there is none.
 */
export function siteHostOf(domainHost: string | null | undefined): string {
  if (typeof domainHost !== "string") return "";
  return domainHost
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/s, "")
    .replace(/:$/, "")
    .replace(/^www\./, "");
}

/** A host that no link names: relative links resolve against it when a domain has no host. */
const NO_SITE = "floow-relative.invalid";

/**
 * Where a rich text's link opens (docs/editor.md, "Links in texts"), for a floow of the domain
 * whose site is `siteHost` (`siteHostOf`): `top`, the shopper's own tab, for a relative link
 * and a link to the merchant's site (that host, with or without `www.`, or a subdomain of
 * it); `blank`, a new tab, for a link to any other site; null for `mailto:` and `tel:` (the
 * mail or phone app opens, the page stays) and for no URL. The URL is resolved as a browser
 * resolves it (`\\other.example` and `//other.example` name another site).
 */
export function richLinkTarget(href: string | null | undefined, siteHost: string): RichLinkTarget {
  if (typeof href !== "string" || href.trim() === "") return null;
  const base = siteHost || NO_SITE;
  let url: URL;
  try {
    url = new URL(href, `https://${base}/`);
  } catch {
    return "blank";
  }
  if (url.protocol === "mailto:" || url.protocol === "tel:") return null;
  if (url.protocol !== "http:" && url.protocol !== "https:") return "blank";
  // A site with a port is that origin only; without one, the host on any port.
  const host = (base.includes(":") ? url.host : url.hostname).replace(/^www\./, "");
  return host === base || host.endsWith(`.${base}`) ? "top" : "blank";
}
