import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/issues";
import {
  DEFAULT_FEED_TYPE,
  DEFAULT_FEED_VARIABLES,
  FEED_TYPES,
  FEED_VARIABLE_KEYS,
} from "./constants";
import { createFeed } from "./factories";
import { mapProduct, productMapper, sanitizeProductText } from "./logic";
import {
  feedFormSchema,
  feedInputSchema,
  feedPreviewSchema,
  feedSchema,
  productListSchema,
} from "./schema";

describe("feed constants and defaults", () => {
  it("pins feed types and variables", () => {
    expect(FEED_TYPES).toEqual(["channable", "shopify"]);
    expect(DEFAULT_FEED_TYPE).toBe("channable");
    expect(FEED_VARIABLE_KEYS).toEqual(["id", "url", "name", "price", "image", "description"]);
    expect(DEFAULT_FEED_VARIABLES).toEqual({
      id: "id",
      url: "link",
      name: "title",
      price: "price",
      image: "image_link",
      description: "description",
    });
  });

  it("a new feed", () => {
    const feed = createFeed({ domainId: "d" });
    expect(feed).toEqual({
      id: feed.id,
      organizationId: "",
      domainId: "d",
      url: "",
      type: "channable",
      products: [],
      name: "",
      description: "",
      image: null,
      variables: DEFAULT_FEED_VARIABLES,
    });
    expect(feed.variables).not.toBe(DEFAULT_FEED_VARIABLES);
  });

  it("the entity schema fills the same defaults", () => {
    const feed = createFeed({ domainId: "d", url: "https://x.nl/feed.xml" });
    expect(feedSchema.parse({ id: feed.id, domainId: "d", url: feed.url })).toEqual(feed);
    expect(
      feedSchema.parse({ id: "f", domainId: "d", url: "u", variables: { price: "sale_price" } })
        .variables.price,
    ).toBe("sale_price");
    expect("organizationId" in feedInputSchema.shape).toBe(false);
  });
});

describe("New feed / Add Feed", () => {
  it.each([
    [
      {},
      {
        name: "Please enter a feed name.",
        type: "Please select a feed type.",
        url: "Please enter a feed URL.",
      },
    ],
    [
      { name: "Main", type: "csv", url: "" },
      { type: "Please select a feed type.", url: "Please enter a feed URL." },
    ],
    [{ name: "Main", type: "shopify", url: "feed.xml" }, { url: "Please enter a valid feed URL." }],
    [{ name: "Main", type: "shopify", url: "https://shop.nl/products.json" }, {}],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(feedFormSchema, input)).toEqual(expected);
  });

  it("the preview call takes url and type", () => {
    expect(feedPreviewSchema.parse({ url: " https://x.nl/f.xml ", type: "channable" })).toEqual({
      url: "https://x.nl/f.xml",
      type: "channable",
    });
  });
});

describe("products", () => {
  it("mapProduct reads a product through the variables", () => {
    expect(
      mapProduct({
        id: 7,
        link: "https://x.nl/p",
        title: ["Shoe", "alt"],
        price: "12,99 EUR",
        image_link: null,
        description: { x: 1 },
      }),
    ).toEqual({
      id: "7",
      url: "https://x.nl/p",
      name: "Shoe",
      price: 12.99,
      image: "",
      description: "",
    });
    expect(mapProduct({ sku: "S", cost: "n/a" }, { id: "sku", price: "cost" })).toMatchObject({
      id: "S",
      price: null,
    });
  });

  it("mapProduct ignores case in attribute names, trims, and tries alternatives only for default variables", () => {
    expect(
      mapProduct(
        { GTIN: "871", Naam: " Lamp ", Prijs: "€ 12,50" },
        { id: "gtin", name: "naam", price: "prijs" },
      ),
    ).toMatchObject({ id: "871", name: "Lamp", price: 12.5 });
    expect(
      mapProduct({ sku: "9", name: "Cup", url: "https://x/cup", image_url: "https://x/cup.jpg" }),
    ).toMatchObject({
      id: "9",
      name: "Cup",
      url: "https://x/cup",
      image: "https://x/cup.jpg",
    });
    expect(mapProduct({ name: "Cup" }, { name: "product_title" }).name).toBe("");
    // A blank variable is its default.
    expect(mapProduct({ title: "Shoe" }, { name: " " }).name).toBe("Shoe");
  });

  it("productMapper maps as mapProduct does, and mapProduct follows variables that change", () => {
    const product = { sku: "9", Title: " Cup ", price: "3,50", image_link: "https://x/cup.jpg" };
    const variables = { name: "title", price: "price" };
    expect(productMapper(variables)(product)).toEqual(mapProduct(product, variables));
    expect(productMapper()(product)).toEqual(mapProduct(product));
    expect(mapProduct(product, variables).name).toBe("Cup");
    // The same object, changed between calls, and another with the same values.
    variables.name = "sku";
    expect(mapProduct(product, variables).name).toBe("9");
    expect(mapProduct(product, { name: "sku", price: "price" }).name).toBe("9");
    expect(mapProduct(product, {}).name).toBe("Cup");
    expect(mapProduct(product, { name: "image_link" }).name).toBe("https://x/cup.jpg");
  });

  it("productListSchema: the product list's paging, sorting and search", () => {
    expect(productListSchema.parse({})).toEqual({
      sort: "position",
      direction: "asc",
      offset: 0,
      limit: 50,
    });
    expect(productListSchema.safeParse({ limit: 201 }).success).toBe(false);
    expect(productListSchema.safeParse({ sort: "brand" }).success).toBe(false);
  });

  it("sanitizeProductText leaves plain text only", () => {
    expect(
      sanitizeProductText(
        "<p>Fast &amp; <b>light</b></p><script>alert(1)</script>&nbsp;&lt;3 &quot;x&quot; &#39;y&apos;",
      ),
    ).toBe("Fast & light <3 \"x\" 'y'");
    expect(sanitizeProductText(undefined)).toBe("");
    expect(sanitizeProductText(12)).toBe("12");
  });
});
