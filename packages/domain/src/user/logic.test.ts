import { describe, expect, it } from "vitest";
import { hasRole, initials, roleLabel } from "./logic";

describe("initials", () => {
  it.each([
    ["Jan de Vries", "JV"],
    ["jan van der berg", "JB"],
    ["Madonna", "M"],
    ["  anna   bakker  ", "AB"],
    ["émile zola", "ÉZ"],
    ["", ""],
    ["   ", ""],
    [null, ""],
    [undefined, ""],
  ])("%s -> %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("roleLabel", () => {
  it.each([
    [["admin"], "Admin"],
    [["member", "admin"], "Admin"],
    [["member"], "Member"],
    [[], "Member"],
    [null, "Member"],
    [undefined, "Member"],
  ])("%j -> %s", (roles, expected) => {
    expect(roleLabel(roles)).toBe(expected);
  });

  it("hasRole checks a role name", () => {
    expect(hasRole(["admin"], "admin")).toBe(true);
    expect(hasRole(["member"], "admin")).toBe(false);
    expect(hasRole(undefined, "member")).toBe(false);
  });
});
