import { describe, expect, it } from "vitest";
import { previewResultsSchema } from "./schema";

describe("previewResultsSchema", () => {
  it("takes a floow id and choices; the editor's filters, groups and steps are optional", () => {
    expect(previewResultsSchema.parse({ id: "f1" })).toEqual({ id: "f1", choiceIds: [] });
    const parsed = previewResultsSchema.parse({
      id: "f1",
      choiceIds: ["c1"],
      filterGroups: [{ id: "g1", choiceId: "c1" }],
      filters: [
        { id: "x1", filterGroupId: "g1", field: "price", operator: "lessThan", value: 100 },
      ],
      steps: [{ id: "s1", text: "dropped", choices: [{ id: "c1", text: "<p>City</p>" }] }],
    });
    expect(parsed).toEqual({
      id: "f1",
      choiceIds: ["c1"],
      filterGroups: [{ id: "g1", choiceId: "c1", parentId: null, operator: "and" }],
      filters: [
        { id: "x1", filterGroupId: "g1", field: "price", operator: "lessThan", value: "100" },
      ],
      // A choice's text is kept: partial results name the answers each product meets.
      steps: [{ id: "s1", choices: [{ id: "c1", text: "<p>City</p>" }] }],
    });
  });

  it("refuses an unknown condition, a missing id and too many choices", () => {
    const filter = { id: "x", filterGroupId: "g", operator: "near" };
    expect(previewResultsSchema.safeParse({ id: "f", filters: [filter] }).success).toBe(false);
    expect(previewResultsSchema.safeParse({ id: "" }).success).toBe(false);
    const choiceIds = Array.from({ length: 501 }, (_, i) => String(i));
    expect(previewResultsSchema.safeParse({ id: "f", choiceIds }).success).toBe(false);
  });
});
