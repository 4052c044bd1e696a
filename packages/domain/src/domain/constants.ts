/** A domain is used for Guided Selling or Guided Data floows. */
export const DOMAIN_TYPES = ["selling", "data"] as const;
export type DomainType = (typeof DOMAIN_TYPES)[number];

/** The colours every new domain starts with, both favourites. */
export const DEFAULT_DOMAIN_COLORS = [
  { name: "Dark Grey", hex: "333333", favorite: true },
  { name: "White", hex: "FFFFFF", favorite: true },
] as const;

/** The fonts every new domain starts with (stylesheets on Google Fonts). */
export const DEFAULT_DOMAIN_FONTS = [
  {
    name: "Bai Jamjuree",
    url: "https://fonts.googleapis.com/css2?family=Bai+Jamjuree:wght@400;500;600;700&display=swap",
  },
  {
    name: "Poppins",
    url: "https://fonts.googleapis.com/css2?family=Poppins:wght@400;500;600;700&display=swap",
  },
] as const;

/** Adding a colour or a font adds an entry with this name and an empty hex or url. */
export const NEW_COLOR_NAME = "New Color";
export const NEW_FONT_NAME = "New Font";
/** The public font site the Add Font help points to. */
export const FONT_HELP_URL = "https://fonts.google.com";

export const PALETTE_FAMILIES = [
  "red",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
  "gray",
] as const;
export type PaletteFamily = (typeof PALETTE_FAMILIES)[number];

/** Six shades per family, light to dark (hex without `#`). */
const PALETTE_HEX: Readonly<Record<PaletteFamily, readonly string[]>> = {
  red: ["FECACA", "FCA5A5", "F87171", "EF4444", "DC2626", "B91C1C"],
  orange: ["FED7AA", "FDBA74", "FB923C", "F97316", "EA580C", "C2410C"],
  yellow: ["FEF08A", "FDE047", "FACC15", "EAB308", "CA8A04", "A16207"],
  green: ["BBF7D0", "86EFAC", "4ADE80", "22C55E", "16A34A", "15803D"],
  blue: ["BFDBFE", "93C5FD", "60A5FA", "3B82F6", "2563EB", "1D4ED8"],
  purple: ["E9D5FF", "D8B4FE", "C084FC", "A855F7", "9333EA", "7E22CE"],
  gray: ["E5E7EB", "D1D5DB", "9CA3AF", "6B7280", "4B5563", "374151"],
};

export interface PaletteColor {
  id: string;
  name: string;
  hex: string;
  favorite: boolean;
}

/** The default palette: 42 named colours, 7 families of 6 shades, ids `red1` … `gray6`. */
export const DEFAULT_PALETTE: readonly PaletteColor[] = PALETTE_FAMILIES.flatMap((family) =>
  (PALETTE_HEX[family] as readonly string[]).map((hex, i) => ({
    id: `${family}${i + 1}`,
    name: `${family.charAt(0).toUpperCase()}${family.slice(1)} ${i + 1}`,
    hex,
    favorite: false,
  })),
);
