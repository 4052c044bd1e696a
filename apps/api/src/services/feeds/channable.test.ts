import { describe, expect, it } from "vitest";
import { channableCsv, channableJson, merchantItem } from "./fixtures";
import { mapProduct } from "./map-product";
import { openFeed } from "./parse-feed";
import { bytes, collect } from "../../../test/feed-streams";

// Channable exports read with the default variables (type channable): the id, link, title,
// price, image_link and description the preview and the products list show.
const expected = (index: number) => {
  const item = merchantItem(index);
  return {
    id: item.id,
    url: item.link,
    name: item.title,
    price: Number.parseFloat(item.price),
    image: item.image_link,
  };
};

describe("Channable exports", () => {
  it("reads a Channable CSV export (quoted fields, doubled quotes, line breaks, CRLF, BOM)", async () => {
    const csv = channableCsv(3, { bom: true });
    const opened = await openFeed(bytes(csv), { type: "channable" });
    expect([opened.format, opened.delimiter, opened.encoding]).toEqual(["csv", ",", "utf-8"]);
    const records = await collect(csv, { type: "channable" });
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      id: "SKU-000001",
      title: 'Trail running shoe 1 – "Storm" edition',
      description: `${merchantItem(1).description}\nFree returns.`,
      additional_image_link:
        "https://cdn.example.com/images/shoe-1-b.jpg|https://cdn.example.com/images/shoe-1-c.jpg",
      sale_price: "",
      gtin: "8712345000001",
      product_type: "Shoes > Running > Trail",
    });
    expect(records.map((record) => mapProduct(record, { price: "price" }))).toMatchObject(
      [1, 2, 3].map(expected),
    );
    // Same products whatever the chunking.
    expect(await collect(csv, { type: "channable", chunkSize: 7 })).toEqual(records);
  });

  it("reads a Channable JSON export (lists, numbers, a nested object)", async () => {
    const json = channableJson(3);
    const records = await collect(json, { type: "channable" });
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      id: "SKU-000001",
      additional_image_link: [
        "https://cdn.example.com/images/shoe-1-b.jpg",
        "https://cdn.example.com/images/shoe-1-c.jpg",
      ],
      stock: "12",
      sizes: ["42", "43", "44"],
      "shipping.country": "NL",
      "shipping.price": "4.95 EUR",
    });
    expect(records.map((record) => mapProduct(record))).toMatchObject([1, 2, 3].map(expected));
  });
});
