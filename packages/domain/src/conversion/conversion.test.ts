import { describe, expect, it } from "vitest";
import { splitRevenue } from "./logic";
import { conversionInput, publicConversionSchema } from "./schema";

describe("splitRevenue", () => {
  const items = [
    { id: "bike", price: 800, quantity: 1 },
    { id: "lock", price: 25, quantity: 2 },
  ];

  it("counts the lines the floow showed or had clicked as influenced, the rest as assisted", () => {
    expect(splitRevenue(850, items, (item) => item.id === "bike")).toEqual({
      influenced: 800,
      assisted: 50,
    });
  });

  it("shares what priced lines leave among lines without a price, by quantity", () => {
    const split = splitRevenue(100, [{ id: "a" }, { id: "b", quantity: 3 }], (i) => i.id === "a");
    expect(split).toEqual({ influenced: 25, assisted: 75 });
  });

  it("never makes the influenced part larger than the order, and the parts add up in cents", () => {
    expect(splitRevenue(500, items, () => true)).toEqual({ influenced: 500, assisted: 0 });
    const odd = splitRevenue(10, [{ id: "a" }, { id: "b" }, { id: "c" }], (i) => i.id !== "c");
    expect(odd.influenced + odd.assisted).toBeCloseTo(10, 10);
  });

  it("an order without items is all assisted", () => {
    expect(splitRevenue(42.5, [], () => true)).toEqual({ influenced: 0, assisted: 42.5 });
  });
});

describe("conversionInput", () => {
  it("takes numeric order and item ids as text and writes the currency upper case", () => {
    const parsed = conversionInput.parse({
      orderId: 1001,
      value: 19.95,
      currency: "eur",
      items: [{ id: 55, quantity: 2 }],
    });
    expect(parsed).toMatchObject({ orderId: "1001", currency: "EUR", items: [{ id: "55" }] });
  });

  it("names the wrong field", () => {
    const result = publicConversionSchema.safeParse({
      domainId: "d",
      orderId: "A1",
      value: -1,
      currency: "EUR",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["value"]);
    const currency = conversionInput.safeParse({ orderId: "A1", value: 1, currency: "euro" });
    expect(currency.error?.issues[0]?.path).toEqual(["currency"]);
  });
});
