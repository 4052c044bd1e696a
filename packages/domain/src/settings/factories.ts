import { TOAST_TIMEOUT_MS } from "../shared/constants";
import { DEFAULT_COOKIE_PREFERENCES } from "./constants";
import type { CookiePreferences, Notification } from "./types";

export function createCookiePreferences(
  overrides: Partial<CookiePreferences> = {},
): CookiePreferences {
  return { ...DEFAULT_COOKIE_PREFERENCES, ...overrides };
}

let lastNotificationId = 0;

/** A toast with an id from the time (kept increasing when two are made in the same ms). */
export function createNotification(
  notification: Omit<Notification, "id" | "timeout"> & { timeout?: number },
  now: number = Date.now(),
): Notification {
  lastNotificationId = Math.max(now, lastNotificationId + 1);
  return { timeout: TOAST_TIMEOUT_MS, ...notification, id: lastNotificationId };
}
