import type { Color } from "./types";

/**
 * The colours a shown floow paints with, from the domain's brand colours: the accent when a
 * part sets none, readable text on a colour, and a colour as text on the white panel (WCAG
 * AA, 4.5:1). The npm runtime computes them from the brand it is given (the editor's preview
 * passes unsaved colours); the public API computes them once per answer (`brandPaints`, in
 * `PublicDomain.paints`), so the script-tag renderer carries none of this arithmetic.
 */

/** The accent of a domain without usable colours. */
export const FALLBACK_COLOR = "#333333";

const HEX = /^[0-9a-f]{6}$/i;

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

/**
 * The brand's main colour, the floow's accent when a part sets none (buttons, the chosen
 * choice, progress): its first favourite that is not near white (white buttons on the white
 * panel would vanish), else its first colour.
 */
export function primaryColor(
  colors: readonly Pick<Color, "hex" | "favorite">[] | undefined,
): string {
  const valid = (colors ?? []).filter((c) => HEX.test(c.hex));
  const pick = valid.find((c) => c.favorite && luminance(`#${c.hex}`) < 0.9) ?? valid[0];
  return pick ? `#${pick.hex}` : FALLBACK_COLOR;
}

/** A colour as a part paints with it: itself (`c`), text on it (`on`), it as text on white (`ink`). */
export interface Paint {
  c: string;
  on: string;
  ink: string;
}

export function paint(hex: string): Paint {
  return { c: hex, on: onColor(hex), ink: ink(hex) };
}

/** `paint(FALLBACK_COLOR)`, written out: the script-tag renderer's accent without a brand. */
export const FALLBACK_PAINT: Paint = { c: "#333333", on: "#ffffff", ink: "#333333" };

/** A domain's paints: its accent's, and each colour's (six hex digits only) by id. */
export interface BrandPaints {
  primary: Paint;
  colors: Record<string, Paint>;
}

export function brandPaints(colors: readonly Color[]): BrandPaints {
  return {
    primary: paint(primaryColor(colors)),
    colors: Object.fromEntries(
      colors.filter((c) => HEX.test(c.hex)).map((c) => [c.id, paint(`#${c.hex}`)]),
    ),
  };
}
