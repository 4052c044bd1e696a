import { describe, expect, it } from "vitest";
import { createChoice, createFloow, createStep } from "@floow/domain/floow";
import { siteHostOf } from "@floow/domain/shared";
import type { PublicFloow } from "@floow/domain/public";
import { sanitizeFloowTexts, sanitizeRichText } from "./sanitize-rich-text";

describe("sanitizeRichText (a floow's published rich text)", () => {
  it("keeps the allowed formatting, links and images as written", () => {
    expect(
      sanitizeRichText(
        '<h2 title="t">Size</h2><p>A <em>b</em> <a href="mailto:a@b.example">mail</a></p><ul><li>x</li></ul>',
      ),
    ).toBe(
      '<h2 title="t">Size</h2><p>A <em>b</em> <a href="mailto:a@b.example">mail</a></p><ul><li>x</li></ul>',
    );
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA" alt="dot" width="2">')).toBe(
      '<img src="data:image/png;base64,AAAA" alt="dot" width="2" />',
    );
  });

  it("drops scripts, handlers, styles, unsafe URLs and unknown elements (their text stays)", () => {
    expect(
      sanitizeRichText(
        '<div style="color:red" onclick="x()"><font>Hi</font><script>x()</script></div>',
      ),
    ).toBe("<div>Hi</div>");
    expect(
      sanitizeRichText('<a href=" java\tscript:x()">a</a><img src="data:text/html;base64,AAAA">'),
    ).toBe("<a>a</a><img />");
    expect(sanitizeRichText("<button>Buy</button><style>p{}</style><!-- c -->ok")).toBe("ok");
    expect(sanitizeRichText(undefined)).toBe("");
  });

  it("never keeps a javascript: link, whatever site it claims", () => {
    expect(
      sanitizeRichText(
        '<a href="javascript://velo.example/%0Aalert(1)" target="_top">x</a>',
        "velo.example",
      ),
    ).toBe("<a>x</a>");
  });
});

describe("links in a floow's texts open as written (issue 21)", () => {
  const site = siteHostOf("www.velo.example");

  it("opens the merchant's own site and relative links in the shopper's tab", () => {
    for (const href of [
      "https://www.velo.example/sizes",
      "https://velo.example/sizes",
      "http://shop.velo.example/bikes",
      "/shipping",
      "#table",
    ])
      expect(sanitizeRichText(`<a href="${href}">Sizes</a>`, site), href).toBe(
        `<a href="${href}" target="_top">Sizes</a>`,
      );
  });

  it("opens another site in a new tab without the opener or the referrer", () => {
    for (const href of [
      "https://other.example/guide",
      "//other.example/guide",
      "https://velo.example.other.example/",
    ])
      expect(sanitizeRichText(`<a href="${href}">Guide</a>`, site), href).toBe(
        `<a href="${href}" target="_blank" rel="noopener noreferrer">Guide</a>`,
      );
  });

  it("replaces what the author wrote as target or rel, and gives mail and phone links none", () => {
    expect(
      sanitizeRichText(
        '<a href="https://other.example/" target="_self" rel="opener">a</a><a href="/x" target="_blank" rel="noopener">b</a>',
        site,
      ),
    ).toBe(
      '<a href="https://other.example/" target="_blank" rel="noopener noreferrer">a</a><a href="/x" target="_top">b</a>',
    );
    expect(sanitizeRichText('<a href="tel:+31200000000" target="_blank">call</a>', site)).toBe(
      '<a href="tel:+31200000000">call</a>',
    );
  });

  it("decides per site: the same text is another site's link for another domain", () => {
    const text = '<a href="https://velo.example/">Velo</a>';
    expect(sanitizeRichText(text, "velo.example")).toContain('target="_top"');
    expect(sanitizeRichText(text, "other.example")).toContain('target="_blank"');
    expect(sanitizeRichText(text)).toContain('target="_blank"');
  });

  it("applies to the start, question, choice and finish texts of a published floow", () => {
    const floow = createFloow("selling", { name: "Bikes" });
    const link =
      '<p><a href="https://velo.example/a">own</a> <a href="https://other.example/b">other</a></p>';
    const texts = {
      ...floow,
      start: { ...floow.start, text: link },
      finish: { ...floow.finish, text: link },
      steps: [createStep({ text: link, choices: [createChoice({ text: link })] })],
    };
    const out = sanitizeFloowTexts(texts as unknown as PublicFloow, site);
    const expected =
      '<p><a href="https://velo.example/a" target="_top">own</a> <a href="https://other.example/b" target="_blank" rel="noopener noreferrer">other</a></p>';
    expect(out.start.text).toBe(expected);
    expect(out.finish.text).toBe(expected);
    expect(out.steps[0]?.text).toBe(expected);
    expect(out.steps[0]?.choices[0]?.text).toBe(expected);
  });
});
