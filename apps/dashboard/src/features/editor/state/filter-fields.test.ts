import { describe, expect, it } from "vitest";
import { filterFields } from "./filter-fields";

describe("filterFields", () => {
  it("suggests the mapped names first, then the feed's attributes alphabetically, each once", () => {
    expect(
      filterFields([
        { title: "Shoe", color: "red", Brand: "Acme" },
        { size: ["41"], color: "blue", "": "x" },
      ]),
    ).toEqual([
      "id",
      "title",
      "price",
      "description",
      "link",
      "image_link",
      "Brand",
      "color",
      "size",
    ]);
  });

  it("suggests the mapped names for a feed without products", () => {
    expect(filterFields([])).toEqual(["id", "title", "price", "description", "link", "image_link"]);
  });
});
