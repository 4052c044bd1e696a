/**
 * Cookie preferences (spec section 3): functional cookies always on, analytics and
 * marketing off until the user chooses. The banner's state starts as `start` (not answered
 * yet); the answer is kept in a functional cookie for a year and can be changed in
 * /settings. Nothing analytical or for marketing may load without its consent: such code
 * goes through `whenConsented`, which runs it only once (and as soon as) it is allowed.
 * Floow's dashboard loads no such tags today; the rule is here for the first one.
 */
import {
  COOKIE_PREFERENCES_COOKIE,
  DEFAULT_COOKIE_PREFERENCES,
  INITIAL_COOKIE_STATE,
} from "./cookie-preferences";
import type { CookieCategory, CookiePreferences, CookieState } from "./cookie-preferences";
import { cookieStore, useCookieStore } from "../../lib/cookie-store";

export interface Consent extends CookiePreferences {
  /** `start` until the user answered, then `done`. */
  state: CookieState;
}

const initial: Consent = { state: INITIAL_COOKIE_STATE, ...DEFAULT_COOKIE_PREFERENCES };

export const consentStore = cookieStore<Consent>(COOKIE_PREFERENCES_COOKIE, (json) => {
  const value = json as Partial<Consent> | undefined;
  if (!value || value.state !== "done") return initial;
  return {
    state: "done",
    functional: true,
    analytics: value.analytics === true,
    marketing: value.marketing === true,
  };
});

export function useConsent(): Consent {
  return useCookieStore(consentStore);
}

/** Saves the user's answer (functional cookies cannot be turned off). */
export function saveConsent(choice: Pick<CookiePreferences, "analytics" | "marketing">): void {
  consentStore.set({
    state: "done",
    functional: true,
    analytics: choice.analytics,
    marketing: choice.marketing,
  });
}

/** Runs `load` once the category is allowed (at once when it already is). Returns a cancel. */
export function whenConsented(category: CookieCategory, load: () => void): () => void {
  if (consentStore.get()[category]) {
    load();
    return () => {};
  }
  const unsubscribe = consentStore.subscribe(() => {
    if (!consentStore.get()[category]) return;
    unsubscribe();
    load();
  });
  return unsubscribe;
}
