import { DEFAULT_PRODUCT_LINK } from "../floow/constants";
import type { FloowResults, ProductLink } from "../floow/types";

/** The UTM parameters a product link gets with `link.utm` (docs: runtime README, "After a click"). */
export const PRODUCT_LINK_UTM = { utm_source: "floow", utm_medium: "guided-selling" } as const;

/** A floow's product link setting; floows stored before it have none and read the default. */
export function productLink(results: Pick<FloowResults, "link"> | undefined): ProductLink {
  return { ...DEFAULT_PRODUCT_LINK, ...results?.link };
}

/**
 * The URL a product's link opens. With `utm`, the product URL gets `utm_source=floow`,
 * `utm_medium=guided-selling` and `utm_campaign=<floow name>`: its own query parameters are
 * kept, and a `utm_*` parameter the merchant's URL already has is left as written (the
 * merchant's own tagging wins). A URL that does not parse is returned as it is.
 */
export function productLinkUrl(url: string, floowName: string, utm: boolean): string {
  if (!utm) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const params = parsed.searchParams;
  for (const [name, value] of Object.entries({ ...PRODUCT_LINK_UTM, utm_campaign: floowName }))
    if (!params.has(name)) params.append(name, value);
  return parsed.href;
}
