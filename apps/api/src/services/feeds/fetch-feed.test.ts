import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SafeFetchError } from "../safe-fetch";
import { FeedError } from "./errors";
import { merchantRss, merchantRssText, shopifyProduct } from "./fixtures";
import type { FeedProduct } from "./map-product";
import { importFeed, previewFeed } from "./fetch-feed";
import { FEED_FETCH_LIMITS, shopifyLimits } from "./limits";
import { failure } from "../../../test/feed-streams";

// A local server only; the feed functions reach it through the test-only loopback setting.
let server: Server;
let base: string;
const requests: string[] = [];
const closedEarly: string[] = [];
const local = { allowLoopback: true } as const;
const bomb = zlib.gzipSync(
  Buffer.concat([
    Buffer.from("<rss><channel><item><g:id>1</g:id><g:title>"),
    Buffer.alloc(20 * 1024 * 1024, "a"),
  ]),
);

function shopifyPage(
  res: ServerResponse,
  from: number,
  count: number,
  headers: Record<string, string> = {},
) {
  const products = Array.from({ length: count }, (_, i) => shopifyProduct(from + i));
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify({ products }));
}

const routes: Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => void> = {
  "/feed.xml": (req, res, url) => {
    const count = Number(url.searchParams.get("items") ?? 5000);
    res.writeHead(200, { "content-type": "application/xml" });
    const body = Readable.from(merchantRss(count));
    body.pipe(res);
    res.on("close", () => {
      if (!res.writableFinished) closedEarly.push(url.pathname);
      body.destroy();
    });
  },
  "/feed.xml.gz": (_req, res) => {
    res.writeHead(200, { "content-type": "application/gzip" });
    res.end(zlib.gzipSync(merchantRssText(30)));
  },
  // A gzip bomb inside a gzipped feed file: 20 kB that unpack to 20 MB of one title.
  "/bomb.xml.gz": (_req, res) => {
    res.writeHead(200, { "content-type": "application/gzip" });
    res.end(bomb);
  },
  "/compressed.xml": (_req, res) => {
    res.writeHead(200, { "content-type": "application/xml", "content-encoding": "br" });
    res.end(zlib.brotliCompressSync(merchantRssText(30)));
  },
  "/dupes.csv": (_req, res) => {
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
    res.end(
      "id;title;link\n1;One;https://x/1\n1;One again;https://x/1b\n;No id;https://x/3\n;No id or link;\n",
    );
  },
  "/page.html": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!DOCTYPE html><html><body>Shop</body></html>");
  },
  // A Shopify store paged with ?page=N: 250 + 250 + 100 products.
  "/shop/products.json": (_req, res, url) => {
    const page = Number(url.searchParams.get("page"));
    const sizes = [250, 250, 100];
    shopifyPage(res, (page - 1) * 250 + 1, sizes[page - 1] ?? 0);
  },
  // A store paged with Link headers (cursor page_info).
  "/cursor/products.json": (_req, res, url) => {
    const cursor = url.searchParams.get("page_info");
    if (!cursor)
      return shopifyPage(res, 1, 3, {
        link: `<${base}/cursor/products.json?limit=3&page_info=p2>; rel="next"`,
      });
    if (cursor === "p2") {
      return shopifyPage(res, 4, 3, {
        link: `<${base}/cursor/products.json?page_info=p1>; rel="previous", <${base}/cursor/products.json?limit=3&page_info=p3>; rel="next"`,
      });
    }
    shopifyPage(res, 7, 1, { link: `<${base}/cursor/products.json?page_info=p2>; rel="previous"` });
  },
  // A store that never runs out of products; `delay` ms before each page.
  "/endless/products.json": (_req, res, url) => {
    const page = Number(url.searchParams.get("page"));
    const delay = Number(url.searchParams.get("delay") ?? 0);
    setTimeout(() => shopifyPage(res, (page - 1) * 250 + 1, 250), delay);
  },
  // A store that ignores ?page and always answers the first page.
  "/stuck/products.json": (_req, res) => shopifyPage(res, 1, 250),
  // A feed that drips: its start, then one byte a second for ever.
  "/drip.xml": (_req, res, url) => {
    res.writeHead(200, { "content-type": "application/xml" });
    res.write(
      '<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>1</g:id><g:title>',
    );
    const drip = setInterval(() => res.write("a"), 1_000);
    res.on("close", () => {
      clearInterval(drip);
      closedEarly.push(url.pathname);
    });
  },
  // Millions of one repeated item, gzipped: as a gzipped file, or as a gzip-encoded response.
  "/repeated.xml.gz": (_req, res) => {
    res.writeHead(200, { "content-type": "application/gzip" });
    res.end(repeatedItems());
  },
  "/repeated.xml": (_req, res) => {
    res.writeHead(200, { "content-type": "application/xml", "content-encoding": "gzip" });
    res.end(repeatedItems());
  },
  // A 10 MB CSV of one line (commas only: csv-parse's own limit counts only the fields' text).
  "/one-line.csv": (_req, res, url) => {
    res.writeHead(200, { "content-type": "text/csv" });
    const total = 10 * 1024 * 1024;
    let sent = 0;
    const body = Readable.from(
      (function* () {
        for (; sent < total; sent += 64 * 1024) yield Buffer.alloc(64 * 1024, ",");
      })(),
    );
    body.pipe(res);
    res.on("close", () => {
      served[url.pathname] = sent;
      if (!res.writableFinished) closedEarly.push(url.pathname);
      body.destroy();
    });
  },
};

/** Bytes a route handed to its response before the connection closed. */
const served: Record<string, number> = {};

let repeated: Buffer | undefined;
/**
 * 3,000,000 copies of one item (180 MB) in some 600 kB of gzip: a gzip file may hold several
 * members one after the other, so one compressed block of 10,000 items is sent 300 times.
 */
function repeatedItems(): Buffer {
  const item = "<item><g:id>1</g:id><g:title>The same shoe</g:title></item>\n";
  if (!repeated) {
    const block = zlib.gzipSync(item.repeat(10_000), { level: 9 });
    repeated = Buffer.concat([
      zlib.gzipSync('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n'),
      ...Array.from({ length: 300 }, () => block),
    ]);
  }
  return repeated;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(`${url.pathname}${url.search}`);
    const route = routes[url.pathname];
    if (!route) {
      res.writeHead(404);
      return void res.end();
    }
    route(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
  closedEarly.length = 0;
});

describe("previewFeed", () => {
  it("returns the first products, read through the variables, and stops downloading", async () => {
    const preview = await previewFeed(`${base}/feed.xml?items=20000`, "channable", local);
    expect(preview.format).toBe("xml");
    expect(preview.products).toHaveLength(10);
    expect(preview.products[0]).toMatchObject({
      id: "SKU-000001",
      name: 'Trail running shoe 1 – "Storm" edition',
      url: "https://shop.example.com/products/shoe-1?utm_source=feed&variant=1",
      price: 21.95,
      image: "https://cdn.example.com/images/shoe-1.jpg",
    });
    expect(preview.products[0]!.description).toContain("<p>Breathable mesh upper");
    expect(preview.attributes).toEqual([
      "id",
      "title",
      "description",
      "link",
      "image_link",
      "price",
      "brand",
      "availability",
      "shipping.country",
      "shipping.price",
    ]);
    await expect.poll(() => closedEarly).toEqual(["/feed.xml"]);
  });

  it("refuses the local server by default (no test-only setting), before any request", async () => {
    const error = await failure(previewFeed(`${base}/feed.xml`, "channable"));
    expect(error).toBeInstanceOf(SafeFetchError);
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(requests).toEqual([]);
  });

  it("says so when the address is a web page", async () => {
    const error = await failure(previewFeed(`${base}/page.html`, "channable", local));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.code).toBe("HTML_PAGE");
  });

  it("reports a missing feed", async () => {
    const error = await failure(previewFeed(`${base}/missing.xml`, "channable", local));
    expect(error.code).toBe("HTTP_STATUS");
    expect(error.message).toBe(
      `Fetching ${base}/missing.xml failed: the server answered with status 404.`,
    );
  });

  it("previews a Shopify store from its address", async () => {
    const preview = await previewFeed(`${base}/shop`, "shopify", { ...local, limit: 2 });
    expect(preview.format).toBe("json");
    expect(preview.products.map((p) => [p.id, p.name, p.price, p.url])).toEqual([
      ["1001", "Hoodie 1", 49.95, `${base}/products/hoodie-1`],
      ["1002", "Hoodie 2", 49.95, `${base}/products/hoodie-2`],
    ]);
    expect(requests).toEqual(["/shop/products.json?limit=250&page=1"]);
  });
});

describe("importFeed", () => {
  it("streams products into the sink in batches", async () => {
    const batches: FeedProduct[][] = [];
    const summary = await importFeed(
      `${base}/feed.xml?items=1234`,
      "channable",
      (batch) => void batches.push(batch),
      {
        ...local,
        batchSize: 500,
      },
    );
    expect(batches.map((b) => b.length)).toEqual([500, 500, 234]);
    expect(batches[2]!.at(-1)!.id).toBe("SKU-001234");
    expect(summary).toMatchObject({
      format: "xml",
      count: 1234,
      duplicates: 0,
      withoutId: 0,
      pages: 0,
    });
    expect(summary.bytes).toBeGreaterThan(1234 * 500);
  });

  it("waits for a slow sink before reading on", async () => {
    let inSink = 0;
    let overlapped = false;
    await importFeed(
      `${base}/feed.xml?items=600`,
      "channable",
      async () => {
        if (++inSink > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
        inSink--;
      },
      { ...local, batchSize: 100 },
    );
    expect(overlapped).toBe(false);
  });

  it("skips repeated ids and gives products without id their link or position", async () => {
    const products: FeedProduct[] = [];
    const summary = await importFeed(
      `${base}/dupes.csv`,
      "channable",
      (batch) => void products.push(...batch),
      local,
    );
    expect(products.map((p) => [p.id, p.name])).toEqual([
      ["1", "One"],
      ["https://x/3", "No id"],
      ["#4", "No id or link"],
    ]);
    expect(summary).toMatchObject({ format: "csv", count: 3, duplicates: 1, withoutId: 2 });
  });

  it("reads a gzipped feed file and a compressed response", async () => {
    for (const path of ["/feed.xml.gz", "/compressed.xml"]) {
      let count = 0;
      const summary = await importFeed(
        `${base}${path}`,
        "channable",
        (batch) => void (count += batch.length),
        local,
      );
      expect(count).toBe(30);
      expect(summary.format).toBe("xml");
    }
  });

  it("stops a gzip bomb inside a gzipped feed file at the unpacked size limit", async () => {
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    const error = await failure(
      importFeed(`${base}/bomb.xml.gz`, "channable", () => undefined, {
        ...local,
        limits: { maxBytes: 1024 * 1024 },
      }),
    );
    expect(error).toBeInstanceOf(FeedError);
    expect(error.code).toBe("TOO_LARGE");
    expect(error.message).toBe("The unpacked feed is larger than the limit of 1 MB.");
  });

  it("pages through a Shopify store (?page=N) until a short page", async () => {
    const ids: string[] = [];
    const summary = await importFeed(
      `${base}/shop`,
      "shopify",
      (batch) => void ids.push(...batch.map((p) => p.id)),
      local,
    );
    expect(summary).toMatchObject({ format: "json", count: 600, pages: 3 });
    expect(ids[0]).toBe("1001");
    expect(ids.at(-1)).toBe("1600");
    expect(requests).toEqual([
      "/shop/products.json?limit=250&page=1",
      "/shop/products.json?limit=250&page=2",
      "/shop/products.json?limit=250&page=3",
    ]);
  });

  it("follows Shopify's Link header (page_info cursors)", async () => {
    const ids: string[] = [];
    const summary = await importFeed(
      `${base}/cursor/products.json`,
      "shopify",
      (batch) => void ids.push(...batch.map((p) => p.id)),
      local,
    );
    expect(ids).toEqual(["1001", "1002", "1003", "1004", "1005", "1006", "1007"]);
    expect(summary.pages).toBe(3);
  });

  it("stops when a store answers the same page again", async () => {
    const summary = await importFeed(`${base}/stuck`, "shopify", () => undefined, local);
    expect(summary).toMatchObject({ count: 250, pages: 2 });
  });

  it("stops a Shopify catalog at its overall deadline, however fast each page is", async () => {
    const started = Date.now();
    const error = await failure(
      importFeed(`${base}/endless/products.json?delay=150`, "shopify", () => undefined, {
        ...local,
        total: { timeoutMs: 1_000 },
      }),
    );
    expect(error).toBeInstanceOf(FeedError);
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toMatch(
      /^Reading the Shopify catalog took longer than 1 s in total \(\d+ pages\); the store is too slow or the catalog too large\.$/,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("stops a Shopify catalog at its overall size limit", async () => {
    const error = await failure(
      importFeed(`${base}/endless/products.json`, "shopify", () => undefined, {
        ...local,
        total: { maxBytes: 1024 * 1024 },
      }),
    );
    expect(error).toBeInstanceOf(FeedError);
    expect(error.code).toBe("TOO_LARGE");
    expect(error.message).toMatch(
      /^The Shopify catalog is larger than the limit of 1 MB in total \(\d+ pages\)\.$/,
    );
    expect(requests.length).toBeLessThan(20);
  });

  it("a Shopify preview gets the preview's limits, an import the import's", () => {
    expect(shopifyLimits("preview")).toEqual({
      page: { ...FEED_FETCH_LIMITS.shopifyPage, timeoutMs: 20_000 },
      total: { timeoutMs: 20_000, maxBytes: 50 * 1024 * 1024 },
    });
    expect(shopifyLimits("import")).toEqual({
      page: { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024, maxRedirects: 5 },
      total: { timeoutMs: 10 * 60_000, maxBytes: 1024 * 1024 * 1024 },
    });
  });

  it("reads a Shopify feed's XML file as one document", async () => {
    const summary = await importFeed(
      `${base}/feed.xml?items=300`,
      "shopify",
      () => undefined,
      local,
    );
    expect(summary).toMatchObject({ format: "xml", count: 300, pages: 0 });
  });

  it("an empty feed imports nothing", async () => {
    let calls = 0;
    const summary = await importFeed(
      `${base}/feed.xml?items=0`,
      "channable",
      () => void calls++,
      local,
    );
    expect(summary.count).toBe(0);
    expect(calls).toBe(0);
  });
});

/**
 * The hostile feeds of issue 25, re-probed on the code the server runs, each with a low limit
 * set the way the tests set limits (docs/feeds.md, "Limits and hostile files", lists the real ones).
 */
describe("hostile feeds", () => {
  it("a feed that drips one byte a second ends at the total time limit, with the fetch's message", async () => {
    for (const read of [
      () => previewFeed(`${base}/drip.xml`, "channable", { ...local, timeoutMs: 1_500 }),
      () =>
        importFeed(`${base}/drip.xml`, "channable", () => undefined, {
          ...local,
          timeoutMs: 1_500,
        }),
    ]) {
      closedEarly.length = 0;
      const started = Date.now();
      const error = await failure(read());
      expect(error).toBeInstanceOf(SafeFetchError);
      expect(error.code).toBe("TIMEOUT");
      expect(error.message).toBe(
        `Fetching ${base}/drip.xml took longer than 1.5 s; the server is too slow or the file too large.`,
      );
      expect(Date.now() - started).toBeLessThan(4_000);
      // The connection is closed, not left dripping.
      await expect.poll(() => closedEarly).toContain("/drip.xml");
    }
  });

  it("a gzip of millions of one repeated item stops at the item count and at the unpacked size", async () => {
    expect(repeatedItems().byteLength).toBeLessThan(2 * 1024 * 1024);
    for (const path of ["/repeated.xml.gz", "/repeated.xml"]) {
      // Items read count, repeated ones too (only one distinct product is ever stored).
      let stored = 0;
      const counted = await failure(
        importFeed(`${base}${path}`, "channable", (batch) => void (stored += batch.length), {
          ...local,
          maxProducts: 20_000,
        }),
      );
      expect(counted, path).toBeInstanceOf(FeedError);
      expect(counted.code).toBe("TOO_MANY_PRODUCTS");
      expect(counted.message).toBe(
        "The feed has more than 20,000 products (19,999 of them repeated ids).",
      );
      expect(stored).toBe(0);
    }
    // The unpacked bytes: of the gzipped file (the parser's limit) and of the gzip-encoded response (the fetch's).
    const file = await failure(
      importFeed(`${base}/repeated.xml.gz`, "channable", () => undefined, {
        ...local,
        limits: { maxBytes: 1024 * 1024 },
      }),
    );
    expect(file).toBeInstanceOf(FeedError);
    expect(file.message).toBe("The unpacked feed is larger than the limit of 1 MB.");
    const encoded = await failure(
      importFeed(`${base}/repeated.xml`, "channable", () => undefined, {
        ...local,
        maxBytes: 1024 * 1024,
      }),
    );
    expect(encoded).toBeInstanceOf(SafeFetchError);
    expect(encoded.message).toBe(
      `The response from ${base}/repeated.xml is larger than the limit of 1 MB.`,
    );
  });

  it("the preview of a 10 MB one-line CSV reads a bounded prefix and answers with a clear error", async () => {
    const started = Date.now();
    const error = await failure(
      previewFeed(`${base}/one-line.csv`, "channable", {
        ...local,
        limits: { maxRecordChars: 512 * 1024 },
      }),
    );
    expect(error).toBeInstanceOf(FeedError);
    expect(error.code).toBe("RECORD_TOO_LARGE");
    expect(error.message).toBe(
      "A line of the CSV feed is longer than 512 kB (line 1); the file is probably malformed (an unclosed quote?).",
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    // The download stopped: what the server got out is the prefix and what the sockets buffer.
    await expect.poll(() => closedEarly).toContain("/one-line.csv");
    expect(served["/one-line.csv"]).toBeLessThan(10 * 1024 * 1024);
  });
});
