import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../client";
import { upsertFeed } from "./feed";
import {
  analyzeProducts,
  discardStagedProducts,
  listFeedProductRecords,
  listProducts,
  publishStagedProducts,
  stageProducts,
} from "./product";
import type { ProductInput } from "./product";

describe.each(testDbKinds)("staging and publishing products (%s)", (kind) => {
  let handle: DbHandle;
  let feed: { id: string; organizationId: string };

  beforeAll(async () => {
    handle = await createTestDb(kind);
    const organizationId = await seedOrganization(handle.db);
    const id = "feed-staging";
    await upsertFeed(handle.db, organizationId, {
      id,
      domainId: null,
      name: "Shoes",
      url: "https://shop.example/feed.xml",
      type: "channable",
      description: "",
      image: null,
      variables: DEFAULT_FEED_VARIABLES,
    });
    feed = { id, organizationId };
  });
  afterAll(() => handle.close());

  const product = (id: string, overrides: Partial<ProductInput> = {}): ProductInput => ({
    id,
    name: `Shoe ${id}`,
    price: 10,
    url: `https://shop.example/${id}`,
    image: "",
    description: "",
    attributes: { id, title: `Shoe ${id}` },
    ...overrides,
  });

  it("stores every field as given, in feed order across batches, text of any kind included", async () => {
    const awkward = `Quote " backslash \\ tab \t newline \n comma, {brace} 'single' – ü 😀 \\u0041`;
    await stageProducts(
      handle.db,
      feed,
      [product("A-1", { name: awkward, description: "<p>HTML &amp; more</p>", price: 1299.95 })],
      0,
    );
    await stageProducts(
      handle.db,
      feed,
      [
        product("A-2", {
          price: null,
          attributes: { id: "A-2", sizes: ["40", "41"], "shipping.country": "NL" },
        }),
        product("A-3", { name: "Lone \ud800 surrogate", price: 0.30000000000000004 }),
      ],
      1,
    );
    expect(
      await handle.db.transaction().execute((trx) => publishStagedProducts(trx, feed.id)),
    ).toBe(3);

    const { items, total } = await listProducts(handle.db, feed.organizationId, feed.id);
    expect(total).toBe(3);
    expect(items.map((item) => item.id)).toEqual(["A-1", "A-2", "A-3"]);
    expect(items[0]).toMatchObject({
      name: awkward,
      description: "<p>HTML &amp; more</p>",
      price: 1299.95,
    });
    expect(items[1]).toMatchObject({
      price: null,
      attributes: { id: "A-2", sizes: ["40", "41"], "shipping.country": "NL" },
    });
    // As text parameters did, a lone surrogate becomes U+FFFD rather than failing the import.
    expect(items[2]).toMatchObject({ name: "Lone \ufffd surrogate", price: 0.30000000000000004 });
    expect(await handle.db.selectFrom("product_import").select("external_id").execute()).toEqual(
      [],
    );
  });

  it("a publish replaces the feed's products; discarded staged products never appear", async () => {
    await stageProducts(handle.db, feed, [product("B-1")], 0);
    await discardStagedProducts(handle.db, feed.id);
    await stageProducts(handle.db, feed, [product("C-1"), product("C-2")], 0);
    await handle.db.transaction().execute((trx) => publishStagedProducts(trx, feed.id));
    const { items } = await listProducts(handle.db, feed.organizationId, feed.id);
    expect(items.map((item) => item.id)).toEqual(["C-1", "C-2"]);
  });

  it("reads a whole feed as records, in feed order, over more than one page", async () => {
    // More products than PGlite reads per statement (2,000), staged in batches of 1,000.
    const count = 4_321;
    const all = Array.from({ length: count }, (_, i) =>
      product(`R-${i}`, { price: i, attributes: { id: `R-${i}`, colour: i % 2 ? "red" : "blue" } }),
    );
    for (let i = 0; i < count; i += 1_000)
      await stageProducts(handle.db, feed, all.slice(i, i + 1_000), i);
    await handle.db.transaction().execute((trx) => publishStagedProducts(trx, feed.id));
    const records = await listFeedProductRecords(handle.db, feed.organizationId, feed.id);
    expect(records).toHaveLength(count);
    expect(records.map((record) => record.id)).toEqual(all.map((p) => p.id));
    expect(records[4_320]).toEqual({
      id: "R-4320",
      colour: "blue",
      title: "Shoe R-4320",
      price: 4320,
      link: "https://shop.example/R-4320",
      image_link: "",
      description: "",
    });
  });

  it("reads a feed whose positions have gaps whole and in order, and nothing for another organization", async () => {
    // PGlite reads in ranges of positions: a range with no products, or only some, is no end.
    const positions = [0, 1, 2, 2_500, 2_501, 7_000, 7_001, 7_002];
    const all = positions.map((position) => product(`G-${position}`));
    await discardStagedProducts(handle.db, feed.id);
    for (const [index, position] of positions.entries())
      await stageProducts(handle.db, feed, [all[index]!], position);
    await handle.db.transaction().execute((trx) => publishStagedProducts(trx, feed.id));
    const records = await listFeedProductRecords(handle.db, feed.organizationId, feed.id);
    expect(records.map((record) => record.id)).toEqual(all.map((p) => p.id));
    const other = await seedOrganization(handle.db);
    expect(await listFeedProductRecords(handle.db, other, feed.id)).toEqual([]);
  });

  it("analyzeProducts gives the planner statistics of the columns queries filter and sort by", async () => {
    await analyzeProducts(handle.db);
    const { rows } = await sql<{
      attname: string;
    }>`select "attname" from "pg_stats" where "tablename" = 'product' order by "attname"`.execute(
      handle.db,
    );
    expect(rows.map((row) => row.attname)).toEqual(
      expect.arrayContaining([
        "external_id",
        "feed_id",
        "name",
        "organization_id",
        "position",
        "price",
      ]),
    );
  });

  it("the organization-wide product list filters through an index on product.organization_id", async () => {
    const { rows } = await sql<{
      indexdef: string;
    }>`select "indexdef" from "pg_indexes" where "tablename" = 'product' and "indexname" = 'product_organization_id_idx'`.execute(
      handle.db,
    );
    expect(rows.map((row) => row.indexdef)).toEqual([
      expect.stringMatching(/ON (public\.)?product USING btree \(organization_id\)/),
    ]);
    await handle.db.transaction().execute(async (trx) => {
      // With sequential scans off, the planner shows it can use the index for the filter.
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await sql<{
        "QUERY PLAN": string;
      }>`explain select count(*) from "product" where "organization_id" = ${feed.organizationId}`.execute(
        trx,
      );
      expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain(
        "product_organization_id_idx",
      );
    });
  });
});
