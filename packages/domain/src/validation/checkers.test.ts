import { describe, expect, it } from "vitest";
import { FILE_SIZE_LIMIT_BYTES } from "../shared/constants";
import type { FieldCheck } from "./checkers";
import { FIELD_MESSAGES, FIELD_RULES, isDutchPhone, isHttpUrl, isIsoDate } from "./checkers";

describe("FIELD_MESSAGES", () => {
  it("pins every generic checker message", () => {
    expect(FIELD_MESSAGES).toEqual({
      required: "This field is required",
      checked: "This field should be checked",
      number: "This field should be a number",
      fileSize: "Files should be smaller than 10MB",
      email: "E-mail should be valid",
      date: "Date should be valid",
      website: "Website should be valid",
      phone: "Phone number should be valid",
      zipcode: "Zipcode should be valid",
      hexcode: "Hexcode should be valid",
    });
  });
});

describe("FIELD_RULES", () => {
  const file = (size: number) => ({ size });
  const table: [FieldCheck, unknown, boolean][] = [
    ["required", "x", true],
    ["required", 0, true],
    ["required", false, true],
    ["required", "", false],
    ["required", "  ", false],
    ["required", [], false],
    ["required", null, false],
    ["required", undefined, false],
    ["checked", true, true],
    ["checked", false, false],
    ["checked", "true", false],
    ["number", "123", true],
    ["number", 42, true],
    ["number", "", true],
    ["number", "12.5", false],
    ["number", "-1", false],
    ["number", "1e3", false],
    ["fileSize", file(FILE_SIZE_LIMIT_BYTES - 1), true],
    ["fileSize", file(FILE_SIZE_LIMIT_BYTES), false],
    ["fileSize", [file(1), file(FILE_SIZE_LIMIT_BYTES + 1)], false],
    ["fileSize", [file(1), file(2)], true],
    ["fileSize", null, true],
    ["fileSize", "not a file", true],
    ["email", "jan@example.nl", true],
    ["email", "jan.de.vries+tag@sub.example.co.uk", true],
    ["email", "", true],
    ["email", "jan@example", false],
    ["email", "jan@@example.nl", false],
    ["email", "jan example@x.nl", false],
    ["email", "@example.nl", false],
    ["date", "2025-02-28", true],
    ["date", "2024-02-29", true],
    ["date", "2025-02-29", false],
    ["date", "2025-13-01", false],
    ["date", "01-02-2025", false],
    ["date", "2025-1-1", false],
    ["website", "example.com", true],
    ["website", "www.example.com", true],
    ["website", "https://www.example.com/path?q=1", true],
    ["website", "http://shop.example.co.uk:8080", true],
    ["website", "example", false],
    ["website", "ftp://example.com", false],
    ["website", "https://exa mple.com", false],
    ["phone", "0612345678", true],
    ["phone", "06-12345678", true],
    ["phone", "06 1234 5678", true],
    ["phone", "020-1234567", true],
    ["phone", "010 123 4567", true],
    ["phone", "+31612345678", true],
    ["phone", "+31 6 12345678", true],
    ["phone", "+31 (0)20 1234567", true],
    ["phone", "0031 6 12345678", true],
    ["phone", "061234567", false],
    ["phone", "06123456789", false],
    ["phone", "+32 612345678", false],
    ["phone", "0012345678", false],
    ["phone", "phone", false],
    ["zipcode", "1234AB", true],
    ["zipcode", "1234 ab", true],
    ["zipcode", "123AB", false],
    ["zipcode", "1234ABC", false],
    ["zipcode", "ABCD12", false],
    ["hexcode", "#1a2B3c", true],
    ["hexcode", "1a2b3c", false],
    ["hexcode", "#1a2b3", false],
    ["hexcode", "#gggggg", false],
  ];
  it.each(table)("%s(%j) valid: %s", (check, value, valid) => {
    expect(FIELD_RULES[check](value)).toBe(valid ? true : FIELD_MESSAGES[check]);
  });

  it("covers every checker", () => {
    expect(new Set(table.map((r) => r[0]))).toEqual(new Set(Object.keys(FIELD_MESSAGES)));
  });

  it("helpers", () => {
    expect(isHttpUrl("https://feed.example.com/products.xml")).toBe(true);
    expect(isHttpUrl("http://localhost/feed")).toBe(false);
    expect(isHttpUrl("mailto:jan@x.nl")).toBe(false);
    expect(isHttpUrl("not a url")).toBe(false);
    expect(isIsoDate(" 2025-01-31 ")).toBe(true);
    expect(isDutchPhone("(06) 12345678")).toBe(true);
  });
});
