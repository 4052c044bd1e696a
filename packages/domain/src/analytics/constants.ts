/** The range presets of the analytics screens, in days; the default is 30. */
export const ANALYTICS_PRESET_DAYS = [7, 30, 90] as const;
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest custom range. */
export const ANALYTICS_MAX_DAYS = 366;
/** Days are counted in the merchants' time zone (Dutch locale, spec section 1). */
export const ANALYTICS_TIME_ZONE = "Europe/Amsterdam";
/** Event retention of an organization: default 13 months, 1 to 60. */
export const RETENTION_MONTHS_DEFAULT = 13;
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 60;
/** How many products the product results of one floow list. */
export const ANALYTICS_PRODUCTS_MAX = 25;
