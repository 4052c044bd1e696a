import { createId } from "../shared/ids";
import {
  DEFAULT_DOMAIN_COLORS,
  DEFAULT_DOMAIN_FONTS,
  DEFAULT_PALETTE,
  NEW_COLOR_NAME,
  NEW_FONT_NAME,
} from "./constants";
import type { Color, Domain, Font } from "./types";

/** A new colour entry: `New Color` with an empty hex, unless given. */
export function createColor(overrides: Partial<Color> = {}): Color {
  return {
    name: NEW_COLOR_NAME,
    hex: "",
    favorite: false,
    ...overrides,
    id: overrides.id ?? createId(),
  };
}

/** A new font entry: `New Font` with an empty url, unless given. */
export function createFont(overrides: Partial<Font> = {}): Font {
  return { name: NEW_FONT_NAME, url: "", ...overrides, id: overrides.id ?? createId() };
}

/** A fresh copy of the default palette (42 colours, ids `red1` … `gray6`). */
export function defaultPalette(): Color[] {
  return DEFAULT_PALETTE.map((c) => ({ ...c }));
}

/**
 * A new domain with a generated id, the favourite colours Dark Grey `333333` and White
 * `FFFFFF`, and the fonts Bai Jamjuree and Poppins.
 */
export function createDomain(overrides: Partial<Domain> = {}): Domain {
  return {
    organizationId: "",
    name: "",
    description: "",
    image: null,
    host: "",
    blobUrl: null,
    colors: DEFAULT_DOMAIN_COLORS.map((c) => createColor({ ...c })),
    fonts: DEFAULT_DOMAIN_FONTS.map((f) => createFont({ ...f })),
    ...overrides,
    id: overrides.id ?? createId(),
  };
}
