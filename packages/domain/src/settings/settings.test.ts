import { describe, expect, it } from "vitest";
import {
  COOKIE_CATEGORIES,
  COOKIE_STATES,
  DEFAULT_COOKIE_PREFERENCES,
  INITIAL_COOKIE_STATE,
} from "./constants";
import { createCookiePreferences, createNotification } from "./factories";
import { cookiePreferencesSchema, notificationSchema } from "./schema";

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
    expect(createCookiePreferences({ analytics: true })).toEqual({
      functional: true,
      analytics: true,
      marketing: false,
    });
    expect(cookiePreferencesSchema.parse({})).toEqual(DEFAULT_COOKIE_PREFERENCES);
  });
});

describe("notifications", () => {
  it("ids come from the time and keep increasing; toasts last 5000 ms", () => {
    const a = createNotification({ title: "Floow saved" }, 1000);
    const b = createNotification({ title: "Floow saved" }, 1000);
    expect(a).toEqual({ id: a.id, title: "Floow saved", timeout: 5000 });
    expect(a.id).toBeGreaterThanOrEqual(1000);
    expect(b.id).toBe(a.id + 1);
    expect(createNotification({ title: "User deleted", timeout: 2000 }).timeout).toBe(2000);
    expect(createNotification({ title: "now" }).id).toBeGreaterThan(1_600_000_000_000);
  });

  it("schema", () => {
    const callback = () => undefined;
    expect(notificationSchema.parse({ id: 1, title: "t", callback })).toEqual({
      id: 1,
      title: "t",
      timeout: 5000,
      callback,
    });
    expect(notificationSchema.safeParse({ id: 1, title: "t", callback: "no" }).success).toBe(false);
  });
});
