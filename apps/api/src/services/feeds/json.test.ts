import { describe, expect, it } from "vitest";
import { parseFeed } from "./parse-feed";
import { collect, endless, failure } from "./test-helpers";

describe("JSON feeds", () => {
  it("reads a top-level array of objects, flattening nested values", async () => {
    const json = JSON.stringify([
      { id: 1, title: "One", price: 9.5, in_stock: true, tags: ["a", "b"], shipping: { country: "NL", price: "4.95" }, none: null },
      { id: "2", "g:title": "Two" },
    ]);
    expect(await collect(json)).toEqual([
      { id: "1", title: "One", price: "9.5", in_stock: "true", tags: ["a", "b"], "shipping.country": "NL", "shipping.price": "4.95" },
      { id: "2", title: "Two" },
    ]);
  });

  it("reads an object holding the products, skipping other values, whatever the chunking", async () => {
    const json = JSON.stringify({
      generated: "2024-01-01",
      meta: { counts: [1, 2, 3], note: 'tricky "quoted" ] } [ { text' },
      tags: ["x", "y"],
      empty: [],
      products: [{ id: "a", title: 'Brackets ] } [ { and "quotes" \\ too' }, "not a product", 42, { id: "b" }],
      after: [{ id: "ignored" }],
    });
    const expected = [{ id: "a", title: 'Brackets ] } [ { and "quotes" \\ too' }, { id: "b" }];
    expect(await collect(json)).toEqual(expected);
    for (const chunkSize of [1, 3, 17]) expect(await collect(json, { chunkSize })).toEqual(expected);
  });

  it("finds the products array deeper down", async () => {
    expect(await collect('{"data":{"total":2,"items":[{"id":1},{"id":2}]}}')).toEqual([{ id: "1" }, { id: "2" }]);
  });

  it("empty feeds", async () => {
    expect(await collect("[]")).toEqual([]);
    expect(await collect("{}")).toEqual([]);
    expect(await collect('{"products":[]}')).toEqual([]);
  });

  it("reports a product that is not valid JSON", async () => {
    const error = await failure(collect('[{"id":1},{"id":2,"title":tru}]'));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message).toMatch(/^The JSON feed is malformed: product 2 is not valid JSON/);
  });

  it("reports a file that stops in the middle of a product", async () => {
    const error = await failure(collect('[{"id":1},{"id":2,"tit'));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message).toBe("The JSON feed ends in the middle of a product; the file is incomplete.");
  });

  it("refuses deep nesting outside products", async () => {
    expect((await failure(collect(`${"[".repeat(1000)}${"]".repeat(1000)}`))).code).toBe("TOO_DEEP");
  });

  it("stops a product that grows without end", async () => {
    const stream = endless('[{"id":"', "x", 64 * 1024 * 1024);
    const error = await failure(
      (async () => {
        for await (const _ of parseFeed(stream, { limits: { maxRecordChars: 1024 * 1024 } })) void _;
      })(),
    );
    expect(error.code).toBe("RECORD_TOO_LARGE");
    expect(stream.readableEnded).toBe(false);
  });

  it("skips a huge value outside the products without holding it", async () => {
    const stream = endless('{"junk":"', "x", 8 * 1024 * 1024, '","products":[{"id":1}]}');
    const records = [];
    for await (const record of parseFeed(stream, { limits: { maxRecordChars: 1024 * 1024 } })) records.push(record);
    expect(records).toEqual([{ id: "1" }]);
  });
});
