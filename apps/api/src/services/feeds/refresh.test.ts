import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import { deleteFeed, findFeed, upsertFeed } from "../../db/queries/feed";
import { claimJob, enqueueJob } from "../../db/queries/job";
import { tablesDueForMaintenance } from "../../db/maintenance";
import { listProducts } from "../../db/queries/product";
import { merchantRss } from "./fixtures";
import {
  abandonedMessage,
  EMPTY_FEED_MESSAGE,
  enqueueFeedRefresh,
  FEED_REFRESH_JOB,
  INTERRUPTED_MESSAGE,
  refreshFeed,
  startFeedRefresher,
} from "./refresh";
import { failure } from "../../../test/feed-streams";

// `/feed.xml`: a Merchant feed of `rows` items. `/feed.csv`: a CSV feed of `rows` products;
// with `badRow`, that product's id is 12 kB of random text, more than a PostgreSQL index
// entry may hold, so the database refuses it: the write of its batch fails while the next
// batch is read. With `nulRow`, that product's title holds a NUL character (dropped).
// `/feed.json`: the `json` text as it is.
let rows = 0;
let badRow = 0;
let nulRow = 0;
let json = "";
// `/endless.xml`: a Merchant feed that keeps sending items slowly; `endlessClosed` turns true
// when the client hangs up. `/repeated.xml.gz`: a small gzip of the same item many times.
let endlessClosed = false;
const repeatedGzip = gzipSync(
  `<rss xmlns:g="http://base.google.com/ns/1.0"><channel>${"<item><g:id>1</g:id><title>Same shoe</title></item>".repeat(200_000)}</channel></rss>`,
);
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/feed.xml") {
      res.writeHead(200, { "content-type": "application/xml" });
      return void res.end([...merchantRss(rows)].join(""));
    }
    if (req.url === "/slow.csv") {
      // A feed that never finishes downloading.
      res.writeHead(200, { "content-type": "text/csv" });
      return void res.write("id,title\nP-1,Shoe\n");
    }
    if (req.url === "/endless.xml") {
      endlessClosed = false;
      res.writeHead(200, { "content-type": "application/xml" });
      res.write(`<rss xmlns:g="http://base.google.com/ns/1.0"><channel>`);
      let n = 0;
      const timer = setInterval(
        () => res.write(`<item><g:id>E-${++n}</g:id><title>Shoe ${n}</title></item>`.repeat(50)),
        20,
      );
      res.on("close", () => {
        clearInterval(timer);
        endlessClosed = true;
      });
      return;
    }
    if (req.url === "/repeated.xml.gz") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return void res.end(repeatedGzip);
    }
    if (req.url === "/feed.json") {
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(json);
    }
    res.writeHead(200, { "content-type": "text/csv" });
    const lines = ["id,title,link,price"];
    for (let i = 1; i <= rows; i++) {
      const id = i === badRow ? randomBytes(9_000).toString("base64") : `P-${i}`;
      lines.push(
        `${id},${i === nulRow ? "Bad\u0000shoe" : `Shoe ${i}`},https://shop.example/${i},${i}.95 EUR`,
      );
    }
    res.end(`${lines.join("\n")}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each(testDbKinds)("refreshFeed (%s)", (kind) => {
  let handle: DbHandle;
  let organizationId: string;

  beforeAll(async () => {
    handle = await createTestDb(kind);
    organizationId = await seedOrganization(handle.db);
  });
  afterAll(() => handle.close());

  /** The staging tables of PGlite imports left behind (none once a refresh ended). */
  const stagingTables = async () =>
    (
      await sql<{
        tablename: string;
      }>`select "tablename" from "pg_tables" where "tablename" like 'product_stage_%'`.execute(
        handle.db,
      )
    ).rows;

  const saveFeed = async (id: string, path: string) => {
    const saved = await upsertFeed(handle.db, organizationId, {
      id,
      domainId: null,
      name: id,
      url: `${base}${path}`,
      type: "channable",
      description: "",
      image: null,
      variables: DEFAULT_FEED_VARIABLES,
    });
    expect(saved.outcome).toBe("created");
  };

  it("stores every product of a feed read in several batches, in feed order", async () => {
    rows = 2_345;
    badRow = 0;
    await saveFeed("many", "/feed.xml");
    const summary = await refreshFeed(handle.db, organizationId, "many", {
      fetch: { allowLoopback: true },
      batchSize: 500,
    });
    expect(summary).not.toBeNull();
    const { items, total } = await listProducts(handle.db, organizationId, "many", {
      offset: 2_340,
      limit: 10,
    });
    expect(total).toBe(2_345);
    expect(items.map((item) => item.id)).toEqual([
      "SKU-002341",
      "SKU-002342",
      "SKU-002343",
      "SKU-002344",
      "SKU-002345",
    ]);
    expect(await findFeed(handle.db, organizationId, "many")).toMatchObject({
      lastRefreshStatus: "ok",
      productCount: 2_345,
    });
    // The import leaves the planner statistics of the new products (PGlite has no autovacuum):
    // it knows how many products the feed has.
    const plan = await sql<{
      "QUERY PLAN": string;
    }>`explain select * from "product" where "feed_id" = 'many'`.execute(handle.db);
    const estimate = Number(/rows=(\d+)/.exec(plan.rows[0]!["QUERY PLAN"])?.[1]);
    expect(estimate).toBeGreaterThan(2_000);
    expect(estimate).toBeLessThan(2_700);
    // ... and on PGlite, whose upkeep follows autovacuum's rules (db/maintenance.ts), it does not
    // look due for another analysis: the import's own changes were counted before it.
    if (kind === "pglite") {
      await sql`select pg_stat_force_next_flush()`.execute(handle.db);
      expect(await tablesDueForMaintenance(handle.db)).not.toContainEqual(
        expect.objectContaining({ table: "product", analyze: true }),
      );
    }
    // Refreshed again with fewer products: the old ones are all replaced.
    rows = 1_200;
    await refreshFeed(handle.db, organizationId, "many", {
      fetch: { allowLoopback: true },
      batchSize: 500,
    });
    expect((await listProducts(handle.db, organizationId, "many", { limit: 1 })).total).toBe(1_200);
    expect(await findFeed(handle.db, organizationId, "many")).toMatchObject({
      lastRefreshStatus: "ok",
      productCount: 1_200,
    });
  });

  it("a batch the database refuses fails the refresh, keeps the last good products and leaves nothing staged", async () => {
    rows = 30;
    badRow = 0;
    nulRow = 0;
    await saveFeed("refused", "/feed.csv");
    await refreshFeed(handle.db, organizationId, "refused", {
      fetch: { allowLoopback: true },
      batchSize: 1000,
    });
    expect((await listProducts(handle.db, organizationId, "refused")).total).toBe(30);

    // Past the first 64 KB, which the format check reads.
    rows = 4_000;
    badRow = 2_500;
    await expect(
      refreshFeed(handle.db, organizationId, "refused", {
        fetch: { allowLoopback: true },
        batchSize: 1000,
      }),
    ).rejects.toThrow(/index row/i);
    const { items, total } = await listProducts(handle.db, organizationId, "refused", {
      offset: 29,
    });
    expect(total).toBe(30);
    expect(items).toMatchObject([{ id: "P-30", name: "Shoe 30" }]);
    expect(await findFeed(handle.db, organizationId, "refused")).toMatchObject({
      lastRefreshStatus: "failed",
      lastRefreshError: "Something went wrong reading the feed.",
      productCount: 30,
    });
    expect(
      await handle.db
        .selectFrom("product_import")
        .select("external_id")
        .where("feed_id", "=", "refused")
        .execute(),
    ).toEqual([]);
  });

  it("stores a product whose text holds a NUL character past the first 64 kB, without the NUL", async () => {
    rows = 4_000;
    badRow = 0;
    nulRow = 2_500;
    await saveFeed("nul", "/feed.csv");
    await refreshFeed(handle.db, organizationId, "nul", {
      fetch: { allowLoopback: true },
      batchSize: 1000,
    });
    const { items } = await listProducts(handle.db, organizationId, "nul", {
      offset: 2_499,
      limit: 1,
    });
    expect(items).toMatchObject([{ id: "P-2500", name: "Badshoe" }]);
    expect(await findFeed(handle.db, organizationId, "nul")).toMatchObject({
      lastRefreshStatus: "ok",
      productCount: 4_000,
    });
  });

  it("a JSON feed that is cut off or is an error answer fails the refresh and keeps the last good products", async () => {
    json = JSON.stringify([
      { id: "1", title: "One" },
      { id: "2", title: "Two" },
      { id: "3", title: "Three" },
    ]);
    await saveFeed("cut", "/feed.json");
    await refreshFeed(handle.db, organizationId, "cut", { fetch: { allowLoopback: true } });
    expect((await listProducts(handle.db, organizationId, "cut")).total).toBe(3);

    for (const [text, message] of [
      [
        '[{"id":"1"},{"id":"2"},',
        "The JSON feed ends before its list of products is closed (after product 2); the file is incomplete.",
      ],
      [
        '{"products": nonsense',
        "The JSON feed ends early (an unclosed bracket or quote); the file is incomplete or not valid JSON.",
      ],
      [
        '{"error":"Feed not found"}',
        "The JSON file holds no list of products (an array of objects, or an object holding one).",
      ],
    ] as const) {
      json = text;
      const error = await failure(
        refreshFeed(handle.db, organizationId, "cut", { fetch: { allowLoopback: true } }),
      );
      expect(error.code).toBe("PARSE_ERROR");
      expect(
        (await listProducts(handle.db, organizationId, "cut")).items.map((item) => item.name),
      ).toEqual(["One", "Two", "Three"]);
      expect(await findFeed(handle.db, organizationId, "cut")).toMatchObject({
        lastRefreshStatus: "failed",
        lastRefreshError: message,
        productCount: 3,
      });
    }
  });

  it("a feed that comes back empty keeps its last products (the refresh fails, saying so); a new empty feed is fine", async () => {
    json = JSON.stringify([
      { id: "1", title: "One" },
      { id: "2", title: "Two" },
    ]);
    await saveFeed("emptied", "/feed.json");
    await refreshFeed(handle.db, organizationId, "emptied", { fetch: { allowLoopback: true } });

    json = JSON.stringify({ products: [] });
    const error = await failure(
      refreshFeed(handle.db, organizationId, "emptied", { fetch: { allowLoopback: true } }),
    );
    expect(error.code).toBe("EMPTY_FEED");
    expect(
      (await listProducts(handle.db, organizationId, "emptied")).items.map((item) => item.name),
    ).toEqual(["One", "Two"]);
    expect(await findFeed(handle.db, organizationId, "emptied")).toMatchObject({
      lastRefreshStatus: "failed",
      lastRefreshError: EMPTY_FEED_MESSAGE,
      productCount: 2,
    });

    await saveFeed("empty-from-the-start", "/feed.json");
    await refreshFeed(handle.db, organizationId, "empty-from-the-start", {
      fetch: { allowLoopback: true },
    });
    expect(await findFeed(handle.db, organizationId, "empty-from-the-start")).toMatchObject({
      lastRefreshStatus: "ok",
      productCount: 0,
    });
  });

  it("stores text with tabs, line breaks, backslashes and odd Unicode exactly (the bulk load escapes them)", async () => {
    const odd = {
      id: "A\tB\\C",
      title: "Tab\there, new\nline, back\\slash, CR\r\nLF",
      description: "\\N is not null",
      link: "https://shop.example/x?a=1\tb",
      brand: "Ünïcødé ✓ 😀 \ud800 lone",
      note: "\\.",
    };
    json = JSON.stringify([odd, { id: "2", title: "" }]);
    await saveFeed("odd-text", "/feed.json");
    await refreshFeed(handle.db, organizationId, "odd-text", { fetch: { allowLoopback: true } });
    const { items } = await listProducts(handle.db, organizationId, "odd-text");
    expect(items.map(({ id, name, description, url }) => ({ id, name, description, url }))).toEqual(
      [
        { id: odd.id, name: odd.title, description: odd.description, url: odd.link },
        { id: "2", name: "", description: "", url: "" },
      ],
    );
    expect(items[0]!.attributes).toMatchObject({
      id: odd.id,
      title: odd.title,
      description: odd.description,
      brand: "Ünïcødé ✓ 😀 \ufffd lone",
      note: "\\.",
    });
  });

  it("deleting a feed stops its running refresh: the download is cancelled and nothing is stored", async () => {
    await saveFeed("endless", "/endless.xml");
    const refresher = startFeedRefresher(handle.db, {
      intervalMinutes: null,
      pollMs: 10,
      fetch: { allowLoopback: true },
    });
    try {
      await enqueueFeedRefresh(handle.db, organizationId, "endless");
      await expect
        .poll(
          async () => (await findFeed(handle.db, organizationId, "endless"))?.lastRefreshStatus,
          { timeout: 5_000 },
        )
        .toBe("running");
      // Some products are being written when the feed is deleted.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = Date.now();
      expect(await deleteFeed(handle.db, organizationId, "endless")).toBe(true);
      expect(Date.now() - before).toBeLessThan(3_000);
      await expect.poll(() => endlessClosed, { timeout: 3_000 }).toBe(true);
      expect(
        await handle.db.selectFrom("job").select("id").where("key", "=", "endless").execute(),
      ).toEqual([]);
      expect(
        await handle.db
          .selectFrom("product")
          .select("external_id")
          .where("feed_id", "=", "endless")
          .execute(),
      ).toEqual([]);
      expect(
        await handle.db
          .selectFrom("product_import")
          .select("external_id")
          .where("feed_id", "=", "endless")
          .execute(),
      ).toEqual([]);
      expect(await stagingTables()).toEqual([]);
    } finally {
      await refresher.stop();
    }
  });

  it("a feed that costs more than the CPU-time budget is stopped, with a message on the feed", async () => {
    await saveFeed("repeated", "/repeated.xml.gz");
    const error = await failure(
      refreshFeed(handle.db, organizationId, "repeated", {
        fetch: { allowLoopback: true, limits: { maxCpuMs: 50 } },
      }),
    );
    expect(error.code).toBe("CPU_BUDGET");
    expect(await stagingTables()).toEqual([]);
    const feed = await findFeed(handle.db, organizationId, "repeated");
    expect(feed?.lastRefreshStatus).toBe("failed");
    expect(feed?.lastRefreshError).toMatch(
      /^Reading the feed took more than 50 ms of processing time, so it was stopped after \d+ (kB|MB) of its data\. Is it very large, or does it repeat the same products over and over\?$/,
    );
  });

  it("a refresh stopped before its download began ends at once (it once downloaded on until the timeout)", async () => {
    // The worker stopping while the refresh opens its database side: the signal is already
    // aborted when the download starts. A feed that never finishes would hold the shutdown.
    await saveFeed("slow-stopped", "/slow.csv");
    const started = Date.now();
    await expect(
      refreshFeed(handle.db, organizationId, "slow-stopped", {
        fetch: { allowLoopback: true, signal: AbortSignal.abort() },
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await findFeed(handle.db, organizationId, "slow-stopped")).toMatchObject({
      lastRefreshStatus: "failed",
      lastRefreshError: INTERRUPTED_MESSAGE,
    });
  });

  it("stop() aborts a running refresh at once; the feed keeps its products and the job runs again after a restart", async () => {
    await saveFeed("slow", "/slow.csv");
    const refresher = startFeedRefresher(handle.db, {
      intervalMinutes: null,
      pollMs: 10,
      fetch: { allowLoopback: true },
    });
    await enqueueFeedRefresh(handle.db, organizationId, "slow");
    await expect
      .poll(async () => (await findFeed(handle.db, organizationId, "slow"))?.lastRefreshStatus, {
        timeout: 5_000,
      })
      .toBe("running");
    const before = Date.now();
    await refresher.stop();
    expect(Date.now() - before).toBeLessThan(2_000);
    expect(await findFeed(handle.db, organizationId, "slow")).toMatchObject({
      lastRefreshStatus: "failed",
      lastRefreshError: INTERRUPTED_MESSAGE,
    });
    expect(
      await handle.db
        .selectFrom("job")
        .select(["status", "attempts"])
        .where("key", "=", "slow")
        .execute(),
    ).toEqual([{ status: "queued", attempts: 0 }]);
    await handle.db.deleteFrom("job").where("key", "=", "slow").execute();
  });

  it("a refresh that stopped the process on every attempt fails for good, with a message on the feed", async () => {
    await saveFeed("crashes", "/feed.xml");
    await enqueueJob(handle.db, {
      kind: FEED_REFRESH_JOB,
      key: "crashes",
      payload: { organizationId, feedId: "crashes" },
      maxAttempts: 1,
    });
    await claimJob(handle.db, "dead-process", [FEED_REFRESH_JOB]);
    await sql`update "job" set "locked_at" = now() - interval '10 minutes' where "key" = 'crashes'`.execute(
      handle.db,
    );
    // A new process starts; its first tick finds the abandoned job.
    const refresher = startFeedRefresher(handle.db, {
      intervalMinutes: null,
      pollMs: 10,
      fetch: { allowLoopback: true },
    });
    await expect
      .poll(async () => (await findFeed(handle.db, organizationId, "crashes"))?.lastRefreshStatus, {
        timeout: 5_000,
      })
      .toBe("failed");
    await refresher.stop();
    expect((await findFeed(handle.db, organizationId, "crashes"))?.lastRefreshError).toBe(
      abandonedMessage(1),
    );
    expect(
      await handle.db.selectFrom("job").select("status").where("key", "=", "crashes").execute(),
    ).toEqual([{ status: "failed" }]);
  });
});
