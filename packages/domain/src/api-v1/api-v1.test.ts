import { describe, expect, it } from "vitest";
import { conversionInput } from "../conversion/schema";
import { v1ConversionBodySchema, v1EventsQuerySchema } from "./schema";

describe("v1ConversionBodySchema", () => {
  it("checks exactly what conversionInput checks (it only adds descriptions)", () => {
    const inputs: unknown[] = [
      { orderId: 10045, value: 129.95, currency: "eur", items: [{ id: 7, quantity: 2 }] },
      {
        orderId: " A-1 ",
        value: 0,
        currency: "USD",
        visitorId: "v1",
        occurredAt: "2026-11-26T10:15:00+01:00",
      },
      { orderId: "", value: 1, currency: "EUR" },
      { orderId: "A", value: -1, currency: "EUR" },
      { orderId: "A", value: 1, currency: "euro" },
      { orderId: "A", value: 1, currency: "EUR", items: [{ id: "x", quantity: 0 }] },
      { orderId: "A", value: 1, currency: "EUR", occurredAt: "yesterday" },
      { value: 1 },
    ];
    for (const input of inputs) {
      const ours = v1ConversionBodySchema.safeParse(input);
      const theirs = conversionInput.safeParse(input);
      expect(ours.success, JSON.stringify(input)).toBe(theirs.success);
      if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
      else
        expect(ours.error?.issues.map((i) => [i.path, i.message])).toEqual(
          theirs.error?.issues.map((i) => [i.path, i.message]),
        );
    }
  });
});

describe("v1EventsQuerySchema", () => {
  it("reads the limit from the query string and defaults it", () => {
    expect(
      v1EventsQuerySchema.parse({ from: "2026-11-01", to: "2026-11-02", limit: "50" }).limit,
    ).toBe(50);
    expect(v1EventsQuerySchema.parse({ from: "2026-11-01", to: "2026-11-02" }).limit).toBe(100);
  });
});
