/**
 * Business constants of spec section 9 that belong to no single entity.
 * Dependency-free: the runtime imports these through `@floow/domain/logic`.
 */

export const LANGUAGES = ["en", "nl", "fr", "de"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = {
  en: "English",
  nl: "Nederlands",
  fr: "Français",
  de: "Deutsch",
};

/** Radius sizes in px. */
export const RADIUS_SIZES = { none: 0, xs: 4, sm: 8, md: 12, lg: 16, xl: 24, full: 9999 } as const;
export type RadiusSize = keyof typeof RADIUS_SIZES;
export const RADIUS_SIZE_KEYS = Object.keys(RADIUS_SIZES) as RadiusSize[];

/** Padding sizes in px. */
export const PADDING_SIZES = { none: 0, xs: 4, sm: 8, md: 12, lg: 16, xl: 24 } as const;
export type PaddingSize = keyof typeof PADDING_SIZES;
export const PADDING_SIZE_KEYS = Object.keys(PADDING_SIZES) as PaddingSize[];

/** Gap sizes in px. */
export const GAP_SIZES = { xs: 4, sm: 8, md: 12, lg: 16, xl: 24 } as const;
export type GapSize = keyof typeof GAP_SIZES;
export const GAP_SIZE_KEYS = Object.keys(GAP_SIZES) as GapSize[];

/** Button sizes (keys of the shared size scale; the spec only pins the default md). */
export const BUTTON_SIZES = ["sm", "md", "lg"] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export const DEVICES = ["mobile", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

/** Operating systems `detectOs` can return. */
export const OS_NAMES = ["windows", "mac", "unix", "linux", "unknown"] as const;
export type OsName = (typeof OS_NAMES)[number];

/** Progress component: the percent is clamped to this range. */
export const PROGRESS_MIN = 0;
export const PROGRESS_MAX = 100;

// Limits
export const HEX_CODE_LENGTH = 6;
export const AI_PROMPT_MAX_LENGTH = 1000;
export const SECTOR_COUNT = 40;
export const TRIGGER_DIALOG_STEPS = 2;
export const EDITOR_SCALE_DEFAULT = 100;

// Timings (ms)
/** The user-deleted toast's timeout and the reload after it (spec sections 4 and 9). */
export const USER_DELETED_TOAST_TIMEOUT_MS = 2000;
export const RELOAD_AFTER_USER_DELETE_MS = 2000;
export const INPUT_VALIDATION_DEBOUNCE_MS = 300;
export const LOADING_MESSAGE_INTERVAL_MS = 2000;

/** Chart types available to the analytics area. */
export const CHART_TYPES = [
  "bar",
  "bubble",
  "doughnut",
  "line",
  "pie",
  "polarArea",
  "radar",
  "scatter",
] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Enrichment methods for events. */
export const ENRICHMENT_METHODS = ["dataLayer", "activation"] as const;
export type EnrichmentMethod = (typeof ENRICHMENT_METHODS)[number];

/** Terms-of-service PDF, dated by file name. */
export const TERMS_OF_SERVICE_DATE = "01022025";
