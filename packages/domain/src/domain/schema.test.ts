import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/issues";
import {
  addColorSchema,
  colorSchema,
  createDomainSchema,
  domainFontSchema,
  domainInputSchema,
  domainSchema,
  fontSchema,
} from "./schema";

describe("Add Color", () => {
  it.each([
    [{}, { name: "Please enter a color name.", hex: "Please enter a color hex code." }],
    [
      { name: "", hex: "" },
      { name: "Please enter a color name.", hex: "Please enter a color hex code." },
    ],
    [
      { name: "  ", hex: "#" },
      { name: "Please enter a color name.", hex: "Please enter a color hex code." },
    ],
    [{ name: "Brand", hex: "1234567" }, { hex: "Hex code can be a maximum of 6 characters." }],
    [{ name: "Brand", hex: "#1234567" }, { hex: "Hex code can be a maximum of 6 characters." }],
    [{ name: "Brand", hex: "#123456" }, {}],
    [{ name: "Brand", hex: "zz0000" }, { hex: "Hexcode should be valid" }],
    [{ name: "Brand", hex: "GGGGGGG" }, { hex: "Hex code can be a maximum of 6 characters." }],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(addColorSchema, input)).toEqual(expected);
  });

  it("strips a typed #", () => {
    expect(addColorSchema.parse({ name: " Brand ", hex: "#FF0000" })).toEqual({
      name: "Brand",
      hex: "FF0000",
    });
  });
});

describe("Create Domain", () => {
  const invalid =
    "Please enter a valid domain host in the format https://www.example.com, www.example.com or example.com";
  it.each([
    [{}, { name: "Please enter a domain name.", host: "Please enter a domain host." }],
    [
      { name: "", host: " " },
      { name: "Please enter a domain name.", host: "Please enter a domain host." },
    ],
    [{ name: "Shop", host: "example" }, { host: invalid }],
    [{ name: "Shop", host: "http://example.com" }, { host: invalid }],
    [{ name: "Shop", host: "https://example.c" }, { host: invalid }],
    [{ name: "Shop", host: "example.com/path" }, { host: invalid }],
    [{ name: "Shop", host: "exa mple.com" }, { host: invalid }],
    [{ name: "Shop", host: "example.com" }, {}],
    // A port (beyond the spec: staging and local sites), and junk with one refused.
    [{ name: "Shop", host: "localhost:3401" }, {}],
    [{ name: "Shop", host: "staging.shop.nl:8443" }, {}],
    [{ name: "Shop", host: "https://www.shop.nl:8443" }, {}],
    [{ name: "Shop", host: "localhost" }, { host: invalid }],
    [{ name: "Shop", host: "shop.nl:" }, { host: invalid }],
    [{ name: "Shop", host: "shop.nl:0" }, { host: invalid }],
    [{ name: "Shop", host: "shop.nl:65536" }, { host: invalid }],
    [{ name: "Shop", host: "shop.nl:08443" }, { host: invalid }],
    [{ name: "Shop", host: "shop.nl:abc" }, { host: invalid }],
    [{ name: "Shop", host: "shop:8443" }, { host: invalid }],
    [{ name: "Shop", host: "http://localhost:3401" }, { host: invalid }],
    [{ name: "Shop", host: "localhost:3401/shop" }, { host: invalid }],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(createDomainSchema, input)).toEqual(expected);
  });

  it.each([
    ["example.com", "www.example.com"],
    ["shop.example.co.uk", "www.shop.example.co.uk"],
    ["www.example.com", "www.example.com"],
    ["https://example.com", "https://example.com"],
    ["https://www.example.com", "https://www.example.com"],
    [" example.nl ", "www.example.nl"],
    ["localhost:3401", "localhost:3401"],
    ["staging.shop.nl:8443", "staging.shop.nl:8443"],
    ["shop.nl:65535", "shop.nl:65535"],
  ])("host %s is submitted as %s", (host, expected) => {
    expect(createDomainSchema.parse({ name: "Shop", host }).host).toBe(expected);
  });
});

describe("Font", () => {
  it.each([
    [{}, { name: "Please enter a font name.", url: "Please enter a font URL." }],
    [{ name: "Inter", url: "" }, { url: "Please enter a font URL." }],
    [{ name: "Inter", url: "fonts" }, { url: "Please enter a valid font URL." }],
    [
      { name: "Inter", url: "ftp://fonts.example.com/inter.css" },
      { url: "Please enter a valid font URL." },
    ],
    [{ name: "Inter", url: "https://fonts.googleapis.com/css2?family=Inter" }, {}],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(fontSchema, input)).toEqual(expected);
  });
});

describe("domain entity", () => {
  it("fills defaults and strips a # from colours", () => {
    const parsed = domainSchema.parse({
      id: "d1",
      name: "Shop",
      host: "www.shop.nl",
      colors: [{ id: "c1", name: "Brand", hex: "#abcdef" }],
    });
    expect(parsed).toEqual({
      id: "d1",
      organizationId: "",
      name: "Shop",
      description: "",
      image: null,
      host: "www.shop.nl",
      blobUrl: null,
      colors: [{ id: "c1", name: "Brand", hex: "abcdef", favorite: false }],
      fonts: [],
    });
    expect(colorSchema.safeParse({ id: "c", hex: "zzz" }).success).toBe(false);
    expect(colorSchema.safeParse({ id: "c", hex: "" }).success).toBe(true);
  });

  it("a saved font is checked like Add Font; a saved colour's hex like Add Color", () => {
    const font = { id: "f", name: "Inter", url: "https://fonts.example/inter.css" };
    expect(domainFontSchema.safeParse(font).success).toBe(true);
    expect(
      domainFontSchema.safeParse({ ...font, url: "fonts.example" }).error?.issues[0],
    ).toMatchObject({
      path: ["url"],
      message: "Please enter a valid font URL.",
    });
    expect(colorSchema.safeParse({ id: "c", hex: "1234567" }).error?.issues[0]?.message).toBe(
      "Hex code can be a maximum of 6 characters.",
    );
  });

  it("the input schema carries no organization", () => {
    expect("organizationId" in domainInputSchema.shape).toBe(false);
    expect(
      domainInputSchema.parse({ id: "d", name: "n", host: "h", organizationId: "evil" }),
    ).not.toHaveProperty("organizationId");
  });
});
