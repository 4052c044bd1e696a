/**
 * The cookie categories, the banner's states and the preferences the dashboard keeps in a
 * cookie (spec section 3). Dashboard-only UI state (moved here from `@floow/domain/settings`).
 */
export const COOKIE_CATEGORIES = ["functional", "analytics", "marketing"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];
export type CookiePreferences = Record<CookieCategory, boolean>;
/** Functional cookies on, analytics and marketing off until the visitor agrees. */
export const DEFAULT_COOKIE_PREFERENCES: Readonly<CookiePreferences> = {
  functional: true,
  analytics: false,
  marketing: false,
};
/** The cookie banner: start (not answered), settings (choosing), done (answered). */
export const COOKIE_STATES = ["start", "settings", "done"] as const;
export type CookieState = (typeof COOKIE_STATES)[number];
export const INITIAL_COOKIE_STATE: CookieState = "start";
/** The dashboard keeps the cookie preferences (and that they were answered) in this cookie. */
export const COOKIE_PREFERENCES_COOKIE = "floows-cookie-preferences";
