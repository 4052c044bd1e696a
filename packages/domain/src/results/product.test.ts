import { describe, expect, it } from "vitest";
import { eventProduct, resultProduct } from "./product";

const record = {
  id: "BIKE-1",
  title: "Velo Aero",
  price: "1499.00 EUR",
  link: "https://shop.example/aero",
  image_link: "https://shop.example/aero.png",
  description: "<p>Fast</p>",
  brand: "Velo",
  colour: ["red", "blue"],
  attributes: { size: "L", nested_only: "yes" },
};
const settings = { imageAttribute: "image_link", labelAttribute: "title", attributes: ["brand", "colour", "size", "missing"] };

describe("resultProduct", () => {
  it("reads a feed record under its feed's attribute names", () => {
    expect(resultProduct(record, settings)).toEqual({
      id: "BIKE-1",
      name: "Velo Aero",
      price: 1499,
      url: "https://shop.example/aero",
      image: "https://shop.example/aero.png",
      priceText: "€ 1.499,00",
      description: "<p>Fast</p>",
      attributes: [
        { name: "brand", value: "Velo" },
        { name: "colour", value: "red, blue" },
        { name: "size", value: "L" },
      ],
    });
  });

  it("reads mapped products and settings naming other attributes", () => {
    const mapped = { id: "1", name: "Mapped", url: "/p/1", image: "/i/1.png", label: "Label", picture: "/pic.png" };
    expect(resultProduct(mapped, {})).toMatchObject({ name: "Mapped", url: "/p/1", image: "/i/1.png", price: null, priceText: "" });
    expect(resultProduct(mapped, { labelAttribute: "label", imageAttribute: "picture" })).toMatchObject({
      name: "Label",
      image: "/pic.png",
    });
  });
});

describe("eventProduct", () => {
  it("keeps id, name, price (a number), url and image only", () => {
    expect(eventProduct(resultProduct(record, settings))).toEqual({
      id: "BIKE-1",
      name: "Velo Aero",
      price: 1499,
      url: "https://shop.example/aero",
      image: "https://shop.example/aero.png",
    });
    expect(eventProduct(resultProduct({ id: "2", name: "No price" }, {}))).toEqual({ id: "2", name: "No price", price: null, url: "", image: "" });
  });
});
