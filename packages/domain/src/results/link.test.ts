import { describe, expect, it } from "vitest";
import { floowFinishSchema } from "../floow/schema";
import { productLink, productLinkUrl } from "./link";

describe("productLinkUrl", () => {
  it("leaves the URL as it is without utm", () => {
    expect(productLinkUrl("https://shop.example/p1?color=red", "Bike finder", false)).toBe(
      "https://shop.example/p1?color=red",
    );
  });

  it("adds source, medium and the floow's name as campaign, keeping the URL's parameters and fragment", () => {
    expect(productLinkUrl("https://shop.example/p1?color=red#specs", "Bike finder", true)).toBe(
      "https://shop.example/p1?color=red&utm_source=floow&utm_medium=guided-selling&utm_campaign=Bike+finder#specs",
    );
  });

  it("leaves the merchant's own utm parameters as written", () => {
    const url = new URL(
      productLinkUrl(
        "https://shop.example/p1?utm_source=newsletter&utm_campaign=Spring",
        "Bikes",
        true,
      ),
    );
    expect(url.searchParams.getAll("utm_source")).toEqual(["newsletter"]);
    expect(url.searchParams.getAll("utm_campaign")).toEqual(["Spring"]);
    expect(url.searchParams.get("utm_medium")).toBe("guided-selling");
  });

  it("returns a URL that does not parse as it is", () => {
    expect(productLinkUrl("/p1", "Bikes", true)).toBe("/p1");
  });
});

describe("productLink", () => {
  it("reads this tab, no UTM, for floows stored before the setting", () => {
    expect(productLink(undefined)).toEqual({ target: "self", utm: false });
    expect(productLink({} as never)).toEqual({ target: "self", utm: false });
    expect(floowFinishSchema.parse({}).results.link).toEqual({ target: "self", utm: false });
  });

  it("keeps a stored setting", () => {
    expect(productLink({ link: { target: "blank", utm: true } })).toEqual({
      target: "blank",
      utm: true,
    });
    expect(
      floowFinishSchema.parse({ results: { link: { target: "blank" } } }).results.link,
    ).toEqual({
      target: "blank",
      utm: false,
    });
  });
});
