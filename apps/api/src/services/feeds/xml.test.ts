import { describe, expect, it } from "vitest";
import { DECODE_SLICE } from "./decode";
import { FeedError } from "./errors";
import { merchantRssText } from "./fixtures";
import { openFeed, parseFeed } from "./parse-feed";
import { escapeBareAmpersands } from "./xml-text";
import { bytes, collect, endless, failure } from "../../../test/feed-streams";

const G = 'xmlns:g="http://base.google.com/ns/1.0"';

describe("Google Merchant RSS 2.0", () => {
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" ${G}>
  <channel>
    <title>Example shop</title>
    <link>https://shop.example.com</link>
    <description>Everything we sell</description>
    <item>
      <g:id>SKU-1</g:id>
      <g:title><![CDATA[Rock & Roll <b>shirt</b>]]></g:title>
      <g:description>Soft &amp; warm &lt;p&gt; caf&#233; &#x2014; 100&nbsp;% cotton &unknown;</g:description>
      <g:link>https://shop.example.com/p/1?a=1&amp;b=2</g:link>
      <g:image_link>https://cdn.example.com/1.jpg</g:image_link>
      <g:additional_image_link>https://cdn.example.com/1b.jpg</g:additional_image_link>
      <g:additional_image_link>https://cdn.example.com/1c.jpg</g:additional_image_link>
      <g:price>19.99 EUR</g:price>
      <g:sale_price>14.99 EUR</g:sale_price>
      <g:custom_label_0>summer</g:custom_label_0>
      <g:shipping>
        <g:country>NL</g:country>
        <g:price>4.95 EUR</g:price>
      </g:shipping>
    </item>
    <item>
      <g:id>SKU-2</g:id>
      <title>Plain RSS title</title>
      <link>https://shop.example.com/p/2</link>
      <g:price>5 EUR</g:price>
    </item>
  </channel>
</rss>`;

  it("keeps every attribute, strips the g: prefix, reads CDATA and entities", async () => {
    const [first, second] = await collect(rss);
    expect(first).toEqual({
      id: "SKU-1",
      title: "Rock & Roll <b>shirt</b>",
      description: "Soft & warm <p> café — 100\u00a0% cotton &unknown;",
      link: "https://shop.example.com/p/1?a=1&b=2",
      image_link: "https://cdn.example.com/1.jpg",
      additional_image_link: ["https://cdn.example.com/1b.jpg", "https://cdn.example.com/1c.jpg"],
      price: "19.99 EUR",
      sale_price: "14.99 EUR",
      custom_label_0: "summer",
      "shipping.country": "NL",
      "shipping.price": "4.95 EUR",
    });
    expect(second).toEqual({
      id: "SKU-2",
      title: "Plain RSS title",
      link: "https://shop.example.com/p/2",
      price: "5 EUR",
    });
  });

  it("gives the same products whatever the chunk boundaries", async () => {
    const whole = await collect(rss);
    for (const chunkSize of [1, 3, 7, 64]) expect(await collect(rss, { chunkSize })).toEqual(whole);
  });

  it("reads the g: prefix even when the namespace is never declared", async () => {
    const records = await collect(merchantRssText(3, { namespaced: false }));
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      id: "SKU-000001",
      price: "21.95 EUR",
      "shipping.country": "NL",
    });
  });

  it("keeps mixed content (text with markup) as one value with its markup", async () => {
    const xml = `<rss ${G}><channel><item>
      <g:id>1</g:id>
      <g:description>Great <b>shoe</b> for <a href="/trails?a=1&amp;b=2">trails</a> &amp; roads</g:description>
      <g:shipping><g:country>NL</g:country><g:price>4.95 EUR</g:price></g:shipping>
      <title>RSS title</title>
      <g:title>Google title</g:title>
    </item></channel></rss>`;
    const whole = await collect(xml);
    expect(whole).toEqual([
      {
        id: "1",
        description: 'Great <b>shoe</b> for <a href="/trails?a=1&amp;b=2">trails</a> &amp; roads',
        "shipping.country": "NL",
        "shipping.price": "4.95 EUR",
        title: "Google title",
        "rss:title": "RSS title",
      },
    ]);
    for (const chunkSize of [1, 5]) expect(await collect(xml, { chunkSize })).toEqual(whole);
  });

  it("keeps mixed content nested in another element, and markup inside markup", async () => {
    const xml = `<items><item><id>1</id><d>Great <b class="x">big &amp; <i>red</i></b> shoe</d><s><t>x <b>y</b></t><u a="1">2</u></s></item><item><id>2</id></item></items>`;
    const whole = await collect(xml);
    expect(whole).toEqual([
      {
        id: "1",
        d: 'Great <b class="x">big &amp; <i>red</i></b> shoe',
        "s.t": "x <b>y</b>",
        "s.u": "2",
        "s.u.a": "1",
      },
      { id: "2" },
    ]);
    for (const chunkSize of [1, 5]) expect(await collect(xml, { chunkSize })).toEqual(whole);
  });

  it("strips any prefix bound to Google's namespace", async () => {
    const xml = `<rss xmlns:google="http://base.google.com/ns/1.0"><channel><item><google:id>7</google:id><google:price>1 EUR</google:price><other:thing xmlns:other="urn:x">y</other:thing></item></channel></rss>`;
    expect(await collect(xml)).toEqual([{ id: "7", price: "1 EUR", "other:thing": "y" }]);
  });

  it("reads names anew once a prefix is bound to Google's namespace, and products whose elements change order", async () => {
    // (parseXml remembers each element name's key and the last product's order of elements)
    const xml = `<items><item><x:id>1</x:id><a>a1</a><b>b1</b><s><c>c1</c></s></item><item xmlns:x="http://base.google.com/ns/1.0"><x:id>2</x:id><b>b2</b><a>a2</a><t><c>c2</c></t><s><c>c3</c></s></item></items>`;
    expect(await collect(xml)).toEqual([
      { "x:id": "1", a: "a1", b: "b1", "s.c": "c1" },
      { id: "2", b: "b2", a: "a2", "t.c": "c2", "s.c": "c3" },
    ]);
  });

  it("escapes a bare & instead of misreading the rest of the file", async () => {
    const xml = `<rss><channel><item><id>1</id><title>Tom & Jerry</title><link>https://x/?a=1&b=2</link><d><![CDATA[a & b &amp; c]]></d><!-- x & y --></item></channel></rss>`;
    expect(await collect(xml, { chunkSize: 5 })).toEqual([
      { id: "1", title: "Tom & Jerry", link: "https://x/?a=1&b=2", d: "a & b &amp; c" },
    ]);
  });

  it("keeps a bare & in CDATA wherever the text is cut before the parser (after its `<` too)", async () => {
    // The feed is decoded in slices of DECODE_SLICE bytes: each position of `<![CDATA[` around a cut.
    for (let shift = -10; shift <= 2; shift++) {
      const start = "<items><item><pad>";
      const pad = "x".repeat(DECODE_SLICE + shift - start.length - "</pad><d>".length);
      const xml = `${start}${pad}</pad><d><![CDATA[a & b]]></d></item><item><d>c</d></item></items>`;
      expect(await collect(xml)).toEqual([{ pad, d: "a & b" }, { d: "c" }]);
    }
  });

  it("escapes the same bare &s wherever the text is cut", async () => {
    const text = `<a>Tom & Jerry &amp; &am &#12; &#x2F; &#1a; &${"n".repeat(33)}; <![CDATA[a & b]]> & <!-- x & y --> <!DOCTYPE & &é;</a>&`;
    const whole = await escaped([text]);
    expect(whole).toBe(
      `<a>Tom &amp; Jerry &amp; &amp;am &#12; &#x2F; &amp;#1a; &amp;${"n".repeat(33)}; <![CDATA[a & b]]> &amp; <!-- x & y --> <!DOCTYPE &amp; &amp;é;</a>&amp;`,
    );
    for (let cut = 0; cut <= text.length; cut++) {
      for (const step of [1, 2, 7]) {
        expect(await escaped([text.slice(0, cut), ...split(text.slice(cut), step)])).toBe(whole);
      }
    }
  });

  it("an RSS feed without items is an empty feed", async () => {
    const xml = `<?xml version="1.0"?><rss version="2.0" ${G}><channel><title>Shop</title><link>https://x</link><image><url>https://x/logo.png</url><title>Logo</title></image></channel></rss>`;
    expect(await collect(xml)).toEqual([]);
  });
});

describe("Atom", () => {
  it("reads entries with g: attributes and link hrefs", async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" ${G}>
  <title>Shop</title>
  <author><name>Shop BV</name></author>
  <updated>2024-01-01T00:00:00Z</updated>
  <entry>
    <g:id>A1</g:id>
    <title>Atom product</title>
    <link rel="alternate" type="text/html" href="https://shop.example.com/a1"/>
    <summary>Nice</summary>
    <g:price>9.50 EUR</g:price>
    <g:image_link>https://cdn.example.com/a1.jpg</g:image_link>
  </entry>
</feed>`;
    expect(await collect(xml)).toEqual([
      {
        id: "A1",
        title: "Atom product",
        link: "https://shop.example.com/a1",
        "link.rel": "alternate",
        "link.type": "text/html",
        summary: "Nice",
        price: "9.50 EUR",
        image_link: "https://cdn.example.com/a1.jpg",
      },
    ]);
  });

  it("prefers g:id, g:title and g:link over Atom's own id, title and link, keeping those as atom:…", async () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom" ${G}>
  <entry>
    <id>tag:shop.example.com,2024:entry-1</id>
    <title>Entry title</title>
    <link href="https://shop.example.com/entry-1"/>
    <g:id>SKU-1</g:id>
    <g:title>Trail shoe</g:title>
    <g:link>https://shop.example.com/p/1</g:link>
  </entry>
  <entry>
    <g:id>SKU-2</g:id>
    <id>tag:shop.example.com,2024:entry-2</id>
  </entry>
</feed>`;
    expect(await collect(xml)).toEqual([
      {
        id: "SKU-1",
        title: "Trail shoe",
        link: "https://shop.example.com/p/1",
        "atom:id": "tag:shop.example.com,2024:entry-1",
        "atom:title": "Entry title",
        "atom:link": "https://shop.example.com/entry-1",
      },
      { id: "SKU-2", "atom:id": "tag:shop.example.com,2024:entry-2" },
    ]);
  });

  it("keeps the text of xhtml and html content", async () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom" ${G}>
  <entry>
    <g:id>A1</g:id>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Light <b>trail</b> shoe &amp; more</div></content>
    <summary type="html">&lt;p&gt;Very &lt;i&gt;light&lt;/i&gt;&lt;/p&gt;</summary>
  </entry>
</feed>`;
    expect(await collect(xml)).toEqual([
      {
        id: "A1",
        content:
          '<div xmlns="http://www.w3.org/1999/xhtml">Light <b>trail</b> shoe &amp; more</div>',
        "content.type": "xhtml",
        summary: "<p>Very <i>light</i></p>",
        "summary.type": "html",
      },
    ]);
  });

  it("an Atom feed without entries is empty", async () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title><author><name>me</name></author></feed>`;
    expect(await collect(xml)).toEqual([]);
  });
});

describe("Channable and other XML exports", () => {
  it("reads un-namespaced <items><item> exports", async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<items>
  <item>
    <id>42</id>
    <title><![CDATA[Lamp "Nova"]]></title>
    <link>https://shop.example.com/lamp</link>
    <price>39.00</price>
    <image_link>https://cdn.example.com/lamp.jpg</image_link>
    <categories><category>Home</category><category>Lights</category></categories>
    <empty_field/>
  </item>
</items>`;
    expect(await collect(xml)).toEqual([
      {
        id: "42",
        title: 'Lamp "Nova"',
        link: "https://shop.example.com/lamp",
        price: "39.00",
        image_link: "https://cdn.example.com/lamp.jpg",
        "categories.category": ["Home", "Lights"],
        empty_field: "",
      },
    ]);
  });

  it("reads <products><product> with attributes on the product element", async () => {
    const xml = `<products><product id="p1" sku="S1"><name>One</name></product><product id="p2"><name>Two</name></product></products>`;
    expect(await collect(xml)).toEqual([
      { id: "p1", sku: "S1", name: "One" },
      { id: "p2", name: "Two" },
    ]);
  });

  it("falls back to the repeated children of the root for other names", async () => {
    const xml = `<catalog><header><generated>today</generated></header><sku><id>1</id></sku><sku><id>2</id></sku></catalog>`;
    // a one-off block is not a product; the repeated <sku> elements are
    expect(await collect(xml)).toEqual([{ id: "1" }, { id: "2" }]);
    const wrapped = `<export><products><sku><id>1</id></sku><sku><id>2</id></sku><sku><id>3</id></sku></products></export>`;
    expect(await collect(wrapped)).toEqual([{ id: "1" }, { id: "2" }, { id: "3" }]);
    expect(await collect(`<export><sku><id>1</id></sku></export>`)).toEqual([{ id: "1" }]);
  });

  it("finds products below a wrapper", async () => {
    const xml = `<shop><offers><offer><id>1</id></offer><offer><id>2</id></offer></offers></shop>`;
    expect(await collect(xml)).toEqual([{ id: "1" }, { id: "2" }]);
  });

  it("an empty export is an empty feed", async () => {
    expect(await collect(`<?xml version="1.0"?><items/>`)).toEqual([]);
    expect(await collect(`<items></items>`)).toEqual([]);
  });
});

describe("encodings", () => {
  it("decodes a feed that declares ISO-8859-1", async () => {
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?><items><item><title>Caf\u00e9 cr\u00e8me \u00a3</title></item></items>`,
      "latin1",
    );
    const opened = await openFeed(bytes(xml));
    expect(opened.encoding).toBe("windows-1252");
    const records = [];
    for await (const record of opened.records) records.push(record);
    expect(records).toEqual([{ title: "Café crème £" }]);
  });

  it("refuses an encoding it cannot read, naming it", async () => {
    const xml = `<?xml version="1.0" encoding="Shift_JIS"?><items/>`;
    const error = await failure(collect(xml));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.code).toBe("UNSUPPORTED_ENCODING");
    expect(error.message).toBe(
      'The feed declares the character encoding "Shift_JIS" in its XML declaration, which is not supported. Save it as UTF-8 (or ISO-8859-1).',
    );
  });

  it("reports bytes that are not UTF-8 in a feed that says it is", async () => {
    const start = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><items>${"<item><id>1</id></item>".repeat(4000)}<item><title>`,
    );
    const xml = Buffer.concat([
      start,
      Buffer.from([0xff, 0xfe, 0x41]),
      Buffer.from("</title></item></items>"),
    ]);
    const error = await failure(collect(xml, { chunkSize: 4096 }));
    expect(error.code).toBe("INVALID_ENCODING");
    expect(error.message).toMatch(
      /^The feed is not valid UTF-8 \(invalid bytes after byte \d+\)\. Save it as UTF-8 or declare its encoding\.$/,
    );
  });

  it("refuses UTF-16", async () => {
    const xml = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("<items/>", "utf16le")]);
    expect((await failure(collect(xml))).code).toBe("UNSUPPORTED_ENCODING");
  });
});

describe("hostile and malformed XML", () => {
  it("keeps elements named like Object's own members as plain attributes", async () => {
    // `constructor`, `toString` and `__proto__` are inherited by every object: read through the
    // prototype, a first value was taken for a repeat (`[Function, "x"]`), and `__proto__`
    // replaced the record's prototype.
    const xml = `<rss version="2.0" ${G}><channel><item><g:id>1</g:id><constructor>c</constructor><toString>t</toString><__proto__>p</__proto__><hasOwnProperty>h</hasOwnProperty><constructor>c2</constructor></item></channel></rss>`;
    const [record] = await collect(xml);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    // As entries: an object literal's `__proto__: "p"` would not be a property either.
    expect(Object.entries(record!)).toEqual([
      ["id", "1"],
      ["constructor", ["c", "c2"]],
      ["toString", "t"],
      ["__proto__", "p"],
      ["hasOwnProperty", "h"],
    ]);
  });

  it("refuses entity declarations (billion laughs) without expanding anything", async () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<items><item><title>&lol9;</title></item></items>`;
    const before = process.memoryUsage().heapUsed;
    const error = await failure(collect(lol));
    expect(error.code).toBe("ENTITIES_REFUSED");
    expect(error.message).toBe(
      "The feed declares XML entities in a DOCTYPE, which is refused for safety. Remove the DOCTYPE.",
    );
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it("refuses external entities (XXE)", async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><items><item><t>&xxe;</t></item></items>`;
    expect((await failure(collect(xxe))).code).toBe("ENTITIES_REFUSED");
  });

  it("keeps an undeclared entity literally, even with a DOCTYPE that declares none", async () => {
    const xml = `<!DOCTYPE items><items><item><t>&lol9;</t></item></items>`;
    expect(await collect(xml)).toEqual([{ t: "&lol9;" }]);
  });

  it("reports malformed XML with its line", async () => {
    const xml = `<items>\n<item>\n<id>1</id>\n</itemm>\n</items>`;
    const error = await failure(collect(xml));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message).toMatch(
      /^The XML feed is malformed: line 4, column \d+: unexpected close tag/,
    );
  });

  it("reports a file that stops in the middle", async () => {
    const error = await failure(collect(`<items><item><id>1</id>`));
    expect(error.code).toBe("PARSE_ERROR");
  });

  it("stops an endless text value at the limit", async () => {
    const stream = endless("<items><item><title>", "x", 64 * 1024 * 1024);
    const error = await failure(
      (async () => {
        for await (const _ of parseFeed(stream, { limits: { maxTokenChars: 1024 * 1024 } })) void _;
      })(),
    );
    expect(error.code).toBe("RECORD_TOO_LARGE");
    expect(error.message).toMatch(/single value or tag longer than 1 MB/);
    // reading stopped there: the rest of the 64 MB was never pulled
    expect(stream.destroyed).toBe(true);
    expect(stream.readableEnded).toBe(false);
  });

  it("stops an endless tag name or attribute at the limit", async () => {
    const tag = endless("<items><item><", "a", 64 * 1024 * 1024);
    const attribute = endless('<items><item id="', "a", 64 * 1024 * 1024);
    for (const stream of [tag, attribute]) {
      const error = await failure(
        (async () => {
          for await (const _ of parseFeed(stream, { limits: { maxTokenChars: 1024 * 1024 } }))
            void _;
        })(),
      );
      expect(error.code).toBe("RECORD_TOO_LARGE");
    }
  });

  it("stops a product that grows without end (many small values)", async () => {
    const stream = endless("<items><item>", "<a>xxxxxxxxxx</a>", 64 * 1024 * 1024);
    const error = await failure(
      (async () => {
        for await (const _ of parseFeed(stream, { limits: { maxRecordChars: 1024 * 1024 } }))
          void _;
      })(),
    );
    expect(error.code).toBe("RECORD_TOO_LARGE");
    expect(error.message).toMatch(/^A product in the feed is larger than 1 MB \(line 1\)/);
  });

  it("refuses deep nesting", async () => {
    const xml = `<items><item>${"<a>".repeat(100)}x${"</a>".repeat(100)}</item></items>`;
    expect((await failure(collect(xml))).code).toBe("TOO_DEEP");
  });
});

async function escaped(texts: string[]): Promise<string> {
  let out = "";
  for await (const text of escapeBareAmpersands(
    (async function* () {
      yield* texts;
    })(),
  )) {
    out += text;
  }
  return out;
}

function split(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}
