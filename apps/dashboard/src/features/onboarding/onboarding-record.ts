/**
 * The onboarding record (spec: kept in a cookie): id, disabled, newUser and one flag per
 * stage. The cookie keeps only the flags that are set (a missing flag is an open stage), so
 * it stays small. It belongs to this browser, like the original's.
 */
import {
  ONBOARDING_COOKIE,
  ONBOARDING_STAGES,
  createOnboardingRecord,
  onboardingRecordSchema,
} from "./onboarding-stages";
import type { OnboardingRecord } from "./onboarding-stages";
import { cookieStore, readCookie, useCookieStore } from "../../lib/cookie-store";

export const onboardingStore = cookieStore<OnboardingRecord>(
  ONBOARDING_COOKIE,
  (json) => {
    const parsed = onboardingRecordSchema.safeParse(json);
    return parsed.success ? parsed.data : createOnboardingRecord();
  },
  (record) => {
    const compact: Record<string, unknown> = {
      id: record.id,
      disabled: record.disabled,
      newUser: record.newUser,
    };
    for (const stage of ONBOARDING_STAGES) if (record[stage]) compact[stage] = true;
    return compact;
  },
);

export function useOnboardingRecord(): OnboardingRecord {
  return useCookieStore(onboardingStore);
}

/** Turns the guide off (the popup's close button) or on again (from /settings). */
export function setOnboardingDisabled(disabled: boolean): void {
  onboardingStore.update((record) => ({ ...record, disabled }));
}

const SESSION_KEY = "floows-onboarding-session";

/**
 * Called once per page load of the signed-in app: writes a new record for a first visit,
 * and makes a user who comes back in a later browser session no longer new ("Welcome"
 * becomes "Welcome back"). The session is the tab's sessionStorage.
 */
export function startOnboardingSession(): void {
  let seen = true;
  try {
    seen = sessionStorage.getItem(SESSION_KEY) !== null;
    sessionStorage.setItem(SESSION_KEY, "1");
  } catch {
    // No storage: the record still works; the user just stays "new" a little longer.
  }
  if (readCookie(ONBOARDING_COOKIE) === undefined) {
    onboardingStore.set(createOnboardingRecord());
    return;
  }
  const record = onboardingStore.get();
  if (!seen && record.newUser) onboardingStore.set({ ...record, newUser: false });
}
