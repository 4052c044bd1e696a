/**
 * The domain's brand (colours and fonts) as CSS values. Colours and font names come from
 * merchants, so they are checked before they reach a style: a colour must be 6 hex digits,
 * a font name loses quotes and semicolons, a font URL must be http(s).
 */
import { GAP_SIZES, PADDING_SIZES, RADIUS_SIZES } from "@floow/domain/logic";
import type { PublicDomain } from "@floow/domain/logic";
import { safeUrl } from "./sanitize";

export type Brand = Pick<PublicDomain, "colors" | "fonts">;

export const FALLBACK_COLOR = "#333333";

/** `#rrggbb` of a domain colour id, or null. */
export function colorOf(brand: Brand | undefined, colorId: string | null | undefined): string | null {
  if (!colorId) return null;
  const hex = brand?.colors?.find((c) => c.id === colorId)?.hex;
  return hex && /^[0-9a-f]{6}$/i.test(hex) ? `#${hex}` : null;
}

/**
 * The brand's main colour, the floow's accent when a part sets none (buttons, the chosen
 * choice, progress): its first favourite that is not near white (white buttons on the white
 * panel would vanish), else its first colour.
 */
export function primaryColor(brand: Brand | undefined): string {
  const colors = (brand?.colors ?? []).filter((c) => /^[0-9a-f]{6}$/i.test(c.hex));
  const pick = colors.find((c) => c.favorite && luminance(`#${c.hex}`) < 0.9) ?? colors[0];
  return pick ? `#${pick.hex}` : FALLBACK_COLOR;
}

/** Relative luminance (WCAG) of `#rrggbb`. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two luminances. */
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Near-black or white text, whichever contrasts more with `hex`: one of the two always
 * reaches WCAG AA (4.5:1) on any colour.
 */
export function onColor(hex: string): string {
  const l = luminance(hex);
  return ratio(l, 0) > ratio(l, 1) ? "#111111" : "#ffffff";
}

/**
 * `hex` as text on the floow's white panel (outline and ghost buttons): itself when it
 * reaches WCAG AA (4.5:1) there, else near-black (the border keeps the brand colour).
 */
export const ink = (hex: string): string => (ratio(luminance(hex), 1) < 4.5 ? "#111111" : hex);

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
    const href = safeUrl(font.url);
    if (!href || !/^https?:/i.test(href)) continue;
    const exists = Array.from(doc.head.querySelectorAll<HTMLLinkElement>("link[data-floow-font]")).some(
      (link) => link.getAttribute("href") === href,
    );
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
export const padding = (size: string | undefined): number =>
  PADDING_SIZES[size as keyof typeof PADDING_SIZES] ?? PADDING_SIZES.md;
export const gap = (size: string | undefined): number =>
  GAP_SIZES[size as keyof typeof GAP_SIZES] ?? GAP_SIZES.md;
