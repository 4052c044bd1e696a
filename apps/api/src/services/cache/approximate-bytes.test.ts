import { describe, expect, it } from "vitest";
import { approximateBytes, resultsIndexBytes } from "./approximate-bytes";

describe("approximateBytes", () => {
  it("grows with the text and the parts a value holds, and counts a shared object once", () => {
    const product = { id: "p1", name: "Trail bike", price: 1299, sizes: ["S", "M", "L"] };
    const one = approximateBytes([product]);
    expect(one).toBeGreaterThan(2 * "Trail bike".length);
    expect(approximateBytes([product, product])).toBe(one + 8);
    expect(approximateBytes([product, structuredClone(product)])).toBe(2 * one - 32);
    expect(approximateBytes(Buffer.alloc(1000))).toBeGreaterThanOrEqual(1000);
    expect(approximateBytes(new Map([["k", "x".repeat(100)]]))).toBeGreaterThan(200);
  });

  it("sizes 10,000 products within a factor of two of their JSON's UTF-16 bytes", () => {
    const products = Array.from({ length: 10_000 }, (_, i) => ({
      id: `p${i}`,
      name: `Product number ${i} with a longer name`,
      url: `https://shop.example/products/${i}`,
      price: i,
    }));
    const json = JSON.stringify(products).length * 2;
    const bytes = resultsIndexBytes(products);
    expect(bytes).toBeGreaterThan(json / 2);
    expect(bytes).toBeLessThan(json * 2);
  });
});

describe("resultsIndexBytes", () => {
  it("estimates a large feed from a sample, close to sizing every product", () => {
    const products = Array.from({ length: 50_000 }, (_, i) => ({
      id: `p${i}`,
      name: i % 2 ? `Short ${i}` : `A much longer product name for product ${i}`,
      price: i,
    }));
    const whole = approximateBytes(products) + 512 * Math.ceil(products.length / 32) * 4;
    const estimate = resultsIndexBytes(products);
    expect(Math.abs(estimate - whole) / whole).toBeLessThan(0.05);
  });
});
