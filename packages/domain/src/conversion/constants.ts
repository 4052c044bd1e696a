/** How an order reached Floow (docs/analytics.md "Attribution"); every way counts it once. */
export const CONVERSION_SOURCES = ["runtime", "datalayer", "api", "shopify"] as const;
export type ConversionSource = (typeof CONVERSION_SOURCES)[number];

/** What the runtime itself reports: `floow.conversion()` and the page's GA4 `purchase`. */
export const PUBLIC_CONVERSION_SOURCES = ["runtime", "datalayer"] as const;

/**
 * Which consent signal the runtime trusts on a domain's pages (docs/events.md "Consent"):
 * `auto` any of them (`floow.consent()` first, then TCF, then Google Consent Mode), or only one.
 */
export const CONSENT_SOURCES = ["auto", "consent-mode", "tcf", "floow"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** What the runtime assumes while the trusted source has said nothing. */
export const CONSENT_DEFAULTS = ["denied", "granted"] as const;
export type ConsentDefault = (typeof CONSENT_DEFAULTS)[number];

/** An organization's attribution window in days (`attribution_window_days`). */
export const ATTRIBUTION_WINDOW_DAYS = { default: 7, min: 1, max: 30 } as const;

/** Longest order id and item id or name. */
export const ORDER_ID_MAX = 200;
/** Most orders one `POST /api/v1/conversions` batch may carry (docs/api.md). */
export const CONVERSION_BATCH_MAX = 100;
/** Most items one order may list. */
export const CONVERSION_ITEMS_MAX = 500;
/** The largest order value numeric(14, 2) holds. */
export const CONVERSION_VALUE_MAX = 999_999_999_999.99;
