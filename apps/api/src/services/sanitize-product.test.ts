import { readCard } from "@floow/domain/results";
import { describe, expect, it } from "vitest";
import { productCard, safeHttpUrl, sanitizeDescription, sanitizeProduct } from "./sanitize-product";

describe("sanitizeDescription", () => {
  it.each([
    [
      "<p>Soft <b>wool</b><br>and <em>warm</em></p>",
      "<p>Soft <b>wool</b><br />and <em>warm</em></p>",
    ],
    ['<p onclick="steal()">Hi<script>alert(1)</script></p>', "<p>Hi</p>"],
    ['<img src=x onerror="alert(1)">Text', "Text"],
    [
      '<a href="javascript:alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="https://shop.example/a" style="color:red">more</a>',
      '<a href="https://shop.example/a" target="_blank" rel="noopener noreferrer nofollow">more</a>',
    ],
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
      description: "<p>Nice<script>alert(1)</script></p>",
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

describe("the plain-text name of a product (a feed's title)", () => {
  // Feeds arrive HTML-escaped more often than not; decoding must never produce markup.
  it.each([
    ["&lt;script&gt;alert(1)&lt;/script&gt;Red shoe", "Red shoe"],
    ["&lt;img src=x onerror=alert(1)&gt;Blue", "Blue"],
    // Tags that reassemble once an inner one is removed leave harmless text, never a tag.
    ["<<b>script>alert(1)<</b>/script>Green", "< script>alert(1)< /script>Green"],
    ["&lt;scr&lt;b&gt;ipt&gt;alert(1)&lt;/script&gt;", "ipt>alert(1)"],
    ["Boots &lt;svg onload=alert(1)", "Boots"],
    ["&lt;!-- x --&gt;Plain", "Plain"],
    ["&amp;lt;script&amp;gt; is shown as typed", "&lt;script&gt; is shown as typed"],
    ["Ages 3 &lt; 5 &amp; size &gt; 40", "Ages 3 < 5 & size > 40"],
  ])("%s", (title, expected) => {
    const { title: name } = sanitizeProduct({ id: "p", title });
    expect(name).toBe(expected);
    expect(name).not.toMatch(/<[a-z!/?]/i);
  });
});

describe("productCard", () => {
  it("reads the card with the results settings and makes what they name safe too", () => {
    // Attributes sanitizeProduct does not clean: an image attribute, a link and a
    // description in the record's attributes map.
    const record = sanitizeProduct({
      id: "P-1",
      title: "<b>Velo</b> Aero",
      price: "1499.00 EUR",
      picture: "javascript:alert(1)",
      url: "data:text/html,<script>alert(1)</script>",
      brand: "Velo",
      attributes: { description: '<p onclick="steal()">Fast<script>alert(1)</script></p>' },
    });
    const card = productCard(record, {
      labelAttribute: "title",
      imageAttribute: "picture",
      attributes: ["brand"],
    });
    expect(readCard(record, card)).toEqual({
      id: "P-1",
      name: "Velo Aero",
      price: 1499,
      url: "",
      image: "",
      priceText: "€ 1.499,00",
      description: "<p>Fast</p>",
      attributes: [{ name: "brand", value: "Velo" }],
    });
  });

  it("sends only the price for a record whose own fields the card shows", () => {
    const record = sanitizeProduct({
      id: "2",
      title: "Hat",
      price: 25,
      link: "https://shop.example/hat",
      image_link: "https://shop.example/hat.png",
      description: "<p>Soft <b>wool</b></p>",
    });
    expect(productCard(record, {})).toEqual({ price: 25 });
  });
});
