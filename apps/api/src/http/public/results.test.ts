import { createChoice, createFilter, createFilterGroup, createStep } from "@floow/domain/floow";
import type { Product } from "@floow/domain/feed";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFeed, seedFloow, seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import { createResultsService, loadFeedProducts } from "../../services/results";
import { registerPublicRoutes } from "./index";
import { pickEncoding } from "./results";

const PRODUCTS: Product[] = [
  {
    id: "p1",
    title: "<b>Red</b> scarf",
    color: "red",
    price: 30,
    link: "https://shop.example/p1",
    description: "<p>Warm<script>alert(1)</script></p>",
  },
  {
    id: "p2",
    title: "Red coat",
    color: "red",
    price: 80,
    link: "javascript:alert(1)",
    description: "Long",
  },
  {
    id: "p3",
    title: "Blue hat",
    color: "blue",
    price: 20,
    link: "https://shop.example/p3",
    description: "",
  },
];

describe.each(testDbKinds)("public results API (%s)", (kind) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let loads = 0;
  let floowId: string;
  let developmentId: string;
  let dataId: string;
  let feedId: string;
  const red = createChoice({ text: "Red" });
  const blue = createChoice({ text: "Blue" });
  const cheap = createChoice({ text: "Under 50" });
  const green = createChoice({ text: "Green" });

  beforeAll(async () => {
    database = await createTestDb(kind);
    const db = database.db;
    const orgId = await seedOrganization(db);
    const domainId = (await seedDomain(db, orgId)).id;
    feedId = await seedFeed(db, orgId);
    const groups = [
      createFilterGroup({ choiceId: red.id }),
      createFilterGroup({ choiceId: blue.id }),
      createFilterGroup({ choiceId: cheap.id }),
      createFilterGroup({ choiceId: green.id }),
    ];
    const [gRed, gBlue, gCheap, gGreen] = groups.map((g) => g.id) as [
      string,
      string,
      string,
      string,
    ];
    const floow = {
      status: "live" as const,
      feedId,
      steps: [createStep({ choices: [red, blue, green] }), createStep({ choices: [cheap] })],
      filterGroups: groups,
      filters: [
        createFilter({ filterGroupId: gRed, field: "color", value: "red" }),
        createFilter({ filterGroupId: gBlue, field: "color", value: "blue" }),
        createFilter({ filterGroupId: gCheap, field: "price", operator: "lessThan", value: "50" }),
        createFilter({ filterGroupId: gGreen, field: "color", value: "green" }),
      ],
    };
    floowId = (await seedFloow(db, orgId, domainId, "selling", floow)).id;
    developmentId = (
      await seedFloow(db, orgId, domainId, "selling", { ...floow, status: "development" })
    ).id;
    dataId = (await seedFloow(db, orgId, domainId, "data", { status: "live" })).id;

    const results = createResultsService(db, {
      loadProducts: async (_db, organizationId, loadedFeedId) => {
        loads += 1;
        expect(organizationId).toBe(orgId);
        expect(loadedFeedId).toBe(feedId);
        return PRODUCTS;
      },
    });
    app = Fastify();
    await registerPublicRoutes(app, { db, results, rateLimits: { results: 12 } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (payload: unknown, contentType = "application/json") =>
    app.inject({
      method: "POST",
      url: "/api/public/results",
      headers: { "content-type": contentType, origin: "https://merchant.example" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  it("returns the products matching every step's choices, sanitized for display", async () => {
    const response = await post({ floowId, choiceIds: [red.id, cheap.id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      products: [
        {
          id: "p1",
          title: "Red scarf",
          color: "red",
          price: 30,
          link: "https://shop.example/p1",
          description: "<p>Warm</p>",
        },
      ],
      // What the script-tag renderer shows (`readCard`): the price as a number, and what
      // the record does not hold under its own name (it has no image).
      cards: [{ price: 30, image: "" }],
      partial: false,
    });
    // Choices of one step widen: red or blue, under 50.
    const widened = await post({ floowId, choiceIds: [red.id, blue.id, cheap.id] });
    expect(widened.json().products.map((p: Product) => p.id)).toEqual(["p1", "p3"]);
  });

  it("gives every product without choices, a best partial match when nothing matches, and no javascript: links", async () => {
    const all = (await post({ floowId })).json();
    expect(all.products.map((p: Product) => p.id)).toEqual(["p1", "p2", "p3"]);
    expect(all.products[1].link).toBe("");
    expect(all.cards[1]).toEqual({ price: 80, image: "" });
    const partial = (await post({ floowId, choiceIds: [green.id, cheap.id] })).json();
    expect(partial).toMatchObject({ partial: true });
    expect(partial.products.map((p: Product) => p.id)).toEqual(["p1", "p3"]);
  });

  it("takes a text/plain body (no preflight) and keeps a feed's products in memory", async () => {
    const before = loads;
    const response = await post(
      JSON.stringify({ floowId, choiceIds: [blue.id] }),
      "text/plain;charset=UTF-8",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().products.map((p: Product) => p.id)).toEqual(["p3"]);
    expect(loads).toBe(before);
  });

  it("answers 404 for a floow that is not live, and no products for a data floow", async () => {
    const missing = await post({ floowId: developmentId, choiceIds: [] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({
      code: "NOT_FOUND",
      fieldErrors: [{ path: ["floowId"] }],
    });
    expect((await post({ floowId: dataId, choiceIds: [] })).json()).toEqual({
      products: [],
      cards: [],
      partial: false,
    });
  });

  it("answers 400 naming the field", async () => {
    const wrongType = await post({ floowId: 5, choiceIds: [] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^floowId: /),
      fieldErrors: [{ path: ["floowId"] }],
    });
    const badChoices = await post({ floowId, choiceIds: "red" });
    expect(badChoices.json().error.fieldErrors[0].path).toEqual(["choiceIds"]);
    const badJson = await post("{nope", "text/plain");
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.message).toBe("The body is not valid JSON.");
    const badJsonTyped = await post("{nope");
    expect(badJsonTyped.statusCode).toBe(400);
    expect(badJsonTyped.json().error.code).toBe("BAD_REQUEST");
  });

  it("refuses a body over 32 KB with 413", async () => {
    const response = await post({
      floowId,
      choiceIds: Array.from({ length: 400 }, () => "x".repeat(100)),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("sends the answer brotli- or gzip-compressed as the browser accepts, the same JSON", async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      id: `m${i}`,
      title: `Red thing ${i}`,
      color: "red",
      price: 10 + i,
    }));
    const own = Fastify();
    await registerPublicRoutes(own, {
      db: database.db,
      results: createResultsService(database.db, { loadProducts: async () => many }),
    });
    try {
      const ask = (acceptEncoding?: string) =>
        own.inject({
          method: "POST",
          url: "/api/public/results",
          headers: {
            "content-type": "text/plain",
            ...(acceptEncoding && { "accept-encoding": acceptEncoding }),
          },
          payload: JSON.stringify({ floowId, choiceIds: [red.id] }),
        });
      const plain = await ask();
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(plain.json().products).toHaveLength(60);
      const browser = await ask("gzip, deflate, br, zstd");
      expect(browser.headers["content-encoding"]).toBe("br");
      expect(browser.headers.vary).toMatch(/accept-encoding/i);
      expect(browser.headers["cache-control"]).toBe("no-store");
      expect(brotliDecompressSync(browser.rawPayload).toString()).toBe(plain.body);
      const gzip = await ask("gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    } finally {
      await own.close();
    }
  });

  it("pickEncoding follows Accept-Encoding's weights", () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding("x-gzip")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*;q=0")).toBeNull();
    expect(pickEncoding("deflate")).toBeNull();
  });

  it("rate-limits per client address with 429 and Retry-After", async () => {
    let response = await post({ floowId });
    for (let i = 0; i < 20 && response.statusCode !== 429; i++) response = await post({ floowId });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBeDefined();
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.json().error).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringContaining("Too many requests"),
    });
    // Another address has its own budget.
    const other = await app.inject({
      method: "POST",
      url: "/api/public/results",
      remoteAddress: "203.0.113.9",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ floowId }),
    });
    expect(other.statusCode).toBe(200);
  });

  it("loadFeedProducts reads a feed's products in feed order, as records under the default variable names", async () => {
    const db = database.db;
    const orgId = await seedOrganization(db, "Loader");
    const feed = await seedFeed(db, orgId, [
      {
        id: "b",
        name: "Second",
        price: 12.5,
        url: "https://s/b",
        image: "https://s/b.jpg",
        description: "B",
        attributes: { color: "blue", title: "raw" },
      },
      {
        id: "a",
        name: "First",
        url: "https://s/a",
        description: "A",
        attributes: { color: "red", sizes: ["S", "M"] },
      },
    ]);
    expect(await loadFeedProducts(db, orgId, feed)).toEqual([
      {
        color: "blue",
        id: "b",
        title: "Second",
        price: 12.5,
        link: "https://s/b",
        image_link: "https://s/b.jpg",
        description: "B",
      },
      {
        color: "red",
        sizes: ["S", "M"],
        id: "a",
        title: "First",
        price: null,
        link: "https://s/a",
        image_link: "",
        description: "A",
      },
    ]);
    // Another organization's feed id gives nothing.
    expect(await loadFeedProducts(db, await seedOrganization(db, "Other"), feed)).toEqual([]);
  });
});
