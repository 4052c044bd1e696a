import { describe, expect, it } from "vitest";
import { supportMailtoHref } from "./support-logic";

describe("supportMailtoHref", () => {
  it("prefills the subject and the description with the page address", () => {
    expect(
      supportMailtoHref("support@floow.example", {
        subject: " Feed & prices ",
        comment: "The prices show twice.",
        url: "https://app.floow.example/products",
      }),
    ).toBe(
      "mailto:support@floow.example?subject=Feed%20%26%20prices&body=The%20prices%20show%20twice.%0A%0APage%3A%20https%3A%2F%2Fapp.floow.example%2Fproducts",
    );
  });

  it("is a bare address when nothing was typed", () => {
    expect(supportMailtoHref("support@floow.example", {})).toBe("mailto:support@floow.example");
  });
});
