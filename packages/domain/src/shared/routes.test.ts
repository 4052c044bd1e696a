import { describe, expect, it } from "vitest";
import { DOMAIN_TABS, isFloowRoute, ROUTES } from "./routes";

describe("routes", () => {
  it("pins the paths", () => {
    expect(ROUTES.floows).toBe("/floows");
    expect(ROUTES.floow("a b")).toBe("/floow/a%20b");
    expect(ROUTES.analyticsFloow("x")).toBe("/analytics/floow/x");
    expect(ROUTES.domainGeneral).toBe("/domains/domain#general");
    expect(ROUTES.settingsOrganization).toBe("/settings#organization");
    expect(ROUTES.productsFeeds).toBe("/products#feeds");
    expect(DOMAIN_TABS).toEqual(["general", "floows", "implementation"]);
  });

  it.each([
    ["/floow/abc", true],
    ["/domain/abc", true],
    ["/domains/domain", false],
    ["/floows", false],
    ["/", false],
  ])("isFloowRoute(%s) = %s", (path, expected) => {
    expect(isFloowRoute(path)).toBe(expected);
  });
});
