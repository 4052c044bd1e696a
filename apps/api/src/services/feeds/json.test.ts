import { describe, expect, it } from "vitest";
import { FeedError } from "./errors";
import { parseFeed } from "./parse-feed";
import { collect, endless, failure } from "../../../test/feed-streams";

describe("JSON feeds", () => {
  it("reads a top-level array of objects, flattening nested values", async () => {
    const json = JSON.stringify([
      {
        id: 1,
        title: "One",
        price: 9.5,
        in_stock: true,
        tags: ["a", "b"],
        shipping: { country: "NL", price: "4.95" },
        none: null,
      },
      { id: "2", "g:title": "Two" },
    ]);
    expect(await collect(json)).toEqual([
      {
        id: "1",
        title: "One",
        price: "9.5",
        in_stock: "true",
        tags: ["a", "b"],
        "shipping.country": "NL",
        "shipping.price": "4.95",
      },
      { id: "2", title: "Two" },
    ]);
  });

  it("reads an object holding the products, skipping other values, whatever the chunking", async () => {
    const json = JSON.stringify({
      generated: "2024-01-01",
      meta: { counts: [1, 2, 3], note: 'tricky "quoted" ] } [ { text' },
      tags: ["x", "y"],
      empty: [],
      products: [
        { id: "a", title: 'Brackets ] } [ { and "quotes" \\ too' },
        "not a product",
        42,
        { id: "b" },
      ],
      after: [{ id: "ignored" }],
    });
    const expected = [{ id: "a", title: 'Brackets ] } [ { and "quotes" \\ too' }, { id: "b" }];
    expect(await collect(json)).toEqual(expected);
    for (const chunkSize of [1, 3, 17])
      expect(await collect(json, { chunkSize })).toEqual(expected);
  });

  it("finds the products array deeper down", async () => {
    expect(await collect('{"data":{"total":2,"items":[{"id":1},{"id":2}]}}')).toEqual([
      { id: "1" },
      { id: "2" },
    ]);
  });

  it("empty feeds", async () => {
    expect(await collect("[]")).toEqual([]);
    expect(await collect('{"products":[]}')).toEqual([]);
    expect(await collect('{"data":{"items":[]}}')).toEqual([]);
  });

  it("refuses a file cut off between products instead of reading it as a shorter feed", async () => {
    for (const json of [
      '[{"id":"1"},{"id":"2"},',
      '[{"id":"1"},{"id":"2"}',
      '{"products":[{"id":"1"}, 42',
      '{"products":[{"id":"1"}, "a',
    ]) {
      const error = await failure(collect(json));
      expect(error.code, json).toBe("PARSE_ERROR");
      expect(error.message).toMatch(/^The JSON feed ends before its list of products is closed/);
    }
  });

  it("refuses a file cut off after its products or in the middle of other values", async () => {
    for (const json of [
      '{"products":[{"id":"1"}]',
      '{"products": nonsense',
      '{"meta":{"note":"cut',
    ]) {
      const error = await failure(collect(json));
      expect(error.code, json).toBe("PARSE_ERROR");
      expect(error.message).toBe(
        "The JSON feed ends early (an unclosed bracket or quote); the file is incomplete or not valid JSON.",
      );
    }
  });

  it("refuses JSON that holds no list of products (an error answer is not an empty feed)", async () => {
    for (const json of ['{"error":"Feed not found"}', "{}", '{"tags":["a","b"],"count":2}']) {
      const error = await failure(collect(json));
      expect(error.code, json).toBe("PARSE_ERROR");
      expect(error.message).toBe(
        "The JSON file holds no list of products (an array of objects, or an object holding one).",
      );
    }
  });

  it("drops NUL characters, which the database cannot store", async () => {
    expect(await collect('[{"id":"1","title":"Bad\\u0000shoe","x\\u0000y":"z"}]')).toEqual([
      { id: "1", title: "Badshoe", xy: "z" },
    ]);
  });

  it("refuses a product nested deeper than the limit while streaming, without a RangeError", async () => {
    const depth = 200_000;
    const json = `[{"id":"1","deep":${"[".repeat(depth)}${"]".repeat(depth)}}]`;
    const error = await failure(collect(json));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.code).toBe("TOO_DEEP");
    expect(error.message).toBe("Product 1 of the JSON feed nests more than 64 levels deep.");
    // Up to the limit, nesting is fine (deep values are kept as JSON text).
    const ok = `[{"id":"1","deep":${"[".repeat(60)}1${"]".repeat(60)}}]`;
    expect(await collect(ok)).toEqual([
      { id: "1", deep: JSON.stringify(JSON.parse("[".repeat(53) + "1" + "]".repeat(53))) },
    ]);
  });

  it("reports a product that is not valid JSON", async () => {
    const error = await failure(collect('[{"id":1},{"id":2,"title":tru}]'));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message).toMatch(/^The JSON feed is malformed: product 2 is not valid JSON/);
  });

  it("reports a file that stops in the middle of a product", async () => {
    const error = await failure(collect('[{"id":1},{"id":2,"tit'));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message).toBe(
      "The JSON feed ends in the middle of a product; the file is incomplete.",
    );
  });

  it("refuses deep nesting outside products", async () => {
    expect((await failure(collect(`${"[".repeat(1000)}${"]".repeat(1000)}`))).code).toBe(
      "TOO_DEEP",
    );
  });

  it("stops a product that grows without end", async () => {
    const stream = endless('[{"id":"', "x", 64 * 1024 * 1024);
    const error = await failure(
      (async () => {
        for await (const _ of parseFeed(stream, { limits: { maxRecordChars: 1024 * 1024 } }))
          void _;
      })(),
    );
    expect(error.code).toBe("RECORD_TOO_LARGE");
    expect(stream.readableEnded).toBe(false);
  });

  it("skips a huge value outside the products without holding it", async () => {
    const stream = endless('{"junk":"', "x", 8 * 1024 * 1024, '","products":[{"id":1}]}');
    const records = [];
    for await (const record of parseFeed(stream, { limits: { maxRecordChars: 1024 * 1024 } }))
      records.push(record);
    expect(records).toEqual([{ id: "1" }]);
  });
});
