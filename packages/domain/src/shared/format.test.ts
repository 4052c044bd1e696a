import { describe, expect, it } from "vitest";
import {
  detectOs,
  formatDateNl,
  formatEuro,
  parseLooseNumber,
  progressPercent,
  trimText,
} from "./format";

describe("formatEuro", () => {
  it.each([
    [12.5, "€ 12,50"],
    [0, "€ 0,00"],
    [1234.56, "€ 1.234,56"],
    [-3, "€ -3,00"],
    ["12,99 EUR", "€ 12,99"],
    ["12.99", "€ 12,99"],
    ["abc", ""],
    [null, ""],
    [undefined, ""],
    [Number.NaN, ""],
  ])("%s -> %s", (value, expected) => {
    expect(formatEuro(value as number | string | null | undefined)).toBe(expected);
  });
});

describe("formatDateNl", () => {
  it.each([
    [new Date(2025, 1, 1), "1-2-2025"],
    [new Date(2024, 11, 31, 12), "31-12-2024"],
    ["2025-03-04T10:00:00", "4-3-2025"],
    ["not a date", ""],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%s -> %s", (value, expected) => {
    expect(formatDateNl(value as Date | string | null | undefined)).toBe(expected);
  });

  it("accepts a timestamp", () => {
    expect(formatDateNl(new Date(2025, 0, 15).getTime())).toBe("15-1-2025");
  });
});

describe("progressPercent", () => {
  it.each([
    [0, 4, 0],
    [1, 4, 25],
    [2, 4, 50],
    [4, 4, 100],
    [5, 4, 100],
    [-1, 4, 0],
    [1, 0, 0],
    [1, -2, 0],
    [Number.NaN, 4, 0],
    [1, Number.POSITIVE_INFINITY, 0],
  ])("progressPercent(%s, %s) = %s", (current, total, expected) => {
    expect(progressPercent(current, total)).toBe(expected);
  });
});

describe("detectOs", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36", "windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15", "mac"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", "mac"],
    ["Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/120.0", "linux"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8)", "linux"],
    ["Mozilla/5.0 (X11; FreeBSD amd64)", "unix"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0)", "unix"],
    ["curl/8.0", "unknown"],
    ["", "unknown"],
    [null, "unknown"],
    [undefined, "unknown"],
  ])("%s -> %s", (ua, expected) => {
    expect(detectOs(ua)).toBe(expected);
  });
});

describe("parseLooseNumber", () => {
  it.each([
    [12, 12],
    [12.99, 12.99],
    ["12", 12],
    ["12,99 EUR", 12.99],
    ["12.99 EUR", 12.99],
    ["EUR 12,99", 12.99],
    ["€ 12,99", 12.99],
    ["€12.99", 12.99],
    ["$ 5", 5],
    ["12,-", 12],
    ["1.234,56", 1234.56],
    ["1,234.56", 1234.56],
    ["1.234.567", 1234567],
    ["1,234,567", 1234567],
    ["1 234,56", 1234.56],
    ["1.234", 1.234],
    ["1,5", 1.5],
    ["-12,50", -12.5],
    ["− 3", -3],
    ["+4", 4],
    ["15 kg", 15],
    ["50%", 50],
    [" 7 ", 7],
    ["21.95 EUR", 21.95],
    ["007", 7],
    ["12 E", 12],
    ["\u00a012.50 usd\t", 12.5],
  ])("%s -> %s", (value, expected) => {
    expect(parseLooseNumber(value)).toBeCloseTo(expected, 10);
  });

  it.each([
    ["iPhone 15"],
    ["abc"],
    [""],
    ["12 34 56 78 90 11"],
    ["1.2.3"],
    ["1,23,4"],
    ["1.234,5,6"],
    ["12,34.56.78"],
    ["1234.567,8"],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [undefined],
    [true],
    [{}],
  ])("%s is not a number", (value) => {
    expect(parseLooseNumber(value)).toBeUndefined();
  });
});

describe("trimText", () => {
  it.each([["a"], [" a "], ["\u00a0a\u3000"], ["\ufeffa"], ["caf\u00e9"], [""], ["  "], ["a\n"]])(
    "%j is trimmed as String.prototype.trim does",
    (text) => {
      expect(trimText(text)).toBe(text.trim());
    },
  );
});
