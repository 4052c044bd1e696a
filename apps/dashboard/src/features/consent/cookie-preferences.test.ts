import { describe, expect, it } from "vitest";
import {
  COOKIE_CATEGORIES,
  COOKIE_PREFERENCES_COOKIE,
  COOKIE_STATES,
  DEFAULT_COOKIE_PREFERENCES,
  INITIAL_COOKIE_STATE,
} from "./cookie-preferences";

describe("cookies", () => {
  it("functional on, analytics and marketing off; the state starts as start", () => {
    expect(DEFAULT_COOKIE_PREFERENCES).toEqual({
      functional: true,
      analytics: false,
      marketing: false,
    });
    expect(COOKIE_CATEGORIES).toEqual(["functional", "analytics", "marketing"]);
    expect(INITIAL_COOKIE_STATE).toBe("start");
    expect(COOKIE_STATES[0]).toBe("start");
    expect(COOKIE_PREFERENCES_COOKIE).toBe("floows-cookie-preferences");
  });
});
