import { describe, expect, it } from "vitest";
import {
  initials,
  isFloowRoute,
  isNavExpanded,
  isNavItemActive,
  roleLabel,
  shouldShowSideNav,
} from "./nav-logic";

const at = (pathname: string, hash = "") => ({ pathname, hash });

describe("floow routes", () => {
  it.each([
    ["/floow/abc", true],
    ["/domain/abc", true],
    ["/floows", false],
    ["/domains", false],
    ["/domains/domain", false],
    ["/floow", false],
    ["/", false],
  ])("%s is a floow route: %s", (path, expected) => {
    expect(isFloowRoute(path)).toBe(expected);
  });

  it("hides the side navigation on floow routes and when nobody is signed in", () => {
    const user = { user_id: "u1" };
    expect(shouldShowSideNav("/", user)).toBe(true);
    expect(shouldShowSideNav("/settings", user)).toBe(true);
    expect(shouldShowSideNav("/floow/f1", user)).toBe(false);
    expect(shouldShowSideNav("/domain/d1", user)).toBe(false);
    expect(shouldShowSideNav("/", null)).toBe(false);
    expect(shouldShowSideNav("/", { user_id: "" })).toBe(false);
  });
});

describe("expanded state", () => {
  it("is expanded on home and collapsed elsewhere unless hovered", () => {
    expect(isNavExpanded("/", false)).toBe(true);
    expect(isNavExpanded("/floows", false)).toBe(false);
    expect(isNavExpanded("/floows", true)).toBe(true);
  });
});

describe("active link", () => {
  it("matches Home only on the full path /", () => {
    const home = { to: "/", exact: true };
    expect(isNavItemActive(home, at("/"))).toBe(true);
    expect(isNavItemActive(home, at("/floows"))).toBe(false);
  });

  it("matches by path prefix on whole segments", () => {
    const domains = { to: "/domains" };
    expect(isNavItemActive(domains, at("/domains"))).toBe(true);
    expect(isNavItemActive(domains, at("/domains/domain", "#general"))).toBe(true);
    expect(isNavItemActive(domains, at("/domainsx"))).toBe(false);
    expect(isNavItemActive({ to: "/analytics" }, at("/analytics/floow/f1"))).toBe(true);
    expect(isNavItemActive({ to: "/floows" }, at("/floows/"))).toBe(true);
  });

  it("tells Personal from Organization by the hash", () => {
    const personal = { to: "/settings", exact: true };
    const organization = { to: "/settings", hash: "organization" };
    expect(isNavItemActive(personal, at("/settings"))).toBe(true);
    expect(isNavItemActive(organization, at("/settings"))).toBe(false);
    expect(isNavItemActive(personal, at("/settings", "organization"))).toBe(false);
    expect(isNavItemActive(organization, at("/settings", "#organization"))).toBe(true);
  });
});

describe("profile block", () => {
  it.each([
    ["Jane Doe", "JD"],
    ["jane van doe", "JD"],
    ["  Jane   Maria Doe ", "JD"],
    ["Cher", "C"],
    ["", ""],
    [null, ""],
  ])("initials of %j are %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("labels Admin when the user holds admin, otherwise Member", () => {
    expect(roleLabel(["admin"])).toBe("Admin");
    expect(roleLabel(["member", "admin"])).toBe("Admin");
    expect(roleLabel(["member"])).toBe("Member");
    expect(roleLabel([])).toBe("Member");
    expect(roleLabel(undefined)).toBe("Member");
  });
});
