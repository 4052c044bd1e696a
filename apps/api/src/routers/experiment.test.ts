import { randomUUID } from "node:crypto";
import { fieldErrorsFrom } from "@floow/domain/errors";
import type { Experiment } from "@floow/domain/experiment";
import type { PublicDomainFloows, PublicFloowResponse } from "@floow/domain/public";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedFloow } from "../../test/floows";
import { createTestServer, startShopperRoutes } from "../../test/server";
import type { TestServer } from "../../test/server";

/** The error a call was refused with: its tRPC code and field errors. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const cause = error as { code?: string; message: string; cause?: unknown };
    // A zod refusal carries issues, a DomainError its fieldErrors.
    const domain = (cause.cause as { fieldErrors?: { path: unknown[]; message: string }[] })
      ?.fieldErrors;
    const fields = domain ?? fieldErrorsFrom(cause.cause);
    return {
      code: cause.code,
      message: cause.message,
      fields: fields.map((f) => [f.path.join("."), f.message]),
    };
  }
  throw new Error("the call was not refused");
}

describe.each(testDbKinds)("experiments (%s)", (kind) => {
  let server: TestServer;
  /** The public API without server-side caching: what it answers is what the database says now. */
  let shop: FastifyInstance;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let domainId: string;
  const as = (user: TestUser) => callerFor(server.app, user).experiment;

  /** A live floow with published versions 1, 2 and 3. */
  async function floowWithVersions() {
    const db = server.app.database.db;
    const floow = await seedFloow(db, organizationId, domainId, "data", {
      status: "live",
      name: "Quiz",
    });
    await callerFor(server.app, member).floow.publish({ id: floow.id, note: "v2" });
    await callerFor(server.app, member).floow.publish({ id: floow.id, note: "v3" });
    return floow;
  }

  const domainFloows = async (visitor?: string) => {
    const query = visitor ? `?visitor=${encodeURIComponent(visitor)}` : "";
    const response = await shop.inject({
      method: "GET",
      url: `/api/public/domains/${domainId}/floows${query}`,
    });
    return (response.json() as PublicDomainFloows).floows;
  };
  const oneFloow = async (id: string, visitor: string) =>
    (
      (
        await shop.inject({ method: "GET", url: `/api/public/floows/${id}?visitor=${visitor}` })
      ).json() as PublicFloowResponse
    ).floow;

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Acme");
    organizationId = org.id;
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
    shop = await startShopperRoutes(server.app.database.db);
  });
  afterAll(async () => {
    await shop.close();
    await server.close();
  });

  it("creates a draft with two variants and a holdout; refuses shares that do not add up, unknown versions and a version twice", async () => {
    const floow = await floowWithVersions();
    const created = await as(member).create({
      floowId: floow.id,
      name: "Short or long",
      variants: [
        { version: 1, share: 45 },
        { version: 3, share: 45 },
      ],
      holdoutShare: 10,
    });
    expect(created).toMatchObject({
      floowId: floow.id,
      name: "Short or long",
      state: "draft",
      holdout: { share: 10 },
      startedAt: null,
      promotedVersion: null,
    });
    expect(created.variants.map((v) => [v.version, v.share])).toEqual([
      [1, 45],
      [3, 45],
    ]);
    expect(new Set([...created.variants.map((v) => v.id), created.holdout!.id]).size).toBe(3);
    expect((await as(admin).list({ floowId: floow.id })).map((e) => e.id)).toEqual([created.id]);

    expect(
      await refusal(
        as(member).create({
          floowId: floow.id,
          variants: [
            { version: 1, share: 50 },
            { version: 2, share: 40 },
          ],
          holdoutShare: 20,
        }),
      ),
    ).toMatchObject({
      code: "BAD_REQUEST",
      fields: [["shares", "Traffic shares must add up to 100 %. Now 110 %."]],
    });
    expect(
      await refusal(
        as(member).create({
          floowId: floow.id,
          variants: [
            { version: 1, share: 50 },
            { version: 9, share: 50 },
          ],
        }),
      ),
    ).toMatchObject({
      code: "NOT_FOUND",
      fields: [["variants.1.version", "This version no longer exists."]],
    });
    expect(
      await refusal(
        as(member).create({
          floowId: floow.id,
          variants: [
            { version: 2, share: 50 },
            { version: 2, share: 50 },
          ],
        }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST", fields: [["variants.1.version", expect.any(String)]] });

    // A draft may change; the variant kept keeps its id (events of a later start carry it).
    const updated = await as(member).update({
      id: created.id,
      name: "Short or long",
      variants: [
        { version: 1, share: 40 },
        { version: 2, share: 40 },
      ],
      holdoutShare: 20,
    });
    expect(updated.variants[0]!.id).toBe(created.variants[0]!.id);
    expect(updated.variants[1]!.version).toBe(2);
    expect(updated.holdout).toEqual({ id: created.holdout!.id, share: 20 });
  });

  it("runs draft → running ⇄ paused → stopped, one running or paused per floow, the split fixed once started", async () => {
    const floow = await floowWithVersions();
    const input = {
      floowId: floow.id,
      variants: [
        { version: 1, share: 50 },
        { version: 2, share: 50 },
      ],
    };
    const first = await as(member).create(input);
    const second = await as(member).create(input);
    const started = await as(member).start({ id: first.id });
    expect(started.state).toBe("running");
    expect(started.startedAt).not.toBeNull();
    expect(await refusal(as(member).start({ id: second.id }))).toMatchObject({
      code: "CONFLICT",
      message: "Another experiment on this floow is running or paused. Stop it first.",
    });
    expect(await refusal(as(member).update({ id: first.id, ...input }))).toMatchObject({
      code: "CONFLICT",
    });
    expect(await refusal(as(member).remove({ id: first.id }))).toMatchObject({ code: "CONFLICT" });
    expect((await as(member).pause({ id: first.id })).state).toBe("paused");
    // Paused still holds the floow: resuming it must not land in another's traffic.
    expect(await refusal(as(member).start({ id: second.id }))).toMatchObject({ code: "CONFLICT" });
    const resumed = await as(member).start({ id: first.id });
    expect(resumed.state).toBe("running");
    expect(resumed.startedAt).toBe(started.startedAt);
    const stopped = await as(admin).stop({ id: first.id });
    expect(stopped.state).toBe("stopped");
    expect(stopped.stoppedAt).not.toBeNull();
    expect(await refusal(as(member).start({ id: first.id }))).toMatchObject({
      code: "CONFLICT",
      message: "Only a draft or a paused experiment can be started.",
    });
    expect((await as(member).start({ id: second.id })).state).toBe("running");
    await as(member).stop({ id: second.id });
    // A draft that never ran can be deleted.
    const third = await as(member).create(input);
    expect(await as(member).remove({ id: third.id })).toEqual({ id: third.id });
  });

  it("refuses to start on a floow that is not live", async () => {
    const floow = await floowWithVersions();
    const experiment = await as(member).create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 50 },
        { version: 2, share: 50 },
      ],
    });
    await callerFor(server.app, member).floow.archive({ id: floow.id });
    expect(await refusal(as(member).start({ id: experiment.id }))).toMatchObject({
      code: "CONFLICT",
      message: "Publish the floow before starting an experiment on it.",
    });
  });

  it("gives each visitor one arm on every request (a variant's version, or the holdout) while it runs, and nobody an arm otherwise", async () => {
    const floow = await floowWithVersions();
    const experiment = await as(member).create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 45 },
        { version: 2, share: 45 },
      ],
      holdoutShare: 10,
    });
    const versionOf = new Map<string, number | null>([
      [experiment.variants[0]!.id, 1],
      [experiment.variants[1]!.id, 2],
      [experiment.holdout!.id, null],
    ]);
    // A draft splits nobody.
    expect((await domainFloows("visitor-1")).find((f) => f.id === floow.id)).toMatchObject({
      floowVersion: 3,
    });
    await as(member).start({ id: experiment.id });

    const seen = new Map<string, number>();
    for (let i = 0; i < 60; i++) {
      const visitor = `visitor-${i}`;
      const shown = (await domainFloows(visitor)).find((f) => f.id === floow.id)!;
      expect(versionOf.has(shown.variantId!)).toBe(true);
      seen.set(shown.variantId!, (seen.get(shown.variantId!) ?? 0) + 1);
      if (shown.holdout) expect(versionOf.get(shown.variantId!)).toBeNull();
      else expect(shown.floowVersion).toBe(versionOf.get(shown.variantId!));
      // Sticky: the next page (and the floow's own answer) gives the same arm.
      const again = (await domainFloows(visitor)).find((f) => f.id === floow.id)!;
      expect(again.variantId).toBe(shown.variantId);
      expect(again.floowVersion).toBe(shown.floowVersion);
      expect((await oneFloow(floow.id, visitor)).variantId).toBe(shown.variantId);
    }
    expect(seen.size).toBe(3);

    // Without a visitor key: the live version, no arm.
    const anonymous = (await domainFloows()).find((f) => f.id === floow.id)!;
    expect(anonymous.variantId).toBeUndefined();
    expect(anonymous.floowVersion).toBe(3);

    await as(member).pause({ id: experiment.id });
    const paused = (await domainFloows("visitor-1")).find((f) => f.id === floow.id)!;
    expect(paused.variantId).toBeUndefined();
    expect(paused.floowVersion).toBe(3);
    await as(member).stop({ id: experiment.id });
  });

  it("counts visitors, starts, completions, clicks, orders and revenue per arm, with the statistics", async () => {
    const floow = await floowWithVersions();
    const experiment = await as(member).create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 45 },
        { version: 2, share: 45 },
      ],
      holdoutShare: 10,
    });
    await as(member).start({ id: experiment.id });
    const [a, b] = experiment.variants;
    const holdout = experiment.holdout!;
    const db = server.app.database.db;
    let n = 0;
    const session = async (
      variantId: string,
      visitor: string | null,
      counts: { starts?: number; finishes?: number; clicks?: number } = {},
    ) => {
      const now = new Date();
      await db
        .insertInto("event_session")
        .values({
          floow_id: floow.id,
          session_id: `s-${n++}`,
          organization_id: organizationId,
          domain_id: domainId,
          first_at: now,
          last_at: now,
          mounts: 1,
          starts: counts.starts ?? 0,
          finishes: counts.finishes ?? 0,
          clicks: counts.clicks ?? 0,
          visitor_id: visitor,
          variant_id: variantId,
        })
        .execute();
      return `s-${n - 1}`;
    };
    const order = async (
      variantId: string,
      visitor: string | null,
      session: string,
      value: number,
      currency = "EUR",
    ) =>
      sql`insert into "conversion" ("id", "organization_id", "order_id", "source", "value", "currency", "visitor_id", "session_id", "floow_id", "variant_id", "occurred_at")
        values (${randomUUID()}, ${organizationId}, ${randomUUID()}, 'api', ${value}, ${currency}, ${visitor}, ${session}, ${floow.id}, ${variantId}, now())`.execute(
        db,
      );
    // A: three visitors (one with two sessions), one bought twice (30 + 20).
    await session(a!.id, "va1", { starts: 1, finishes: 1, clicks: 2 });
    const va1 = await session(a!.id, "va1", { starts: 1 });
    await session(a!.id, "va2", { starts: 1 });
    await session(a!.id, null);
    await order(a!.id, "va1", va1, 30);
    await order(a!.id, "va1", va1, 20);
    // B: two visitors, both started and finished, one bought 40, and an order in dollars.
    const vb1 = await session(b!.id, "vb1", { starts: 1, finishes: 1, clicks: 1 });
    const vb2 = await session(b!.id, "vb2", { starts: 1, finishes: 1 });
    await order(b!.id, "vb1", vb1, 40);
    await order(b!.id, "vb2", vb2, 99, "USD");
    // The holdout: one visitor, no floow, no order; and a session of another floow's arm, ignored.
    await session(holdout.id, "vh1");
    await session("someone-else", "vx");

    const results = await as(member).results({ id: experiment.id });
    expect(results.currency).toBe("EUR");
    const byId = new Map(results.stats.arms.map((arm) => [arm.id, arm]));
    expect(byId.get(a!.id)).toMatchObject({
      visitors: 3,
      started: 2,
      completed: 1,
      clicked: 1,
      converted: 1,
      orders: 2,
      revenue: 50,
      revenueSquares: 2500,
    });
    expect(byId.get(a!.id)!.conversionRate.value).toBeCloseTo(1 / 3, 10);
    expect(byId.get(a!.id)!.revenuePerVisitor.value).toBeCloseTo(50 / 3, 10);
    expect(byId.get(b!.id)).toMatchObject({
      visitors: 2,
      started: 2,
      completed: 2,
      converted: 2,
      orders: 2,
      revenue: 40,
    });
    expect(byId.get(b!.id)!.completionRate.value).toBe(1);
    expect(byId.get(holdout.id)).toMatchObject({ holdout: true, visitors: 1, converted: 0 });
    expect(results.stats.holdoutLift!.value).toBeCloseTo(3 / 5, 10);
    const chances = results.stats.arms.map((arm) => arm.chanceToBeBest);
    expect(chances[0]! + chances[1]!).toBeCloseTo(1, 10);
    expect(chances[2]).toBeNull();
    await as(member).stop({ id: experiment.id });
  });

  it("follows a session's later events, a visitor id given later and deleted sessions (the per-visitor rollup)", async () => {
    const floow = await floowWithVersions();
    const experiment = await as(member).create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 50 },
        { version: 2, share: 50 },
      ],
    });
    await as(member).start({ id: experiment.id });
    const [a] = experiment.variants;
    const db = server.app.database.db;
    const now = new Date();
    const row = (sessionId: string, visitor: string | null) => ({
      floow_id: floow.id,
      session_id: sessionId,
      organization_id: organizationId,
      domain_id: domainId,
      first_at: now,
      last_at: now,
      mounts: 1,
      visitor_id: visitor,
      variant_id: a!.id,
    });
    const armA = async () =>
      (await as(member).results({ id: experiment.id })).stats.arms.find((arm) => arm.id === a!.id)!;
    const update = (sessionId: string, values: Record<string, unknown>) =>
      db
        .updateTable("event_session")
        .set(values)
        .where("floow_id", "=", floow.id)
        .where("session_id", "=", sessionId)
        .execute();

    // Two sessions of one visitor and one without a visitor id: two visitors, none started.
    await db
      .insertInto("event_session")
      .values([row("r-1", "v1"), row("r-2", "v1"), row("r-3", null)])
      .execute();
    expect(await armA()).toMatchObject({ visitors: 2, started: 0, completed: 0, clicked: 0 });
    // Later events of a session: it starts, finishes and clicks.
    await update("r-2", { starts: 1, finishes: 1, clicks: 2, last_at: new Date() });
    expect(await armA()).toMatchObject({ visitors: 2, started: 1, completed: 1, clicked: 1 });
    // The session without a visitor id gets v1's: one visitor.
    await update("r-3", { visitor_id: "v1" });
    expect(await armA()).toMatchObject({ visitors: 1, started: 1 });
    // Retention deletes the started session: v1 is still a visitor, no longer a started one.
    await db.deleteFrom("event_session").where("session_id", "=", "r-2").execute();
    expect(await armA()).toMatchObject({ visitors: 1, started: 0, completed: 0, clicked: 0 });
    // All of v1's sessions gone: nobody left in the arm.
    await db.deleteFrom("event_session").where("session_id", "in", ["r-1", "r-3"]).execute();
    expect(await armA()).toMatchObject({ visitors: 0 });
    await as(member).stop({ id: experiment.id });
  });

  it("counts a shopper's events and order for their arm, and a holdout visitor's order for the holdout (through the public calls)", async () => {
    const floow = await floowWithVersions();
    const experiment = await as(member).create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 40 },
        { version: 2, share: 40 },
      ],
      holdoutShare: 20,
    });
    await as(member).start({ id: experiment.id });
    // Two visitors: one the answer puts in a variant, one in the holdout.
    type Arm = { visitor: string; variantId: string; floowVersion?: number };
    let variant: Arm | undefined;
    let held: Arm | undefined;
    for (let i = 0; !variant || !held; i++) {
      if (i > 200) throw new Error("no visitor of both kinds in 200");
      const visitor = `shopper-${i}`;
      const shown = (await domainFloows(visitor)).find((f) => f.id === floow.id)!;
      const arm = { visitor, variantId: shown.variantId!, floowVersion: shown.floowVersion };
      if (shown.holdout) held ??= arm;
      else variant ??= arm;
    }
    const variantVisitor = variant.visitor;
    const holdoutVisitor = held.visitor;
    const message = (visitorId: string, sessionId: string, arm: Arm, type: string) => ({
      event: "floows",
      v: 1,
      id: randomUUID(),
      organizationId: "claimed",
      domainId: "claimed",
      floowId: floow.id,
      floowVersion: arm.floowVersion,
      sessionId,
      visitorId,
      variantId: arm.variantId,
      createdAt: new Date().toISOString(),
      type,
    });
    const events = await shop.inject({
      method: "POST",
      url: "/api/public/events",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        events: [
          message(variantVisitor, "tab-1", variant, "mount"),
          message(variantVisitor, "tab-1", variant, "start"),
          message(holdoutVisitor, "tab-2", held, "holdout"),
        ],
      }),
    });
    expect(events.statusCode).toBe(202);
    const order = (orderId: string, visitorId: string, value: number) =>
      shop.inject({
        method: "POST",
        url: "/api/public/conversions",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ domainId, orderId, value, currency: "EUR", visitorId }),
      });
    expect((await order("order-1", variantVisitor, 80)).statusCode).toBeLessThan(300);
    expect((await order("order-2", holdoutVisitor, 30)).statusCode).toBeLessThan(300);

    const results = await as(member).results({ id: experiment.id });
    const byId = new Map(results.stats.arms.map((arm) => [arm.id, arm]));
    expect(byId.get(variant.variantId)).toMatchObject({
      visitors: 1,
      started: 1,
      converted: 1,
      orders: 1,
      revenue: 80,
    });
    expect(byId.get(held.variantId)).toMatchObject({
      holdout: true,
      visitors: 1,
      started: 0,
      converted: 1,
      orders: 1,
      revenue: 30,
    });
    expect(results.currency).toBe("EUR");
    await as(member).stop({ id: experiment.id });
  });

  it("promotes a variant: its version is live at once and the experiment stops; the holdout cannot be promoted", async () => {
    const floow = await floowWithVersions();
    const experiment = await as(member).create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 45 },
        { version: 2, share: 45 },
      ],
      holdoutShare: 10,
    });
    expect(
      await refusal(
        as(member).promote({ id: experiment.id, variantId: experiment.variants[0]!.id }),
      ),
    ).toMatchObject({ code: "CONFLICT" });
    await as(member).start({ id: experiment.id });
    expect(
      await refusal(as(member).promote({ id: experiment.id, variantId: experiment.holdout!.id })),
    ).toMatchObject({
      code: "BAD_REQUEST",
      fields: [["variantId", "The holdout shows no floow: there is nothing to promote."]],
    });
    const promoted = await as(member).promote({
      id: experiment.id,
      variantId: experiment.variants[1]!.id,
    });
    expect(promoted.experiment).toMatchObject({ state: "stopped", promotedVersion: 2 });
    expect(promoted.floow).toMatchObject({ id: floow.id, status: "live" });
    const versions = await callerFor(server.app, member).floow.versions({ id: floow.id });
    expect(versions.liveVersion).toBe(2);
    // Shoppers get version 2, with or without a visitor key, and no arm.
    const shown = (await domainFloows("visitor-7")).find((f) => f.id === floow.id)!;
    expect(shown.floowVersion).toBe(2);
    expect(shown.variantId).toBeUndefined();
  });

  it("keeps another organization's floows and experiments NOT_FOUND", async () => {
    const floow = await floowWithVersions();
    const experiment: Experiment = await as(member).create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 50 },
        { version: 2, share: 50 },
      ],
    });
    const other = as(outsider);
    for (const call of [
      () => other.byId({ id: experiment.id }),
      () => other.list({ floowId: floow.id }),
      () => other.start({ id: experiment.id }),
      () => other.pause({ id: experiment.id }),
      () => other.stop({ id: experiment.id }),
      () => other.results({ id: experiment.id }),
      () => other.remove({ id: experiment.id }),
      () => other.promote({ id: experiment.id, variantId: experiment.variants[0]!.id }),
      () =>
        other.update({
          id: experiment.id,
          variants: [
            { version: 1, share: 50 },
            { version: 2, share: 50 },
          ],
        }),
      () =>
        other.create({
          floowId: floow.id,
          variants: [
            { version: 1, share: 50 },
            { version: 2, share: 50 },
          ],
        }),
    ]) {
      expect((await refusal(call())).code).toBe("NOT_FOUND");
    }
    expect((await as(member).byId({ id: experiment.id })).state).toBe("draft");
  });
});
