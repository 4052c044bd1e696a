import { describe, expect, it } from "vitest";
import { richLinkTarget, siteHostOf } from "./rich-text";

describe("siteHostOf", () => {
  it("reads the merchant's site from a domain's host as saved", () => {
    expect(siteHostOf("www.Velo.example")).toBe("velo.example");
    expect(siteHostOf("https://velo.example")).toBe("velo.example");
    expect(siteHostOf("https://www.velo.example:8443/shop")).toBe("velo.example:8443");
    expect(siteHostOf("localhost:3401")).toBe("localhost:3401");
    expect(siteHostOf("shop.velo.example")).toBe("shop.velo.example");
    expect(siteHostOf("")).toBe("");
    expect(siteHostOf(undefined)).toBe("");
  });
});

describe("richLinkTarget (where a link in a floow's text opens)", () => {
  const site = "velo.example";

  it("opens the merchant's own site and relative links in the shopper's tab", () => {
    for (const href of [
      "https://velo.example/sizes",
      "http://www.velo.example/",
      "https://WWW.VELO.EXAMPLE/a?b=1#c",
      "https://shop.velo.example/bikes",
      "//velo.example/x",
      "/shipping",
      "sizes.html",
      "../faq",
      "?page=2",
      "#table",
    ])
      expect(richLinkTarget(href, site), href).toBe("top");
  });

  it("opens any other site in a new tab, also when it only looks like the merchant's", () => {
    for (const href of [
      "https://other.example/",
      "https://velo.example.evil.example/",
      "https://notvelo.example/",
      "//other.example/x",
      "\\\\other.example/x",
      "/\\other.example/x",
      "https://velo.example@other.example/",
    ])
      expect(richLinkTarget(href, site), href).toBe("blank");
  });

  it("gives mail and phone links, and no URL, no tab", () => {
    expect(richLinkTarget("mailto:help@velo.example", site)).toBeNull();
    expect(richLinkTarget("tel:+3120000000", site)).toBeNull();
    expect(richLinkTarget("", site)).toBeNull();
    expect(richLinkTarget(undefined, site)).toBeNull();
  });

  it("with a site on a port, that origin only (a staging or local site)", () => {
    for (const href of ["https://localhost:3401/cart", "/cart", "http://localhost:3401/"])
      expect(richLinkTarget(href, "localhost:3401"), href).toBe("top");
    for (const href of ["https://localhost:3402/", "https://localhost/", "https://other.example/"])
      expect(richLinkTarget(href, "localhost:3401"), href).toBe("blank");
    expect(richLinkTarget("https://staging.velo.example:8443/a", "velo.example:8443")).toBe("top");
  });

  it("without a site, only relative links stay in the tab", () => {
    expect(richLinkTarget("/shipping", "")).toBe("top");
    expect(richLinkTarget("https://velo.example/", "")).toBe("blank");
  });
});
