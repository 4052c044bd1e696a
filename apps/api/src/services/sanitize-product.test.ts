import { describe, expect, it } from "vitest";
import { safeHttpUrl, sanitizeDescription, sanitizeProduct } from "./sanitize-product";

describe("sanitizeDescription", () => {
  it.each([
    ["<p>Soft <b>wool</b><br>and <em>warm</em></p>", "<p>Soft <b>wool</b><br />and <em>warm</em></p>"],
    ['<p onclick="steal()">Hi<script>alert(1)</script></p>', "<p>Hi</p>"],
    ['<img src=x onerror="alert(1)">Text', "Text"],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="https://shop.example/a" style="color:red">more</a>', '<a href="https://shop.example/a" target="_blank" rel="noopener noreferrer nofollow">more</a>'],
    ['<iframe src="https://evil.example"></iframe><style>body{}</style>ok', "ok"],
    ["", ""],
  ])("%s", (input, expected) => {
    expect(sanitizeDescription(input)).toBe(expected);
  });

  it("turns non-strings into text", () => {
    expect(sanitizeDescription(null)).toBe("");
    expect(sanitizeDescription(42)).toBe("42");
  });
});

describe("safeHttpUrl", () => {
  it.each([
    ["https://shop.example/p/1", "https://shop.example/p/1"],
    [" http://shop.example ", "http://shop.example"],
    ["javascript:alert(1)", ""],
    ["data:image/png;base64,AAAA", ""],
    ["/relative", ""],
    [42, ""],
  ])("%s", (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });
});

describe("sanitizeProduct", () => {
  it("cleans the name, description, url and image and keeps other attributes", () => {
    const product = {
      id: "p1",
      title: "<b>Red</b> &amp; <script>x</script>warm",
      description: '<p>Nice<script>alert(1)</script></p>',
      link: "javascript:alert(1)",
      image_link: "https://cdn.example/p1.jpg",
      color: "red",
      price: 12.5,
    };
    expect(sanitizeProduct(product)).toEqual({
      id: "p1",
      title: "Red & warm",
      description: "<p>Nice</p>",
      link: "",
      image_link: "https://cdn.example/p1.jpg",
      color: "red",
      price: 12.5,
    });
    expect(product.title).toContain("<b>");
  });
});
