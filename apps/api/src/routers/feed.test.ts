import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { createFeed } from "@floow/domain/feed";
import { fieldErrorsFrom } from "@floow/domain/errors";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { merchantRss } from "../services/feeds/fixtures";
import { claimJob, finishJob } from "../db/queries/job";
import { FEED_REFRESH_JOB, refreshFeed, startFeedRefresher } from "../services/feeds/refresh";
import { createInnerContext } from "../trpc/context";
import { createCallerFactory, router } from "../trpc/init";
import { createFeedRouter } from "./feed";
import { productRouter } from "./product";

// The feeds are served by a server on 127.0.0.1; the routers under test reach it only
// through the test-only loopback setting, and the default router is shown to refuse it.
let feedServer: Server;
let feedBase: string;
let feedItems = 25;
let feedBroken = false;
/** Served at `/feed.json` instead of the Merchant feed. */
let feedJson = "";

const testRouter = router({
  feed: createFeedRouter({ fetch: { allowLoopback: true } }),
  product: productRouter,
});
const createTestCaller = createCallerFactory(testRouter);

beforeAll(async () => {
  feedServer = createHttpServer((req, res) => {
    if (req.url === "/feed.json") {
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(feedJson);
    }
    if (feedBroken) {
      res.writeHead(200, { "content-type": "application/xml" });
      return void res.end("<rss><channel><item><g:id>1</g:id></channel></rss>");
    }
    res.writeHead(200, { "content-type": "application/xml" });
    res.end([...merchantRss(feedItems)].join(""));
    void req;
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

describe.each(testDbKinds)("feed and product routers (%s)", (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let domainId: string;
  const as = (user: TestUser) =>
    createTestCaller(
      createInnerContext({
        db: server.app.database.db,
        auth: server.app.auth,
        session: user.session,
        clientKey: "test",
      }),
    );
  const refresher = () =>
    startFeedRefresher(server.app.database.db, {
      intervalMinutes: null,
      start: false,
      fetch: { allowLoopback: true },
    });
  const newFeed = (overrides: Partial<ReturnType<typeof createFeed>> = {}) =>
    createFeed({ domainId, name: "Shoes", url: `${feedBase}/feed.xml`, ...overrides });

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Acme");
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    outsider = await createUser(server.app, "Olga Other");
    await createOrganization(server.app, outsider, "Other Co");
    domainId = (
      await callerFor(server.app, admin).domain.create({
        id: randomUUID(),
        name: "Shop",
        host: "shop.example",
      })
    ).id;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    feedItems = 25;
    feedBroken = false;
  });

  it("preview returns the first 10 products with their attributes", async () => {
    const preview = await as(member).feed.preview({
      url: `${feedBase}/feed.xml`,
      type: "channable",
    });
    expect(preview.format).toBe("xml");
    expect(preview.products).toHaveLength(10);
    expect(preview.products[0]).toMatchObject({
      id: "SKU-000001",
      price: 21.95,
      image: "https://cdn.example.com/images/shoe-1.jpg",
    });
    expect(preview.attributes).toContain("image_link");
  });

  it("preview through the real router refuses the local server, at the url field", async () => {
    const error = await callerFor(server.app, member)
      .feed.preview({ url: `${feedBase}/feed.xml`, type: "channable" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    const message = `Refused to fetch ${feedBase}/feed.xml: 127.0.0.1 is a loopback address. Only public internet addresses can be fetched.`;
    expect((error as Error).message).toBe(message);
    expect(((error as Error).cause as { fieldErrors: unknown }).fieldErrors).toEqual([
      { path: ["url"], message },
    ]);
  });

  it("preview of a hostile or cut-off JSON feed is a BAD_REQUEST with the reason, not a server error", async () => {
    const depth = 200_000;
    for (const [json, message] of [
      [
        `[{"id":"1","deep":${"[".repeat(depth)}${"]".repeat(depth)}}]`,
        "Product 1 of the JSON feed nests more than 64 levels deep.",
      ],
      [
        '[{"id":"1"},{"id":"2"},',
        "The JSON feed ends before its list of products is closed (after product 2); the file is incomplete.",
      ],
      [
        '{"error":"Feed not found"}',
        "The JSON file holds no list of products (an array of objects, or an object holding one).",
      ],
    ] as const) {
      feedJson = json;
      const error = await as(member)
        .feed.preview({ url: `${feedBase}/feed.json`, type: "channable" })
        .then(
          () => expect.unreachable(),
          (e: unknown) => e as { code?: string; message?: string },
        );
      expect(error).toMatchObject({ code: "BAD_REQUEST", message });
    }
  });

  it("preview and upsert check the form with the spec's messages", async () => {
    const invalid = await as(member)
      .feed.preview({ url: "not a url", type: "channable" })
      .catch((e: unknown) => e);
    expect(fieldErrorsFrom((invalid as Error).cause)).toEqual([
      { path: ["url"], message: "Please enter a valid feed URL." },
    ]);
    const error = await as(member)
      .feed.upsert(newFeed({ name: "", url: "" }))
      .catch((e: unknown) => e);
    expect(fieldErrorsFrom((error as Error).cause)).toEqual([
      { path: ["url"], message: "Please enter a feed URL." },
      { path: ["name"], message: "Please enter a feed name." },
    ]);
  });

  it("upsert saves the feed and queues a refresh that stores its products", async () => {
    const input = newFeed();
    const saved = await as(member).feed.upsert(input);
    expect(saved).toMatchObject({
      id: input.id,
      name: "Shoes",
      type: "channable",
      domainId,
      productCount: 0,
      lastRefreshStatus: "pending",
    });
    expect(saved.variables).toEqual({
      id: "id",
      url: "link",
      name: "title",
      price: "price",
      image: "image_link",
      description: "description",
    });
    expect(await refresher().drain()).toBe(1);

    const [feed] = (await as(member).feed.list()).filter((f) => f.id === input.id);
    expect(feed).toMatchObject({
      productCount: 25,
      lastRefreshStatus: "ok",
      lastRefreshError: null,
    });
    expect(feed!.lastRefreshAt).not.toBeNull();

    const page = await as(member).product.list({ feedId: input.id, limit: 10 });
    expect(page.total).toBe(25);
    expect(page.items.map((p) => p.id).slice(0, 3)).toEqual([
      "SKU-000001",
      "SKU-000002",
      "SKU-000003",
    ]);
    expect(page.items[0]).toMatchObject({
      name: 'Trail running shoe 1 – "Storm" edition',
      price: 21.95,
      url: expect.stringContaining("shoe-1"),
    });
    expect(page.items[0]!.attributes).toMatchObject({ brand: "Hoka", "shipping.country": "NL" });

    // The user.get bundle lists the feed.
    const bundle = await callerFor(server.app, member).user.get();
    expect(bundle.feeds.map((f) => f.id)).toContain(input.id);
  });

  it("product.list searches, sorts and pages", async () => {
    const input = newFeed();
    await as(member).feed.upsert(input);
    await refresher().drain();
    const search = await as(member).product.list({ feedId: input.id, search: "shoe 1" });
    expect(search.items.map((p) => p.id)).toEqual([
      "SKU-000001",
      "SKU-000010",
      "SKU-000011",
      "SKU-000012",
      "SKU-000013",
      "SKU-000014",
      "SKU-000015",
      "SKU-000016",
      "SKU-000017",
      "SKU-000018",
      "SKU-000019",
    ]);
    expect((await as(member).product.list({ feedId: input.id, search: "%" })).total).toBe(0);
    const byPrice = await as(member).product.list({
      feedId: input.id,
      sort: "price",
      direction: "desc",
      limit: 2,
    });
    expect(byPrice.items.map((p) => p.price)).toEqual([45.95, 44.95]);
    const second = await as(member).product.list({ feedId: input.id, offset: 20, limit: 10 });
    expect(second.items.map((p) => p.id)).toEqual([
      "SKU-000021",
      "SKU-000022",
      "SKU-000023",
      "SKU-000024",
      "SKU-000025",
    ]);
  });

  it("list says while a refresh is queued; a feed may have no domain; product.list spans the feeds", async () => {
    const first = newFeed({ name: "First" });
    const second = { ...newFeed({ name: "Second" }), domainId: null };
    const saved = await as(member).feed.upsert(first);
    expect(saved).toMatchObject({ refreshQueued: true, lastRefreshStatus: "pending" });
    expect(await as(member).feed.upsert(second)).toMatchObject({
      domainId: null,
      refreshQueued: true,
    });
    expect((await as(member).feed.list()).find((f) => f.id === second.id)).toMatchObject({
      refreshQueued: true,
    });
    await refresher().drain();
    const listed = (await as(member).feed.list()).filter(
      (f) => f.id === first.id || f.id === second.id,
    );
    expect(listed.map((f) => [f.refreshQueued, f.productCount])).toEqual([
      [false, 25],
      [false, 25],
    ]);
    expect(await as(member).feed.refresh({ id: first.id })).toEqual({ id: first.id, queued: true });
    expect((await as(member).feed.list()).find((f) => f.id === first.id)?.refreshQueued).toBe(true);
    await refresher().drain();

    // Without feedId: every feed's products, each with its feed, feeds oldest first.
    const all = await as(member).product.list({ search: "SKU-000002", limit: 200 });
    const ours = all.items.filter((p) => p.feedId === first.id || p.feedId === second.id);
    expect(ours.map((p) => p.feedId)).toEqual([first.id, second.id]);
    const byId = await as(member).product.list({
      feedId: first.id,
      sort: "id",
      direction: "desc",
      limit: 2,
    });
    expect(byId.items.map((p) => p.id)).toEqual(["SKU-000025", "SKU-000024"]);
    expect((await as(outsider).product.list({})).total).toBe(0);
  });

  it("a failed refresh keeps the last good products and records the error", async () => {
    const input = newFeed();
    await as(member).feed.upsert(input);
    await refresher().drain();
    feedBroken = true;
    expect(await as(member).feed.refresh({ id: input.id })).toEqual({ id: input.id, queued: true });
    await refresher().drain();
    const [feed] = (await as(member).feed.list()).filter((f) => f.id === input.id);
    // Its retry waits for later: the feed is not "refreshing" meanwhile.
    expect(feed).toMatchObject({
      productCount: 25,
      lastRefreshStatus: "failed",
      refreshQueued: false,
    });
    expect(feed!.lastRefreshError).toMatch(
      /^The XML feed is malformed: line 1, column \d+: unexpected close tag/,
    );
    expect((await as(member).product.list({ feedId: input.id })).total).toBe(25);

    // Fixed: the next refresh replaces the products.
    feedBroken = false;
    feedItems = 3;
    // The failed job waits for its retry; asking again brings it forward.
    expect(await refresher().drain()).toBe(0);
    expect(await as(member).feed.refresh({ id: input.id })).toEqual({ id: input.id, queued: true });
    expect(await refresher().drain()).toBe(1);
    expect((await as(member).product.list({ feedId: input.id })).total).toBe(3);
  });

  it("saving without changing the source queues nothing; changing the variables does", async () => {
    const input = newFeed();
    await as(member).feed.upsert(input);
    await refresher().drain();
    await as(member).feed.upsert({ ...input, name: "Renamed" });
    expect(await refresher().drain()).toBe(0);
    await as(member).feed.upsert({ ...input, variables: { ...input.variables, name: "brand" } });
    expect(await refresher().drain()).toBe(1);
    const page = await as(member).product.list({ feedId: input.id, limit: 1 });
    expect(page.items[0]!.name).toBe("Hoka");
  });

  it("saving a new mapping while a refresh runs queues one follow-up refresh that reads it", async () => {
    const input = newFeed();
    await as(member).feed.upsert(input);
    // A worker (another process, say) has taken the first refresh and is still reading the feed.
    const running = await claimJob(server.app.database.db, "busy-worker", [FEED_REFRESH_JOB]);
    expect(running?.key).toBe(input.id);
    await as(member).feed.upsert({ ...input, variables: { ...input.variables, name: "brand" } });
    // The follow-up waits for the running refresh, then runs once.
    expect(await refresher().drain()).toBe(0);
    await refreshFeed(server.app.database.db, running!.payload.organizationId as string, input.id, {
      fetch: { allowLoopback: true },
    });
    await finishJob(server.app.database.db, running!.id);
    expect(await refresher().drain()).toBe(1);
    const page = await as(member).product.list({ feedId: input.id, limit: 1 });
    expect(page.items[0]!.name).toBe("Hoka");
  });

  it("remove is for admins and deletes the products", async () => {
    const input = newFeed();
    await as(member).feed.upsert(input);
    await refresher().drain();
    await expect(as(member).feed.remove({ id: input.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await as(admin).feed.remove({ id: input.id })).toEqual({ id: input.id });
    await expect(as(admin).product.list({ feedId: input.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const left = await server.app.database.db
      .selectFrom("product")
      .select("external_id")
      .where("feed_id", "=", input.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("another organization gets NOT_FOUND, and cannot take the id or use a foreign domain", async () => {
    const input = newFeed();
    await as(member).feed.upsert(input);
    await expect(as(outsider).feed.refresh({ id: input.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(as(outsider).feed.remove({ id: input.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(as(outsider).product.list({ feedId: input.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await as(outsider).feed.list()).map((f) => f.id)).not.toContain(input.id);
    await expect(
      as(outsider).feed.upsert({ ...input, domainId: randomUUID() }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const outsiderDomain = await callerFor(server.app, outsider).domain.create({
      id: randomUUID(),
      name: "O",
      host: "o.example",
    });
    // Another organization's feed id answers like an unknown one: nothing tells that it exists.
    await expect(
      as(outsider).feed.upsert({ ...input, domainId: outsiderDomain.id }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Feed not found.",
    });
    await expect(
      as(member).feed.upsert({ ...newFeed(), domainId: outsiderDomain.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await as(member).feed.list()).find((f) => f.id === input.id)?.name).toBe("Shoes");
  });
});
