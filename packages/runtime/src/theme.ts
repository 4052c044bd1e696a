/**
 * The domain's brand (colours and fonts) as CSS values. Colours and font names come from
 * merchants, so they are checked before they reach a style: a colour must be 6 hex digits,
 * a font name loses quotes and semicolons, a font URL must be http(s).
 */
import {
  FALLBACK_PAINT,
  GAP_SIZES,
  PADDING_SIZES,
  RADIUS_SIZES,
  paint,
  primaryColor as domainPrimaryColor,
} from "@floow/domain/logic";
import type { Paint, PublicDomain } from "@floow/domain/logic";
import { safeUrl } from "./sanitize";

export type Brand = Pick<PublicDomain, "colors" | "fonts" | "paints">;

export { FALLBACK_COLOR, ink, luminance, onColor } from "@floow/domain/logic";

/** `#rrggbb` of a domain colour id, or null. */
export function colorOf(
  brand: Brand | undefined,
  colorId: string | null | undefined,
): string | null {
  if (!colorId) return null;
  const hex = brand?.colors?.find((c) => c.id === colorId)?.hex;
  return hex && /^[0-9a-f]{6}$/i.test(hex) ? `#${hex}` : null;
}

/** The brand's main colour (`@floow/domain`'s `primaryColor`). */
export const primaryColor = (brand: Brand | undefined): string =>
  __SCRIPT_TAG__ ? (brand?.paints?.primary ?? FALLBACK_PAINT).c : domainPrimaryColor(brand?.colors);

/**
 * What a part paints with: its own colour (`colorId`, a domain colour) or the brand's main
 * colour, with text on it and it as text on white. The script-tag renderer looks it up in the
 * paints the public API sends with the domain (`PublicDomain.paints`), the npm build computes
 * it from the brand it is given.
 */
export function paintOf(
  { brand, primary }: { brand?: Brand | undefined; primary: string },
  colorId: string | null | undefined,
): Paint {
  if (__SCRIPT_TAG__) {
    const paints = brand?.paints;
    return (
      (colorId && paints && Object.hasOwn(paints.colors, colorId)
        ? paints.colors[colorId]
        : paints?.primary) ?? FALLBACK_PAINT
    );
  }
  return paint(colorOf(brand, colorId) ?? primary);
}

/** The CSS font-family of the brand: its first font, then the system font. */
export function fontFamily(brand: Brand | undefined): string {
  const name = brand?.fonts?.[0]?.name?.replace(/["';{}\\<>]/g, "").trim();
  const system = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";
  return name ? `"${name}",${system}` : system;
}

/**
 * Loads the brand's font stylesheets in the page's head: @font-face rules inside a shadow
 * root are ignored by browsers, so fonts must be declared in the document.
 */
export function loadFonts(brand: Brand | undefined, doc: Document = document): void {
  for (const font of brand?.fonts ?? []) {
    // The public API sends only http(s) font URLs (`toPublicDomain`).
    const href = __SCRIPT_TAG__ ? font.url : safeUrl(font.url);
    if (!href || !/^https?:/i.test(href)) continue;
    const exists = Array.from(
      doc.head.querySelectorAll<HTMLLinkElement>("link[data-floow-font]"),
    ).some((link) => link.getAttribute("href") === href);
    if (exists) continue;
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.setAttribute("data-floow-font", "");
    doc.head.appendChild(link);
  }
}

export const radius = (size: string | undefined): number =>
  RADIUS_SIZES[size as keyof typeof RADIUS_SIZES] ?? RADIUS_SIZES.md;
// The script tag reads all three from the radius scale (-25 B of gzip): the padding and gap
// scales are its sizes with the same pixels, and the public API's floows have only their
// schema's sizes (`padding`/`gap` enums), so the pixels are the same.
export const padding = __SCRIPT_TAG__
  ? radius
  : (size: string | undefined): number =>
      PADDING_SIZES[size as keyof typeof PADDING_SIZES] ?? PADDING_SIZES.md;
export const gap = __SCRIPT_TAG__
  ? radius
  : (size: string | undefined): number => GAP_SIZES[size as keyof typeof GAP_SIZES] ?? GAP_SIZES.md;
