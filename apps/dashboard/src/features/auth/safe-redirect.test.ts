import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/floows", "/floows"],
    ["/settings#organization", "/settings#organization"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["/logout", "/"],
    ["/login?redirect=/x", "/"],
    [undefined, "/"],
    [42, "/"],
  ])("%j → %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
