import { createChoice, createFilter, createFilterGroup, createStep } from "@floow/domain/floow";
import type { Product } from "@floow/domain/feed";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, testDbKinds } from "../../test/db";
import { seedDomain, seedFeed, seedFloow, seedOrganization } from "../../test/floows";
import type { DbHandle } from "../db/client";
import { findFloow, setFloowStatus, updateFloow } from "../db/queries/floow";
import { publishFloow } from "../db/queries/floow-version";
import {
  COMPRESS_MIN_BYTES,
  computeFloowResults,
  createResultsService,
  RESULTS_LIMIT,
} from "./results";
import { invalidateFeedCaches, invalidateFloowCaches } from "./cache";

describe.each(testDbKinds)("results service (%s)", (kind) => {
  let database: DbHandle;
  let orgId: string;
  let floowId: string;
  let feedId: string;
  const red = createChoice();
  const feed: Product[] = Array.from({ length: 150 }, (_, i) => ({
    id: String(i),
    color: i % 2 ? "red" : "blue",
    title: `<i>P${i}</i>`,
  }));

  beforeAll(async () => {
    database = await createTestDb(kind);
    orgId = await seedOrganization(database.db);
    const domainId = (await seedDomain(database.db, orgId)).id;
    feedId = await seedFeed(database.db, orgId);
    const group = createFilterGroup({ choiceId: red.id });
    floowId = (
      await seedFloow(database.db, orgId, domainId, "selling", {
        status: "live",
        feedId,
        steps: [createStep({ choices: [red] })],
        filterGroups: [group],
        filters: [createFilter({ filterGroupId: group.id, field: "color", value: "red" })],
      })
    ).id;
  });
  afterAll(() => database.close());

  it("answers at most RESULTS_LIMIT sanitized products, the same objects for the same product", async () => {
    const service = createResultsService(database.db, { loadProducts: async () => feed });
    const all = await service.compute(floowId, []);
    expect(all?.products).toHaveLength(RESULTS_LIMIT);
    expect(all?.products[0]).toEqual({ id: "0", color: "blue", title: "P0" });
    const reds = await service.compute(floowId, [red.id]);
    expect(reds?.products).toHaveLength(75);
    expect(reds?.products[0]).toBe(all?.products[1]);
  });

  it("reloads a feed in the background after its time and after invalidateFeed, the old products answering meanwhile", async () => {
    let clock = 0;
    let version = 1;
    const loads: number[] = [];
    const service = createResultsService(database.db, {
      now: () => clock,
      ttlMs: 1000,
      loadProducts: async (_db, organizationId, loadedFeedId) => {
        expect([organizationId, loadedFeedId]).toEqual([orgId, feedId]);
        loads.push(version);
        return [{ id: `v${version}`, color: "red" }];
      },
    });
    const ids = async () => (await service.compute(floowId, [red.id]))?.products.map((p) => p.id);
    expect(await ids()).toEqual(["v1"]);
    expect(await ids()).toEqual(["v1"]);
    expect(loads).toEqual([1]);

    version = 2;
    clock = 1500;
    expect(await ids()).toEqual(["v1"]);
    await vi.waitFor(async () => expect(await ids()).toEqual(["v2"]));
    expect(loads).toEqual([1, 2]);

    version = 3;
    invalidateFeedCaches(orgId, feedId);
    expect(await ids()).toEqual(["v2"]);
    await vi.waitFor(async () => expect(await ids()).toEqual(["v3"]));
    expect(loads).toEqual([1, 2, 3]);
  });

  it("keeps answering with the old products when a background reload fails", async () => {
    let clock = 0;
    let fail = false;
    const errors: unknown[] = [];
    const service = createResultsService(database.db, {
      now: () => clock,
      ttlMs: 1000,
      onReloadError: (error) => errors.push(error),
      loadProducts: async () => {
        if (fail) throw new Error("feed gone");
        return feed;
      },
    });
    expect((await service.compute(floowId, [red.id]))?.products).toHaveLength(75);
    fail = true;
    clock = 2000;
    expect((await service.compute(floowId, [red.id]))?.products).toHaveLength(75);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect((await service.compute(floowId, [red.id]))?.products).toHaveLength(75);
    // Retried after a while, not on every call.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors).toHaveLength(1);
    clock = 4000;
    await service.compute(floowId, [red.id]);
    await vi.waitFor(() => expect(errors).toHaveLength(2));
  });

  it("does not keep a failed load", async () => {
    let fail = true;
    const service = createResultsService(database.db, {
      loadProducts: async () => {
        if (fail) throw new Error("database away");
        return feed;
      },
    });
    await expect(service.compute(floowId, [])).rejects.toThrow("database away");
    fail = false;
    expect((await service.compute(floowId, []))?.products).toHaveLength(RESULTS_LIMIT);
  });

  it("reuses a floow lookup for floowTtlMs, so an archive shows within that time", async () => {
    let clock = 0;
    const service = createResultsService(database.db, {
      now: () => clock,
      floowTtlMs: 5000,
      loadProducts: async () => feed,
    });
    expect(await service.compute(floowId, [])).not.toBeNull();
    await setFloowStatus(database.db, orgId, floowId, "archived", ["live"]);
    try {
      expect(await service.compute(floowId, [])).not.toBeNull();
      clock = 6000;
      expect(await service.compute(floowId, [])).toBeNull();
      expect(await service.compute("unknown", [])).toBeNull();
    } finally {
      await setFloowStatus(database.db, orgId, floowId, "live", ["archived"]);
    }
  });

  it("answer: the same JSON as compute, its brotli and gzip made once, and a new answer after a save or a feed import", async () => {
    let version = 1;
    const service = createResultsService(database.db, {
      loadProducts: async () => feed.map((p) => ({ ...p, v: version })),
    });
    const answer = await service.answer(floowId, [red.id]);
    if (!answer) throw new Error("no answer");
    expect(answer.json.toString()).toBe(JSON.stringify(await service.compute(floowId, [red.id])));
    expect(answer.json.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = answer.encoded("br");
    expect(br && brotliDecompressSync(br).equals(answer.json)).toBe(true);
    expect(answer.encoded("br")).toBe(br);
    const gzip = answer.encoded("gzip");
    expect(gzip && gunzipSync(gzip).equals(answer.json)).toBe(true);
    expect(await service.answer(floowId, [red.id])).toBe(answer);
    // Ids that are none of the floow's choices change nothing and share the kept answer.
    expect(await service.answer(floowId, [red.id, "made-up", "another"])).toBe(answer);
    expect(await service.answer("unknown", [])).toBeNull();

    // A feed import: the next answers come from the new products.
    version = 2;
    invalidateFeedCaches(orgId, feedId);
    await vi.waitFor(async () =>
      expect(
        JSON.parse((await service.answer(floowId, [red.id]))?.json.toString() ?? "{}").products[0]
          .v,
      ).toBe(2),
    );

    // A save and publish of the live floow (a new published version) changes its filters: blue
    // now; and its results settings: the cards read the colour as the label. The save alone
    // (the draft) changes nothing shoppers get.
    const floow = await findFloow(database.db, orgId, floowId);
    if (!floow) throw new Error("seeded floow missing");
    const before = JSON.parse((await service.answer(floowId, [red.id]))?.json.toString() ?? "{}");
    expect(before.cards[0].name).toBeUndefined(); // the record's own title
    const everyCard = async () => (await service.compute(floowId, []))?.cards?.map((c) => c.name);
    expect(new Set(await everyCard())).toEqual(new Set([undefined]));
    const saved = await updateFloow(
      database.db,
      orgId,
      {
        ...floow,
        filters: floow.filters.map((f) => ({ ...f, value: "blue" })),
        finish: { ...floow.finish, results: { ...floow.finish.results, labelAttribute: "color" } },
      },
      floow.version,
    );
    try {
      invalidateFloowCaches(floow);
      expect(
        JSON.parse((await service.answer(floowId, [red.id]))?.json.toString() ?? "{}"),
      ).toEqual(before);
      await publishFloow(database.db, orgId, floowId, { userId: null, note: "" });
      invalidateFloowCaches(floow);
      const blue = JSON.parse((await service.answer(floowId, [red.id]))?.json.toString() ?? "{}");
      expect(blue.products[0].color).toBe("blue");
      expect(blue.cards[0].name).toBe("blue");
      // The same records, read again with the new settings.
      expect((await everyCard())?.slice(0, 2)).toEqual(["blue", "red"]);
    } finally {
      if (saved.ok) await updateFloow(database.db, orgId, floow, saved.floow.version);
      await publishFloow(database.db, orgId, floowId, { userId: null, note: "" });
    }
  });

  it("answer: a small answer is not compressed", async () => {
    const service = createResultsService(database.db, {
      loadProducts: async () => feed.slice(0, 2),
    });
    const answer = await service.answer(floowId, [red.id]);
    expect(answer?.json.toString()).toBe(
      JSON.stringify({
        products: [{ id: "1", color: "red", title: "P1" }],
        cards: [{ price: null, url: "", image: "", description: "" }],
        partial: false,
      }),
    );
    expect(answer?.encoded("gzip")).toBeNull();
  });

  it("computeFloowResults answers like the service for any status, reading the feed afresh", async () => {
    const service = createResultsService(database.db, { loadProducts: async () => feed });
    const floow = await findFloow(database.db, orgId, floowId);
    if (!floow) throw new Error("seeded floow missing");
    let loads = 0;
    const load = async () => {
      loads++;
      return feed;
    };
    for (const choiceIds of [[], [red.id], ["deleted-choice"]]) {
      expect(await computeFloowResults(database.db, orgId, floow, choiceIds, load)).toEqual(
        await service.compute(floowId, choiceIds),
      );
    }
    expect(loads).toBe(3);
    // Not live, no feed, or not selling: the same rules as the public call.
    const draft = { ...floow, status: "development" as const };
    expect(
      (await computeFloowResults(database.db, orgId, draft, [red.id], load)).products,
    ).toHaveLength(75);
    expect(
      await computeFloowResults(database.db, orgId, { ...floow, feedId: null }, [], load),
    ).toEqual({ products: [], cards: [], partial: false });
    expect(
      await computeFloowResults(database.db, orgId, { ...floow, type: "data" }, [], load),
    ).toEqual({ products: [], cards: [], partial: false });
    expect(loads).toBe(4);
  });
});
