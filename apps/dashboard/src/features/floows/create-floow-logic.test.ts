import { floowCreateSchema } from "@floow/domain/floow";
import { describe, expect, it } from "vitest";
import {
  buildCreateInput,
  buildFeedInput,
  initialDetails,
  preselectedDomainId,
} from "./create-floow-logic";

describe("Create Floow wizard logic", () => {
  it("uses the selected domain only while it exists", () => {
    const domains = [{ id: "d1" }, { id: "d2" }];
    expect(preselectedDomainId("d2", domains)).toBe("d2");
    expect(preselectedDomainId("gone", domains)).toBeNull();
    expect(preselectedDomainId(null, domains)).toBeNull();
  });

  it("starts as a Guided Selling floow without name or language", () => {
    expect(initialDetails("d1")).toEqual({
      domainId: "d1",
      type: "selling",
      name: "",
      language: undefined,
    });
    expect(initialDetails(null).domainId).toBe("");
  });

  it("sends a selling floow with its feed and language", () => {
    const input = buildCreateInput(
      { domainId: "d1", type: "selling", name: "Bike finder", language: "nl" },
      "feed-1",
    );
    expect(input).toEqual({
      domainId: "d1",
      type: "selling",
      name: "Bike finder",
      language: "nl",
      feedId: "feed-1",
    });
    expect(floowCreateSchema.parse(input)).toEqual(input);
  });

  it("sends a data floow without feed, and no language when none was chosen", () => {
    const input = buildCreateInput({ domainId: "d1", type: "data", name: "Survey" }, "feed-1");
    expect(input).toEqual({ domainId: "d1", type: "data", name: "Survey", feedId: null });
    expect(floowCreateSchema.safeParse(input).success).toBe(true);
  });

  it("builds a channable or shopify feed in the floow's domain", () => {
    const feed = buildFeedInput(
      { name: "Catalogue", type: "shopify", url: "https://shop.example.com/feed.xml" },
      "d1",
    );
    expect(feed).toMatchObject({
      name: "Catalogue",
      type: "shopify",
      url: "https://shop.example.com/feed.xml",
      domainId: "d1",
      products: [],
    });
    expect(feed).not.toHaveProperty("organizationId");
  });
});
