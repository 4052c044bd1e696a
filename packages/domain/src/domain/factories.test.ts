import { describe, expect, it } from "vitest";
import { ID_PATTERN } from "../shared/ids";
import { DEFAULT_PALETTE, DOMAIN_TYPES, FONT_HELP_URL, PALETTE_FAMILIES } from "./constants";
import { createColor, createDomain, createFont, defaultPalette } from "./factories";
import { fontImportsCss, normalizeDomainHost, stripHash } from "./logic";

describe("createDomain", () => {
  it("starts with Dark Grey and White as favourites and the fonts Bai Jamjuree and Poppins", () => {
    const domain = createDomain({ name: "Shop", host: "www.shop.nl" });
    expect(domain.id).toMatch(ID_PATTERN);
    expect(domain.colors.map(({ name, hex, favorite }) => ({ name, hex, favorite }))).toEqual([
      { name: "Dark Grey", hex: "333333", favorite: true },
      { name: "White", hex: "FFFFFF", favorite: true },
    ]);
    expect(domain.fonts.map((f) => f.name)).toEqual(["Bai Jamjuree", "Poppins"]);
    for (const font of domain.fonts)
      expect(font.url).toMatch(/^https:\/\/fonts\.googleapis\.com\/css2\?family=/);
    expect(domain).toMatchObject({
      name: "Shop",
      host: "www.shop.nl",
      description: "",
      image: null,
      blobUrl: null,
      organizationId: "",
    });
    expect(new Set([...domain.colors, ...domain.fonts].map((x) => x.id)).size).toBe(4);
  });

  it("gives every domain its own id", () => {
    expect(createDomain().id).not.toBe(createDomain().id);
    expect(createDomain({ id: "given" }).id).toBe("given");
  });

  it("new colour and font entries", () => {
    const color = createColor();
    expect(color).toEqual({ id: color.id, name: "New Color", hex: "", favorite: false });
    const font = createFont();
    expect(font).toEqual({ id: font.id, name: "New Font", url: "" });
    expect(FONT_HELP_URL).toBe("https://fonts.google.com");
  });
});

describe("the default palette", () => {
  it("has 42 colours in 7 families of 6 shades, ids red1 … gray6", () => {
    expect(DEFAULT_PALETTE).toHaveLength(42);
    expect(PALETTE_FAMILIES).toEqual([
      "red",
      "orange",
      "yellow",
      "green",
      "blue",
      "purple",
      "gray",
    ]);
    expect(DEFAULT_PALETTE.map((c) => c.id)).toEqual(
      PALETTE_FAMILIES.flatMap((f) => [1, 2, 3, 4, 5, 6].map((n) => `${f}${n}`)),
    );
    expect(DEFAULT_PALETTE[0]).toEqual({
      id: "red1",
      name: "Red 1",
      hex: "FECACA",
      favorite: false,
    });
    expect(DEFAULT_PALETTE.at(-1)).toEqual({
      id: "gray6",
      name: "Gray 6",
      hex: "374151",
      favorite: false,
    });
    for (const c of DEFAULT_PALETTE) expect(c.hex).toMatch(/^[0-9A-F]{6}$/);
    expect(new Set(DEFAULT_PALETTE.map((c) => c.hex)).size).toBe(42);
  });

  it("defaultPalette returns a fresh copy", () => {
    const palette = defaultPalette();
    palette[0]!.name = "changed";
    expect(DEFAULT_PALETTE[0]!.name).toBe("Red 1");
  });

  it("domain types", () => {
    expect(DOMAIN_TYPES).toEqual(["selling", "data"]);
  });
});

describe("domain helpers", () => {
  it.each([
    ["example.com", "www.example.com"],
    ["www.example.com", "www.example.com"],
    ["WWW.example.com", "WWW.example.com"],
    ["https://example.com", "https://example.com"],
    ["", ""],
  ])("normalizeDomainHost(%s) = %s", (host, expected) => {
    expect(normalizeDomainHost(host)).toBe(expected);
  });

  it("stripHash", () => {
    expect(stripHash("#ff00ff")).toBe("ff00ff");
    expect(stripHash("##12")).toBe("12");
  });

  it("fontImportsCss imports every http(s) stylesheet", () => {
    expect(
      fontImportsCss([
        { url: "https://a.nl/x.css" },
        { url: "" },
        { url: "javascript:alert(1)" },
        { url: 'https://b.nl/"y' },
      ]),
    ).toBe('@import url("https://a.nl/x.css");\n@import url("https://b.nl/y");');
  });
});
