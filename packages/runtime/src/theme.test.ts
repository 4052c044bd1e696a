import { describe, expect, it } from "vitest";
import { GAP_SIZES, LANGUAGES, PADDING_SIZES, RUNTIME_TEXTS as TEXTS } from "@floow/domain/logic";
import { loadingText, stepOf, textsFor } from "./i18n";
import {
  colorOf,
  fontFamily,
  gap,
  ink,
  loadFonts,
  luminance,
  onColor,
  padding,
  primaryColor,
  radius,
} from "./theme";
import { domain } from "./test/fixtures";

describe("brand", () => {
  it("resolves domain colours by id, only as 6 hex digits", () => {
    expect(colorOf(domain, "red")).toBe("#ff0000");
    expect(colorOf(domain, "missing")).toBeNull();
    expect(colorOf(domain, null)).toBeNull();
    expect(
      colorOf(
        {
          colors: [{ id: "x", name: "x", hex: "f00;background:url(x)", favorite: true }],
          fonts: [],
        },
        "x",
      ),
    ).toBeNull();
  });

  it("takes the first favourite that is not near white as the main colour", () => {
    expect(primaryColor(domain)).toBe("#333333");
    expect(
      primaryColor({ colors: [{ id: "w", name: "w", hex: "ffffff", favorite: true }], fonts: [] }),
    ).toBe("#ffffff");
    expect(primaryColor(undefined)).toBe("#333333");
  });

  it("picks readable text on a colour", () => {
    expect(onColor("#333333")).toBe("#ffffff");
    expect(onColor("#ffee00")).toBe("#111111");
    expect(onColor("#e11d48")).toBe("#ffffff");
  });

  it("keeps text in a light brand colour readable on white (WCAG AA 4.5:1)", () => {
    const contrast = (hex: string) => 1.05 / (luminance(hex) + 0.05);
    expect(ink("#333333")).toBe("#333333");
    for (const hex of ["#ffee00", "#7dd3fc", "#22c55e", "#ffffff", "#475467"])
      expect(contrast(ink(hex))).toBeGreaterThanOrEqual(4.5);
    expect(ink("#7dd3fc")).toBe("#111111");
  });

  it("uses the first font, cleaned, then the system font", () => {
    expect(fontFamily(domain)).toMatch(/^"Poppins",system-ui/);
    expect(fontFamily({ colors: [], fonts: [{ id: "f", name: 'A";}body{x', url: "" }] })).toMatch(
      /^"Abodyx",/,
    );
    expect(fontFamily(undefined)).toMatch(/^system-ui/);
  });

  it("loads font stylesheets into the document head once, http(s) only", () => {
    const doc = document.implementation.createHTMLDocument("fonts");
    const fonts = [...domain.fonts, { id: "bad", name: "Bad", url: "javascript:alert(1)" }];
    loadFonts({ colors: [], fonts }, doc);
    loadFonts({ colors: [], fonts }, doc);
    const links = [...doc.head.querySelectorAll("link")];
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["https://fonts.example/poppins.css"]);
  });

  it("maps the spec's size names to px", () => {
    expect([radius("none"), radius("md"), radius("full"), radius(undefined)]).toEqual([
      0, 12, 9999, 12,
    ]);
    expect([padding("xl"), gap("xs"), gap("nope")]).toEqual([24, 4, 12]);
  });

  it("has each padding and gap size on the radius scale, with its pixels (the script tag reads them there)", () => {
    for (const [size, px] of Object.entries({ ...PADDING_SIZES, ...GAP_SIZES }))
      expect([size, radius(size)]).toEqual([size, px]);
  });
});

describe("runtime texts", () => {
  it("exist in en, nl, fr and de with the same keys", () => {
    for (const language of LANGUAGES)
      expect(Object.keys(TEXTS[language])).toEqual(Object.keys(TEXTS.en));
    expect(textsFor("fr").close).toBe("Fermer");
    expect(textsFor("xx")).toBe(TEXTS.en);
    expect(stepOf(TEXTS.de, 2, 5)).toBe("Schritt 2 von 5");
  });

  it("label the skeleton before a floow is here in the given or the page's language", () => {
    expect(loadingText("de")).toBe(TEXTS.de.loading);
    document.documentElement.lang = "nl-BE";
    expect(loadingText()).toBe("Laden…");
    document.documentElement.lang = "";
    expect(loadingText()).toBe("Loading…");
  });
});
