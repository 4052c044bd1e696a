import { describe, expect, it } from "vitest";
import { shopifyProduct } from "./fixtures";
import { FEED_LIMITS } from "./limits";
import { collect } from "../../../test/feed-streams";
import { flattenShopifyProduct, isShopifyCatalogUrl, nextLink, shopifyPageUrl } from "./shopify";

describe("flattenShopifyProduct", () => {
  it("makes one product per Shopify product, priced by its cheapest variant in stock", () => {
    const product = shopifyProduct(1) as Parameters<typeof flattenShopifyProduct>[0];
    expect(
      flattenShopifyProduct(product, "https://shop.example.com/products.json?page=1", FEED_LIMITS),
    ).toEqual({
      id: "1001",
      title: "Hoodie 1",
      link: "https://shop.example.com/products/hoodie-1",
      description: "<p>Warm hoodie 1</p>",
      price: "49.95",
      sale_price: "49.95",
      compare_at_price: "69.95",
      availability: "in stock",
      image_link: "https://cdn.shopify.com/hoodie-1-a.jpg",
      additional_image_link: "https://cdn.shopify.com/hoodie-1-b.jpg",
      brand: "Floow Wear",
      vendor: "Floow Wear",
      handle: "hoodie-1",
      tags: ["cotton", "winter"],
      size: ["S", "M", "L"],
      variant_count: "3",
      variant_id: ["5010", "5011", "5012"],
      variant_title: ["S", "M", "L"],
      variant_price: ["59.95", "49.95", "54.95"],
      sku: ["H1-S", "H1-M", "H1-L"],
      published_at: "2024-01-01T10:00:00+01:00",
      product_type: "Hoodies",
    });
  });

  it("uses the cheapest variant of all when none is available, and says out of stock", () => {
    const product = shopifyProduct(2, {
      variants: [
        { id: 1, title: "A", price: "30.00", available: false },
        { id: 2, title: "B", price: "25.00", available: false },
      ],
      images: [],
      options: [{ name: "Title", values: ["Default Title"] }],
      tags: "sale, new",
    }) as Parameters<typeof flattenShopifyProduct>[0];
    const record = flattenShopifyProduct(product, undefined, FEED_LIMITS);
    expect(record).toMatchObject({
      price: "25.00",
      availability: "out of stock",
      tags: ["sale", "new"],
    });
    expect(record.link).toBeUndefined();
    expect(record.image_link).toBeUndefined();
    expect(record.title).toBe("Hoodie 2");
  });

  it("is applied to products.json content whatever the feed type", async () => {
    const json = JSON.stringify({ products: [shopifyProduct(1), shopifyProduct(2)] });
    const records = await collect(json, { url: "https://shop.example.com/products.json" });
    expect(records.map((r) => [r.id, r.price, r.link])).toEqual([
      ["1001", "49.95", "https://shop.example.com/products/hoodie-1"],
      ["1002", "49.95", "https://shop.example.com/products/hoodie-2"],
    ]);
  });
});

describe("Shopify addresses", () => {
  it("builds products.json page addresses", () => {
    expect(shopifyPageUrl("https://shop.example.com", 1)).toBe(
      "https://shop.example.com/products.json?limit=250&page=1",
    );
    expect(shopifyPageUrl("https://shop.example.com/collections/shoes/", 3)).toBe(
      "https://shop.example.com/collections/shoes/products.json?limit=250&page=3",
    );
    expect(shopifyPageUrl("https://shop.example.com/products.json?limit=50&page=9", 2)).toBe(
      "https://shop.example.com/products.json?limit=50&page=2",
    );
  });

  it("tells a catalog address from a feed file", () => {
    expect(isShopifyCatalogUrl("https://shop.example.com")).toBe(true);
    expect(isShopifyCatalogUrl("https://shop.example.com/collections/all")).toBe(true);
    expect(isShopifyCatalogUrl("https://shop.example.com/products.json")).toBe(true);
    expect(isShopifyCatalogUrl("https://shop.example.com/feeds/google.xml")).toBe(false);
    expect(isShopifyCatalogUrl("https://shop.example.com/export.csv?x=1")).toBe(false);
  });

  it("reads the next page from a Link header", () => {
    const header =
      '<https://shop.example.com/products.json?limit=250&page_info=abc>; rel="previous", <https://shop.example.com/products.json?limit=250&page_info=def>; rel="next"';
    expect(nextLink(header)).toBe("https://shop.example.com/products.json?limit=250&page_info=def");
    expect(nextLink('<https://x/a>; rel="previous"')).toBeUndefined();
    expect(nextLink(undefined)).toBeUndefined();
  });
});
