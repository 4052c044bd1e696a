import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/issues";
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, SUPPORT_PROJECT } from "./constants";
import { supportTicketSchema } from "./schema";

describe("Support ticket", () => {
  it("pins the categories and the default project", () => {
    expect(SUPPORT_CATEGORIES).toEqual([
      "storing",
      "bug",
      "kwetsbaarheid",
      "hulp",
      "wijziging",
      "feature",
    ]);
    expect(Object.keys(SUPPORT_CATEGORY_LABELS)).toEqual([...SUPPORT_CATEGORIES]);
    expect(SUPPORT_PROJECT).toBe("floows");
  });

  it.each([
    [
      {},
      {
        email: "E-mail should be valid",
        subject: "Please provide a subject",
        comment: "Please provide a short description",
      },
    ],
    [
      { email: "jan@x.nl", subject: " ", comment: "" },
      { subject: "Please provide a subject", comment: "Please provide a short description" },
    ],
    [
      { email: "jan@x.nl", subject: "s", comment: "c", category: "other" },
      { category: "Please select a valid category" },
    ],
    [{ email: "jan@x.nl", subject: "s", comment: "c", category: "kwetsbaarheid" }, {}],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(supportTicketSchema, input)).toEqual(expected);
  });

  it("project defaults to floows; phone, name and url are optional", () => {
    expect(
      supportTicketSchema.parse({
        email: "jan@x.nl",
        subject: "Help",
        comment: "It broke",
        url: "https://app/x",
      }),
    ).toEqual({
      email: "jan@x.nl",
      project: "floows",
      subject: "Help",
      comment: "It broke",
      url: "https://app/x",
    });
  });
});
