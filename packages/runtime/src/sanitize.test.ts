import { describe, expect, it } from "vitest";
import { htmlToText, safeUrl, sanitizeHtml } from "./sanitize";

describe("sanitizeHtml", () => {
  it("keeps allow-listed formatting", () => {
    expect(
      sanitizeHtml("<p>Hello <strong>big</strong> <em>world</em></p><ul><li>a</li></ul>"),
    ).toBe("<p>Hello <strong>big</strong> <em>world</em></p><ul><li>a</li></ul>");
  });

  it("drops scripts, styles, frames and forms with their content", () => {
    expect(
      sanitizeHtml('<p>a<script>alert(1)</script><style>*{}</style><iframe src="x"></iframe>b</p>'),
    ).toBe("<p>ab</p>");
    expect(sanitizeHtml("<svg><script>alert(1)</script></svg>")).toBe("");
    expect(sanitizeHtml("<form><input></form><p>ok</p>")).toBe("<p>ok</p>");
  });

  it("unwraps unknown elements and removes event handlers and styles", () => {
    expect(
      sanitizeHtml(
        '<custom-el onclick="x()"><p style="color:red" onmouseover="y()">t</p></custom-el>',
      ),
    ).toBe("<p>t</p>");
  });

  it("keeps safe links only, opening in a new tab without opener", () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeHtml('<a href=" jav&#x09;ascript:alert(1)">x</a>')).not.toContain("href");
    expect(sanitizeHtml('<a href="https://a.example/x">x</a>')).toContain(
      'href="https://a.example/x"',
    );
    expect(sanitizeHtml('<img src="data:text/html,x" onerror="alert(1)">')).toBe("<img>");
    expect(sanitizeHtml('<img src="https://a.example/i.png" alt="i">')).toBe(
      '<img src="https://a.example/i.png" alt="i">',
    );
  });

  it("removes comments and handles non-strings", () => {
    expect(sanitizeHtml("a<!-- <script> -->b")).toBe("ab");
    expect(sanitizeHtml(null)).toBe("");
    expect(sanitizeHtml(42)).toBe("");
  });
});

describe("htmlToText", () => {
  it("gives the text with blocks separated", () => {
    expect(htmlToText("<p>What is your <b>budget</b>?</p><p>Second</p>")).toBe(
      "What is your budget? Second",
    );
    expect(htmlToText("plain  text")).toBe("plain text");
    expect(htmlToText("<script>x</script>a &amp; b")).toBe("a & b");
  });
});

describe("safeUrl", () => {
  it("accepts http(s), relative, mailto and tel; images also raster data URLs", () => {
    expect(safeUrl("https://a.example")).toBe("https://a.example");
    expect(safeUrl("/p/1")).toBe("/p/1");
    expect(safeUrl("mailto:a@b.nl")).toBe("mailto:a@b.nl");
    expect(safeUrl("mailto:a@b.nl", true)).toBeNull();
    expect(safeUrl("data:image/png;base64,AAA", true)).toBe("data:image/png;base64,AAA");
    expect(safeUrl("data:image/svg+xml;base64,AAA", true)).toBeNull();
    expect(safeUrl("JavaScript:alert(1)")).toBeNull();
    expect(safeUrl("java\nscript:alert(1)")).toBeNull();
    expect(safeUrl("")).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
  });
});

describe("sanitizeHtml: links the public API marked for the shopper's own tab", () => {
  const html =
    '<p><a href="https://www.velo.example/sizes" target="_top">Sizes</a> <a href="https://other.example/" target="_blank">Other</a></p>';

  it("keep _top on a live floow (the hosted page, mount), other links open in a new tab", () => {
    expect(sanitizeHtml(html, true)).toBe(
      '<p><a href="https://www.velo.example/sizes" target="_top" rel="noopener">Sizes</a> <a href="https://other.example/" target="_blank" rel="noopener noreferrer nofollow">Other</a></p>',
    );
  });

  it("open every link in a new tab in the editor's preview", () => {
    expect(sanitizeHtml(html)).not.toContain("_top");
    expect(sanitizeHtml(html).match(/target="_blank"/g)).toHaveLength(2);
  });
});
