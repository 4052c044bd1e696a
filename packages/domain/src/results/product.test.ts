import { describe, expect, it } from "vitest";
import { compactCard, eventProduct, readCard, resultProduct } from "./product";

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
const settings = {
  imageAttribute: "image_link",
  labelAttribute: "title",
  attributes: ["brand", "colour", "size", "missing"],
};

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
    const mapped = {
      id: "1",
      name: "Mapped",
      url: "/p/1",
      image: "/i/1.png",
      label: "Label",
      picture: "/pic.png",
    };
    expect(resultProduct(mapped, {})).toMatchObject({
      name: "Mapped",
      url: "/p/1",
      image: "/i/1.png",
      price: null,
      priceText: "",
    });
    expect(
      resultProduct(mapped, { labelAttribute: "label", imageAttribute: "picture" }),
    ).toMatchObject({
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
    expect(eventProduct(resultProduct({ id: "2", name: "No price" }, {}))).toEqual({
      id: "2",
      name: "No price",
      price: null,
      url: "",
      image: "",
    });
  });
});

describe("compactCard and readCard", () => {
  it("send the price and only what differs from the record's own fields, and read the whole card back", () => {
    const card = resultProduct(record, settings);
    const compact = compactCard(card, record);
    // The name, link, image and description are the record's own: only the price and the
    // extra attributes travel.
    expect(compact).toEqual({ price: 1499, attributes: card.attributes });
    expect(readCard(record, compact)).toEqual(card);
  });

  it("send what the settings read from other attributes, what was cleaned, and missing fields", () => {
    const other = { ...record, label: "Aero (label)", picture: "https://shop.example/pic.png" };
    const card = resultProduct(other, { labelAttribute: "label", imageAttribute: "picture" });
    // A cleaned field (the server made the link safe) differs from the record too.
    const cleaned = { ...card, url: "" };
    const compact = compactCard(cleaned, other);
    expect(compact).toEqual({
      price: 1499,
      name: "Aero (label)",
      url: "",
      image: "https://shop.example/pic.png",
    });
    expect(readCard(other, compact)).toEqual(cleaned);
    const bare = { id: 7, name: "Mapped" };
    const mapped = resultProduct(bare, {});
    expect(compactCard(mapped, bare)).toEqual({
      price: null,
      id: "7",
      name: "Mapped",
      url: "",
      image: "",
      description: "",
    });
    expect(readCard(bare, compactCard(mapped, bare))).toEqual({ ...mapped, priceText: "" });
  });
});
