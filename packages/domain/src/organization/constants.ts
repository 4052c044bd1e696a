/** The organization sectors, in order; a sector is stored as its number (1 to 40). */
export const SECTOR_NAMES = [
  "Healthcare",
  "Education",
  "Government",
  "Construction",
  "Industry",
  "Energy",
  "Transport",
  "Logistics",
  "Retail",
  "Wholesale",
  "Hospitality",
  "Financial Services",
  "Business Services",
  "Communication",
  "IT",
  "Media",
  "Research",
  "Consultancy",
  "Legal",
  "Real Estate",
  "Rental",
  "Recreation",
  "Bedding",
  "Agriculture",
  "Forestry",
  "Fishing",
  "Mining",
  "Manufacturing",
  "Utilities",
  "Arts and Culture",
  "Entertainment",
  "Sports",
  "Technology",
  "Non-Profit",
  "Public Administration",
  "Personal Services",
  "Beauty and Wellness",
  "Environmental Services",
  "Security",
  "Veterinary Services",
] as const;
export type SectorName = (typeof SECTOR_NAMES)[number];

export interface Sector {
  id: number;
  name: SectorName;
}

/** The sector options, numbered 1 to 40 in the spec's order. */
export const SECTORS: readonly Sector[] = SECTOR_NAMES.map((name, i) => ({ id: i + 1, name }));

/** Not in the spec: a logo is an uploaded image or a web address, never `javascript:` or `data:` (issue 25). */
export const LOGO_INVALID_MESSAGE =
  "The logo should be an uploaded image or a web address (https://…).";
