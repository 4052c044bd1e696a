import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../test/db";
import { seedFeed, seedOrganization } from "../../test/floows";
import type { DbHandle } from "./client";
import { runMaintenance, tablesDueForMaintenance, walSinceCheckpoint } from "./maintenance";
import { openProductLoader } from "./queries/product-load";

describe.each(testDbKinds)("maintenance: autovacuum's work (%s)", (kind) => {
  let handle: DbHandle;
  let organizationId: string;

  let feedId: string;

  beforeAll(async () => {
    handle = await createTestDb(kind);
    organizationId = await seedOrganization(handle.db);
    feedId = await seedFeed(handle.db, organizationId);
  });
  afterAll(() => handle.close());

  const products = Array.from({ length: 4_000 }, (_, i) => ({
    id: `M-${i}`,
    name: `Shoe ${i}`,
    price: i,
    url: `https://shop.example/${i}`,
    image: "",
    description: "A shoe. ".repeat(20),
    attributes: { id: `M-${i}`, colour: "red" },
  }));
  /** A feed refresh's load: every product replaced. */
  const refresh = async () => {
    const loader = await openProductLoader(handle.db, { id: feedId, organizationId });
    for (let i = 0; i < products.length; i += 500) await loader.write(products.slice(i, i + 500));
    await loader.publish(async () => undefined);
  };
  const productBytes = async () =>
    Number(
      (
        await sql<{
          size: string;
        }>`select pg_total_relation_size('product') as "size"`.execute(handle.db)
      ).rows[0]!.size,
    );
  /** The cumulative statistics are flushed to the views at the end of a transaction, lazily. */
  const flushStats = () => sql`select pg_stat_force_next_flush()`.execute(handle.db);

  it("vacuums the products a refresh replaced, so refreshes reuse their space instead of growing the table", async () => {
    const sizes: number[] = [];
    for (let round = 1; round <= 4; round++) {
      await refresh();
      await flushStats();
      if (round > 1)
        expect(await tablesDueForMaintenance(handle.db)).toContainEqual(
          expect.objectContaining({ table: "product", vacuum: true }),
        );
      await runMaintenance(handle.db);
      sizes.push(await productBytes());
    }
    // Without the vacuum every refresh added the feed's size again: 4 refreshes, 4 feeds' worth.
    // With it the table holds at most the new products and the old ones' space, reused. (A
    // vacuum also gives back the empty pages at the table's end, so the size alternates.)
    expect(sizes[3]!).toBeLessThan(sizes[1]! * 1.1);
    await flushStats();
    expect(await tablesDueForMaintenance(handle.db)).toEqual([]);
  });

  // PGlite only: on the server the log is the whole cluster's, which other tests write at once
  // (and the server checkpoints on its own).
  it.runIf(kind === "pglite")(
    "runs a checkpoint once the log has grown past a segment, so the log's old files are removed or reused",
    async () => {
      await runMaintenance(handle.db);
      expect((await runMaintenance(handle.db)).checkpoint).toBe(false);
      await refresh();
      expect(await walSinceCheckpoint(handle.db)).toBeGreaterThan(1_000_000);
      const done = await runMaintenance(handle.db, { checkpointAfterBytes: 1_000_000 });
      expect(done.checkpoint).toBe(true);
      expect(await walSinceCheckpoint(handle.db)).toBeLessThan(100_000);
    },
  );

  it("leaves a PGlite import's staging table alone, and tables with few changes", async () => {
    await flushStats();
    await runMaintenance(handle.db);
    await sql`create table "product_stage_test" ("id" integer)`.execute(handle.db);
    await sql`insert into "product_stage_test" select g from generate_series(1, 1000) g`.execute(
      handle.db,
    );
    await sql`delete from "product_stage_test"`.execute(handle.db);
    await flushStats();
    expect(await tablesDueForMaintenance(handle.db)).toEqual([]);
    await sql`drop table "product_stage_test"`.execute(handle.db);
  });
});
