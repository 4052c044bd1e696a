import { describe, expect, it } from "vitest";
import {
  colourScales,
  contrast,
  level,
  parseTokens,
  radii,
  resolve,
  shadows,
  toHex,
  toRgb,
  typeScale,
} from "./tokens";

describe("design tokens", () => {
  it("reads our colour scales from styles.css, aliases resolved to Tailwind's values", () => {
    const scales = colourScales();
    expect(scales.map((s) => s.scale)).toEqual(["moss", "grey", "primary"]);
    const moss600 = scales[0]!.tokens.find((t) => t.name === "--color-moss-600");
    expect(moss600?.value).toBe("#5b7737");
    const primary600 = scales[2]!.tokens.find((t) => t.name === "--color-primary-600");
    expect(primary600).toMatchObject({ value: "var(--color-moss-600)", resolved: "#5b7737" });
    const grey900 = scales[1]!.tokens.find((t) => t.name === "--color-grey-900");
    expect(grey900?.resolved).toMatch(/^oklch\(/);
  });

  it("reads the type scale, radii and shadows from the Tailwind theme", () => {
    expect(typeScale().find((t) => t.name === "sm")).toEqual({
      name: "sm",
      size: "0.875rem",
      lineHeight: "calc(1.25 / 0.875)",
    });
    expect(radii().find((r) => r.name === "--radius-lg")?.value).toBe("0.5rem");
    expect(shadows().some((s) => s.name === "--shadow-sm")).toBe(true);
  });

  it("converts oklch to sRGB and computes WCAG contrast", () => {
    // Tailwind's slate-900 is #0f172a (its oklch value rounds to within one step of it).
    const slate900 = toRgb("oklch(20.8% 0.042 265.755)")!;
    [0x0f, 0x17, 0x2a].forEach((channel, i) =>
      expect(Math.abs(slate900[i]! - channel)).toBeLessThanOrEqual(1),
    );
    expect(toHex([15, 23, 42])).toBe("#0f172a");
    expect(contrast([255, 255, 255], [0, 0, 0])).toBeCloseTo(21);
    expect(level(contrast(toRgb("#5b7737")!, [255, 255, 255]))).toBe("AA");
    expect(resolve("var(--a)", parseTokens("--a: var(--b); --b: #fff;"))).toBe("#fff");
  });
});
