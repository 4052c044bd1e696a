import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize-rich-text";

describe("sanitizeRichText (a floow's published rich text)", () => {
  it("keeps the allowed formatting, links and images as written", () => {
    expect(
      sanitizeRichText(
        '<h2 title="t">Size</h2><p>A <em>b</em> <a href="mailto:a@b.example">mail</a></p><ul><li>x</li></ul>',
      ),
    ).toBe(
      '<h2 title="t">Size</h2><p>A <em>b</em> <a href="mailto:a@b.example" target="_blank" rel="noopener noreferrer nofollow">mail</a></p><ul><li>x</li></ul>',
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
    ).toBe('<a target="_blank" rel="noopener noreferrer nofollow">a</a><img />');
    expect(sanitizeRichText("<button>Buy</button><style>p{}</style><!-- c -->ok")).toBe("ok");
    expect(sanitizeRichText(undefined)).toBe("");
  });
});
