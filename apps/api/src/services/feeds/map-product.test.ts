import { describe, expect, it } from "vitest";
import { mapProduct } from "./map-product";

describe("mapProduct", () => {
  const record = {
    id: "SKU-1",
    title: "Shoe",
    link: "https://x/shoe",
    price: "1.299,95 EUR",
    image_link: ["https://x/a.jpg", "https://x/b.jpg"],
    description: "  <p>Nice</p> ",
    gtin: "123",
  };

  it("reads the default variables and keeps every attribute", () => {
    expect(mapProduct(record)).toEqual({
      id: "SKU-1",
      url: "https://x/shoe",
      name: "Shoe",
      price: 1299.95,
      image: "https://x/a.jpg",
      description: "<p>Nice</p>",
      attributes: record,
    });
  });

  it("follows the feed's variables, ignoring case in attribute names", () => {
    const product = mapProduct(
      {
        GTIN: "871",
        Naam: "Lamp",
        Prijs: "€ 12,50",
        URL: "https://x/lamp",
        Foto: "https://x/lamp.jpg",
      },
      { id: "gtin", name: "naam", price: "prijs", url: "url", image: "foto" },
    );
    expect(product).toMatchObject({
      id: "871",
      name: "Lamp",
      price: 12.5,
      url: "https://x/lamp",
      image: "https://x/lamp.jpg",
      description: "",
    });
  });

  it("tries common alternatives only for default variables", () => {
    expect(
      mapProduct({ sku: "9", name: "Cup", url: "https://x/cup", image: "https://x/cup.jpg" }),
    ).toMatchObject({
      id: "9",
      name: "Cup",
      url: "https://x/cup",
      image: "https://x/cup.jpg",
    });
    expect(mapProduct({ name: "Cup" }, { name: "product_title" }).name).toBe("");
  });

  it("gives a null price for text that is no number", () => {
    expect(mapProduct({ price: "on request" }).price).toBeNull();
    expect(mapProduct({}).price).toBeNull();
    expect(mapProduct({ price: "19.99 EUR" }).price).toBe(19.99);
  });
});
