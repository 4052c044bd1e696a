/**
 * Feed files generated for tests and the benchmark. Every generator yields text in
 * pieces, so a 100,000-product feed never has to sit in memory as one string.
 */

export interface MerchantItem {
  id: string;
  title: string;
  description: string;
  link: string;
  image_link: string;
  price: string;
  brand: string;
  availability: string;
}

export function merchantItem(index: number, idPrefix = "SKU-"): MerchantItem {
  return {
    id: `${idPrefix}${String(index).padStart(6, "0")}`,
    title: `Trail running shoe ${index} – "Storm" edition`,
    description:
      `Light, grippy & waterproof shoe number ${index}. <p>Breathable mesh upper, ` +
      "a rock plate and a 6 mm drop; made for wet, technical trails and long days out.</p>",
    link: `https://shop.example.com/products/shoe-${index}?utm_source=feed&variant=${index}`,
    image_link: `https://cdn.example.com/images/shoe-${index}.jpg`,
    price: `${(20 + (index % 180) + 0.95).toFixed(2)} EUR`,
    brand: ["Altra", "Hoka", "Salomon", "Brooks"][index % 4]!,
    availability: index % 7 === 0 ? "out of stock" : "in stock",
  };
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A Google Merchant RSS 2.0 feed with the `g:` namespace. */
export function* merchantRss(
  count: number,
  /** `idPrefix`: before each item's number (`SKU-000001`); shop systems' ids are often longer. */
  options: { namespaced?: boolean; itemsPerChunk?: number; idPrefix?: string } = {},
): Generator<string> {
  const { namespaced = true, itemsPerChunk = 100, idPrefix } = options;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield namespaced
    ? '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n'
    : '<rss version="2.0">\n';
  yield "<channel>\n<title>Example shop</title>\n<link>https://shop.example.com</link>\n<description>All products</description>\n";
  let chunk = "";
  for (let i = 1; i <= count; i++) {
    const item = merchantItem(i, idPrefix);
    chunk +=
      "<item>\n" +
      `  <g:id>${item.id}</g:id>\n` +
      `  <g:title><![CDATA[${item.title}]]></g:title>\n` +
      `  <g:description>${escapeXml(item.description)}</g:description>\n` +
      `  <g:link>${escapeXml(item.link)}</g:link>\n` +
      `  <g:image_link>${item.image_link}</g:image_link>\n` +
      `  <g:price>${item.price}</g:price>\n` +
      `  <g:brand>${item.brand}</g:brand>\n` +
      `  <g:availability>${item.availability}</g:availability>\n` +
      "  <g:shipping><g:country>NL</g:country><g:price>4.95 EUR</g:price></g:shipping>\n" +
      "</item>\n";
    if (i % itemsPerChunk === 0) {
      yield chunk;
      chunk = "";
    }
  }
  yield `${chunk}</channel>\n</rss>\n`;
}

export function merchantRssText(count: number, options?: { namespaced?: boolean }): string {
  return [...merchantRss(count, options)].join("");
}

/** A Shopify `products.json` product with variants. */
export function shopifyProduct(
  index: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: 1000 + index,
    title: `Hoodie ${index}`,
    handle: `hoodie-${index}`,
    body_html: `<p>Warm hoodie ${index}</p>`,
    published_at: "2024-01-01T10:00:00+01:00",
    vendor: "Floow Wear",
    product_type: "Hoodies",
    tags: ["cotton", "winter"],
    variants: [
      {
        id: 5000 + index * 10,
        title: "S",
        option1: "S",
        sku: `H${index}-S`,
        price: "59.95",
        compare_at_price: null,
        available: false,
      },
      {
        id: 5001 + index * 10,
        title: "M",
        option1: "M",
        sku: `H${index}-M`,
        price: "49.95",
        compare_at_price: "69.95",
        available: true,
      },
      {
        id: 5002 + index * 10,
        title: "L",
        option1: "L",
        sku: `H${index}-L`,
        price: "54.95",
        compare_at_price: null,
        available: true,
      },
    ],
    images: [
      { src: `https://cdn.shopify.com/hoodie-${index}-a.jpg` },
      { src: `https://cdn.shopify.com/hoodie-${index}-b.jpg` },
    ],
    options: [{ name: "Size", position: 1, values: ["S", "M", "L"] }],
    ...overrides,
  };
}

/**
 * A Channable CSV export as Channable writes it: comma-separated, every field quoted (quotes
 * doubled inside), a header of Google-style names, multi-value fields joined with `|`, a
 * description with a line break, and a byte-order mark when `bom` is set.
 */
export function channableCsv(count: number, options: { bom?: boolean } = {}): string {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const header = [
    "id",
    "title",
    "description",
    "link",
    "image_link",
    "additional_image_link",
    "price",
    "sale_price",
    "availability",
    "brand",
    "gtin",
    "product_type",
  ];
  const lines = [header.map(quote).join(",")];
  for (let i = 1; i <= count; i++) {
    const item = merchantItem(i);
    lines.push(
      [
        item.id,
        item.title,
        `${item.description}\nFree returns.`,
        item.link,
        item.image_link,
        `https://cdn.example.com/images/shoe-${i}-b.jpg|https://cdn.example.com/images/shoe-${i}-c.jpg`,
        item.price,
        "",
        item.availability,
        item.brand,
        String(8712345000000 + i),
        "Shoes > Running > Trail",
      ]
        .map(quote)
        .join(","),
    );
  }
  return `${options.bom ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`;
}

/**
 * A Channable JSON export: an array of flat product objects with Google-style keys, lists
 * for repeated attributes, and numbers where the source had numbers.
 */
export function channableJson(count: number): string {
  const items = [];
  for (let i = 1; i <= count; i++) {
    const item = merchantItem(i);
    items.push({
      id: item.id,
      title: item.title,
      description: item.description,
      link: item.link,
      image_link: item.image_link,
      additional_image_link: [
        `https://cdn.example.com/images/shoe-${i}-b.jpg`,
        `https://cdn.example.com/images/shoe-${i}-c.jpg`,
      ],
      price: item.price,
      availability: item.availability,
      brand: item.brand,
      stock: i % 7 === 0 ? 0 : 12,
      sizes: ["42", "43", "44"],
      shipping: { country: "NL", price: "4.95 EUR" },
    });
  }
  return JSON.stringify(items, null, 2);
}
