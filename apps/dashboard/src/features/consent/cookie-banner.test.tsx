import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consentStore, whenConsented } from "./consent";
import { BANNER_TITLE, CookieBanner } from "./cookie-banner";

const clearCookies = () => {
  for (const part of document.cookie.split("; ")) {
    const name = part.split("=")[0];
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
};

afterEach(clearCookies);

describe("cookie consent", () => {
  it("asks on the first visit; nothing analytical runs before consent", async () => {
    const user = userEvent.setup();
    const analytics = vi.fn();
    whenConsented("analytics", analytics);
    render(<CookieBanner />);
    expect(consentStore.get()).toEqual({
      state: "start",
      functional: true,
      analytics: false,
      marketing: false,
    });
    expect(screen.getByRole("region", { name: BANNER_TITLE })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Preferences" }));
    expect(screen.getByRole("checkbox", { name: /Functional/ })).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("checkbox", { name: /Marketing/ }));
    await user.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(screen.queryByRole("region", { name: BANNER_TITLE })).toBeNull();
    expect(consentStore.get()).toEqual({
      state: "done",
      functional: true,
      analytics: false,
      marketing: true,
    });
    expect(analytics).not.toHaveBeenCalled();
    expect(document.cookie).toContain("floows-cookie-preferences=");
  });

  it("Accept all allows analytics, and what waited for it runs then", async () => {
    const user = userEvent.setup();
    const analytics = vi.fn();
    whenConsented("analytics", analytics);
    render(<CookieBanner />);
    await user.click(screen.getByRole("button", { name: "Accept all" }));
    expect(analytics).toHaveBeenCalledTimes(1);
    expect(consentStore.get().analytics).toBe(true);
  });
});
