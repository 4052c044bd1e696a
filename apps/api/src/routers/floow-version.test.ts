import {
  createChoice,
  createFilter,
  createFilterGroup,
  createStep,
  FLOOW_VERSIONS_KEPT,
} from "@floow/domain/floow";
import { createEventMessage } from "@floow/domain/events";
import { fieldErrorsFrom } from "@floow/domain/errors";
import type { PublicFloow, PublicFloowResponse, PublicResults } from "@floow/domain/public";
import type { VersionedFloow } from "@floow/domain/floow";
import type { FastifyInstance } from "fastify";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import { seedFeed } from "../../test/floows";
import type { TestUser } from "../../test/factories";
import { createTestServer, startShopperRoutes } from "../../test/server";
import type { TestServer } from "../../test/server";

const CONFLICT = "This floow was changed elsewhere. Reload to see the latest version.";

/** The update input for a floow as returned (the server-owned fields left out). */
function edit(floow: VersionedFloow, changes: Partial<VersionedFloow> = {}) {
  const {
    organizationId: _o,
    userId: _u,
    createdAt: _c,
    updatedAt: _up,
    ...rest
  } = { ...floow, ...changes };
  return rest;
}

const products = [
  { id: "p1", name: "Red shoe", price: 80, attributes: { color: "red" } },
  { id: "p2", name: "Blue shoe", price: 120, attributes: { color: "blue" } },
];

describe.each(testDbKinds)("floow versions: drafts, publish, rollback, restore (%s)", (kind) => {
  let server: TestServer;
  /** The public API without any server-side cache: what it answers is what the database says now. */
  let shop: FastifyInstance;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let domainId: string;
  let feedId: string;
  const as = (user: TestUser) => callerFor(server.app, user).floow;

  const publicFloow = async (id: string) => {
    const response = await shop.inject({ method: "GET", url: `/api/public/floows/${id}` });
    return {
      status: response.statusCode,
      etag: response.headers.etag,
      body: response.body,
      floow: (response.json() as PublicFloowResponse).floow,
    };
  };
  const domainFloows = async () =>
    (
      (
        await shop.inject({ method: "GET", url: `/api/public/domains/${domainId}/floows` })
      ).json() as { floows: PublicFloow[] }
    ).floows;
  const results = async (floowId: string, choiceIds: string[]) =>
    (
      (
        await shop.inject({
          method: "POST",
          url: "/api/public/results",
          payload: { floowId, choiceIds },
        })
      ).json() as PublicResults
    ).products.map((product) => (product as { id?: string }).id);
  const postEvents = (events: unknown[]) =>
    shop.inject({
      method: "POST",
      url: "/api/public/events",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ events }),
    });

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Acme");
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    outsider = await createUser(server.app, "Olga Other");
    await createOrganization(server.app, outsider, "Other Co");
    feedId = await seedFeed(server.app.database.db, org.id, products);
    domainId = (
      await callerFor(server.app, admin).domain.create({
        id: randomUUID(),
        name: "Shop",
        host: "shop.example",
      })
    ).id;
    shop = await startShopperRoutes(server.app.database.db);
  });
  afterAll(async () => {
    await shop.close();
    await server.close();
  });

  /** A selling floow whose one step's "Red" choice filters color = red, saved once. */
  async function redFloow(name: string) {
    const created = await as(member).create({ domainId, type: "selling", name, feedId });
    const red = createChoice({ text: "Red" });
    const group = createFilterGroup({ choiceId: red.id });
    const step = createStep({ floowId: created.id, text: "Which colour?", choices: [red] });
    const saved = await as(member).update({
      ...edit(created, {
        steps: [step],
        filterGroups: [group],
        filters: [createFilter({ filterGroupId: group.id, field: "color", value: "red" })],
        start: { ...created.start, text: "<p>Find your shoe</p>" },
      }),
      version: created.version,
    });
    return { saved, red, step };
  }

  it("serves only the published version: draft edits never change the public answers, the next publish does", async () => {
    const { saved, red, step } = await redFloow("Shoes");
    expect((await publicFloow(saved.id)).status).toBe(404);

    const published = await as(member).publish({ id: saved.id, note: "First go" });
    expect(published).toMatchObject({ status: "live", id: saved.id });
    const v1 = await publicFloow(saved.id);
    expect(v1.floow).toMatchObject({
      name: "Shoes",
      floowVersion: 1,
      start: { text: "<p>Find your shoe</p>" },
    });
    expect((await domainFloows()).map((floow) => [floow.id, floow.floowVersion])).toEqual([
      [saved.id, 1],
    ]);
    expect(await results(saved.id, [red.id])).toEqual(["p1"]);

    // The merchant keeps editing: name, start text, the step's question, and the filter removed.
    const draft = await as(member).update({
      ...edit(published, {
        name: "Shoes (half typed",
        start: { ...published.start, text: "<p>Fi</p>" },
        steps: [{ ...step, text: "Wh" }],
        filters: [],
      }),
      version: published.version,
    });
    const afterEdit = await publicFloow(saved.id);
    expect(afterEdit.etag).toBe(v1.etag);
    expect(afterEdit.body).toBe(v1.body);
    expect((await domainFloows())[0]).toMatchObject({ name: "Shoes", floowVersion: 1 });
    expect(await results(saved.id, [red.id])).toEqual(["p1"]);
    expect(await as(member).versions({ id: saved.id })).toMatchObject({
      liveVersion: 1,
      draftChanged: true,
    });

    // Publishing brings the shoppers the draft, as version 2.
    await as(admin).publish({ id: saved.id });
    const v2 = await publicFloow(saved.id);
    expect(v2.floow).toMatchObject({
      name: "Shoes (half typed",
      floowVersion: 2,
      start: { text: "<p>Fi</p>" },
    });
    expect(v2.floow.steps[0]?.text).toBe("Wh");
    expect(await results(saved.id, [red.id])).toEqual(["p1", "p2"]);

    const list = await as(member).versions({ id: saved.id });
    expect(list.liveVersion).toBe(2);
    expect(list.draftChanged).toBe(false);
    expect(
      list.versions.map((version) => [
        version.number,
        version.live,
        version.note,
        version.publishedBy?.name,
      ]),
    ).toEqual([
      [2, true, "", "Ada Admin"],
      [1, false, "First go", "Max Member"],
    ]);
    expect(Date.parse(list.versions[0]!.publishedAt)).toBeGreaterThanOrEqual(
      Date.parse(list.versions[1]!.publishedAt),
    );
    expect(draft.version).toBe(published.version + 1);
  });

  it("rollback makes an earlier version live at once without touching the draft; restore copies it into the draft", async () => {
    const { saved, red } = await redFloow("Boots");
    await as(member).publish({ id: saved.id });
    const changed = await as(member).update({
      ...edit(saved, { name: "Boots 2", filters: [] }),
      version: saved.version,
    });
    await as(member).publish({ id: saved.id });
    expect((await publicFloow(saved.id)).floow).toMatchObject({ name: "Boots 2", floowVersion: 2 });

    const rolledBack = await as(member).rollback({ id: saved.id, number: 1 });
    expect(rolledBack).toMatchObject({ status: "live", name: "Boots 2", version: changed.version });
    expect((await publicFloow(saved.id)).floow).toMatchObject({ name: "Boots", floowVersion: 1 });
    expect(await results(saved.id, [red.id])).toEqual(["p1"]);
    expect((await as(member).byId({ id: saved.id })).name).toBe("Boots 2");
    const afterRollback = await as(member).versions({ id: saved.id });
    expect(afterRollback).toMatchObject({ liveVersion: 1, draftChanged: true });
    expect(afterRollback.versions.map((version) => [version.number, version.live])).toEqual([
      [2, false],
      [1, true],
    ]);

    // Restore to draft: a save (the counter goes up, an editor still on the old one gets the conflict).
    const restored = await as(admin).restoreVersion({ id: saved.id, number: 1 });
    expect(restored).toMatchObject({ name: "Boots", version: changed.version + 1, status: "live" });
    expect(restored.filters).toHaveLength(1);
    await expect(
      as(member).update({ ...edit(changed, { name: "Stale tab" }), version: changed.version }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: CONFLICT,
    });
    expect(await as(member).versions({ id: saved.id })).toMatchObject({
      liveVersion: 1,
      draftChanged: false,
    });
    // Shoppers still get version 1: restoring changes only the draft.
    expect((await publicFloow(saved.id)).floow).toMatchObject({ name: "Boots", floowVersion: 1 });

    await expect(as(member).rollback({ id: saved.id, number: 9 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(as(member).restoreVersion({ id: saved.id, number: 9 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("archive and restore take the floow offline; publishing again makes a new version; an archived floow cannot be rolled back", async () => {
    const { saved } = await redFloow("Offline");
    await as(member).publish({ id: saved.id });
    await as(member).archive({ id: saved.id });
    expect((await publicFloow(saved.id)).status).toBe(404);
    expect((await as(member).versions({ id: saved.id })).liveVersion).toBeNull();
    await expect(as(member).rollback({ id: saved.id, number: 1 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Restore this floow before publishing it.",
    });
    await as(member).restore({ id: saved.id });
    expect((await publicFloow(saved.id)).status).toBe(404);
    expect((await as(member).publish({ id: saved.id })).status).toBe("live");
    expect((await publicFloow(saved.id)).floow.floowVersion).toBe(2);
  });

  it("a rollback to a version of another domain shows at once in both domains' cached lists", async () => {
    const otherDomainId = (
      await callerFor(server.app, admin).domain.create({
        id: randomUUID(),
        name: "Two",
        host: "two.example",
      })
    ).id;
    // The whole API's public routes keep answers for a few seconds: what a rollback must clear.
    const cachedIds = async (domain: string) =>
      (
        (
          await server.app.inject({ method: "GET", url: `/api/public/domains/${domain}/floows` })
        ).json() as { floows: PublicFloow[] }
      ).floows.map((floow) => [floow.id, floow.floowVersion]);
    const { saved } = await redFloow("Mover");
    await as(member).publish({ id: saved.id });
    expect(await cachedIds(domainId)).toContainEqual([saved.id, 1]);
    expect(await cachedIds(otherDomainId)).toEqual([]);

    const moved = await as(member).update({
      ...edit(saved, { domainId: otherDomainId }),
      version: saved.version,
    });
    // A draft moved to another domain: shoppers of the first domain still get version 1.
    expect(await cachedIds(domainId)).toContainEqual([saved.id, 1]);
    await as(member).publish({ id: moved.id });
    expect(await cachedIds(domainId)).not.toContainEqual([saved.id, 1]);
    expect(await cachedIds(otherDomainId)).toEqual([[saved.id, 2]]);

    await as(member).rollback({ id: saved.id, number: 1 });
    expect(await cachedIds(domainId)).toContainEqual([saved.id, 1]);
    expect(await cachedIds(otherDomainId)).toEqual([]);
  });

  it("two publishes at once get two distinct numbers", async () => {
    const { saved } = await redFloow("Race");
    const [a, b] = await Promise.all([
      as(member).publish({ id: saved.id, note: "a" }),
      as(admin).publish({ id: saved.id, note: "b" }),
    ]);
    expect([a.status, b.status]).toEqual(["live", "live"]);
    const list = await as(member).versions({ id: saved.id });
    expect(list.versions.map((version) => version.number)).toEqual([2, 1]);
    expect(list.versions.map((version) => version.note).sort()).toEqual(["a", "b"]);
    expect(list.liveVersion).toBe(2);
    expect((await publicFloow(saved.id)).floow.floowVersion).toBe(2);
  });

  it(`keeps the newest ${FLOOW_VERSIONS_KEPT} versions`, async () => {
    const { saved } = await redFloow("Busy");
    for (let i = 0; i < FLOOW_VERSIONS_KEPT + 2; i++) await as(member).publish({ id: saved.id });
    const numbers = (await as(member).versions({ id: saved.id })).versions.map(
      (version) => version.number,
    );
    expect(numbers).toHaveLength(FLOOW_VERSIONS_KEPT);
    expect(numbers[0]).toBe(FLOOW_VERSIONS_KEPT + 2);
    expect(numbers.at(-1)).toBe(3);
    await expect(as(member).rollback({ id: saved.id, number: 2 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  }, 60_000);

  it("stores each event's floowVersion and counts sessions, completions and clicks per version", async () => {
    const { saved } = await redFloow("Counted");
    await as(member).publish({ id: saved.id });
    await as(member).publish({ id: saved.id });
    const context = (sessionId: string, floowVersion?: number) => ({
      organizationId: "claimed",
      domainId: "claimed",
      floowId: saved.id,
      sessionId,
      ...(floowVersion !== undefined && { floowVersion }),
    });
    const product = { id: "p1", name: "Red shoe", price: 80, url: "https://shop.example/p1" };
    const response = await postEvents([
      createEventMessage(context("s1", 1), "mount"),
      createEventMessage(context("s1", 1), "start"),
      createEventMessage(context("s1", 1), "finish", { products: [product] }),
      createEventMessage(context("s1", 1), "product", { product }),
      createEventMessage(context("s2", 2), "mount"),
      createEventMessage(context("s2", 2), "start"),
      createEventMessage(context("s3", 2), "mount"),
      createEventMessage(context("s4"), "mount"),
    ]);
    expect(response.statusCode).toBe(202);
    const stored = await server.app.database.db
      .selectFrom("event")
      .select(["session_id", "type", "floow_version"])
      .where("floow_id", "=", saved.id)
      .execute();
    expect(stored.filter((row) => row.session_id === "s1").map((row) => row.floow_version)).toEqual(
      [1, 1, 1, 1],
    );
    expect(stored.find((row) => row.session_id === "s4")?.floow_version).toBeNull();

    const list = await as(member).versions({ id: saved.id });
    expect(list.versions.map((version) => [version.number, version.stats])).toEqual([
      [2, { sessions: 2, completed: 0, completionRate: 0, productClicks: 0 }],
      [1, { sessions: 1, completed: 1, completionRate: 1, productClicks: 1 }],
    ]);
  });

  it("gives an earlier version's results when asked with its floowVersion (an experiment's variant)", async () => {
    const { saved, red, step } = await redFloow("Variant results");
    const v1 = await as(member).publish({ id: saved.id });
    await as(member).update({ ...edit(v1, { steps: [step], filters: [] }), version: v1.version });
    await as(member).publish({ id: saved.id });
    const ask = async (floowVersion?: number) =>
      (
        (
          await shop.inject({
            method: "POST",
            url: "/api/public/results",
            payload: { floowId: saved.id, choiceIds: [red.id], floowVersion },
          })
        ).json() as PublicResults
      ).products.map((product) => (product as { id?: string }).id);
    // Version 2 (live) has no filter; version 1 filters on red.
    expect(await ask()).toEqual(["p1", "p2"]);
    expect(await ask(1)).toEqual(["p1"]);
    expect(await ask(2)).toEqual(["p1", "p2"]);
    const missing = await shop.inject({
      method: "POST",
      url: "/api/public/results",
      payload: { floowId: saved.id, choiceIds: [], floowVersion: 9 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses malformed input with BAD_REQUEST at the field", async () => {
    const { saved } = await redFloow("Bad input");
    const cases: [() => Promise<unknown>, (string | number)[]][] = [
      [() => as(member).publish({ id: saved.id, note: "x".repeat(501) }), ["note"]],
      [() => as(member).rollback({ id: saved.id, number: 0 }), ["number"]],
      [() => as(member).restoreVersion({ id: saved.id, number: 1.5 }), ["number"]],
      [() => as(member).versions({ id: "" }), ["id"]],
    ];
    for (const [call, path] of cases) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((error as Error).cause).map((e) => e.path)).toEqual([path]);
    }
  });

  it("another organization gets NOT_FOUND for the versions of a floow and for each version", async () => {
    const { saved } = await redFloow("Private");
    await as(member).publish({ id: saved.id });
    const them = as(outsider);
    await expect(them.versions({ id: saved.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(them.publish({ id: saved.id, note: "mine" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(them.rollback({ id: saved.id, number: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(them.restoreVersion({ id: saved.id, number: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await as(member).versions({ id: saved.id })).versions).toHaveLength(1);
  });
});
