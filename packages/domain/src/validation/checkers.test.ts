import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES, isHttpUrl } from "./checkers";

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

describe("checkers", () => {
  it("helpers", () => {
    expect(isHttpUrl("https://feed.example.com/products.xml")).toBe(true);
    expect(isHttpUrl("http://localhost/feed")).toBe(false);
    expect(isHttpUrl("mailto:jan@x.nl")).toBe(false);
    expect(isHttpUrl("not a url")).toBe(false);
  });
});
