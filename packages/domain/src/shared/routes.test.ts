import { describe, expect, it } from "vitest";
import { DOMAIN_TABS, isFloowRoute } from "./routes";

describe("routes", () => {
  it("pins the domain page's tabs", () => {
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
