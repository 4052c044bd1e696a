import { randomUUID } from "node:crypto";
import type { PublicDomainFloows } from "@floow/domain/public";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { callerFor, createOrganization, createUser, exportSessionsCsv } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedFloow } from "../../test/floows";
import { createTestServer, startShopperRoutes } from "../../test/server";
import type { TestServer } from "../../test/server";
import { up } from "../db/migrations/20261126150000_event_daily_holdout";

/**
 * A visitor in an experiment's holdout sees no floow; the runtime sends one `holdout` event.
 * The experiment's results count that visitor; the floow's analytics do not count the session
 * (docs/analytics.md "Experiments"), until it is shown the floow after all.
 */
describe.each(testDbKinds)("holdout sessions in analytics (%s)", (kind) => {
  let server: TestServer;
  let shop: FastifyInstance;
  let member: TestUser;
  let organizationId: string;
  let domainId: string;

  beforeAll(async () => {
    server = await createTestServer(kind);
    member = await createUser(server.app, "Max Member");
    organizationId = (await createOrganization(server.app, member, "Acme")).id;
    domainId = (
      await callerFor(server.app, member).domain.create({
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

  const today = () =>
    new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Amsterdam" }).format(new Date());

  it("counts a holdout visitor in the experiment's results and not in the floow's sessions, views, devices or CSV", async () => {
    const caller = callerFor(server.app, member);
    const floow = await seedFloow(server.app.database.db, organizationId, domainId, "data", {
      status: "live",
      name: "Quiz",
    });
    await caller.floow.publish({ id: floow.id, note: "v2" });
    const experiment = await caller.experiment.create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 40 },
        { version: 2, share: 40 },
      ],
      holdoutShare: 20,
    });
    await caller.experiment.start({ id: experiment.id });

    // Two visitors as the public answer assigns them: one shown a variant, one held out.
    type Arm = { visitor: string; variantId: string; floowVersion?: number };
    let shown: Arm | undefined;
    let held: Arm | undefined;
    for (let i = 0; !shown || !held; i++) {
      if (i > 200) throw new Error("no visitor of both kinds in 200");
      const visitor = `shopper-${i}`;
      const response = await shop.inject({
        method: "GET",
        url: `/api/public/domains/${domainId}/floows?visitor=${visitor}`,
      });
      const answer = (response.json() as PublicDomainFloows).floows.find((f) => f.id === floow.id)!;
      const arm = { visitor, variantId: answer.variantId!, floowVersion: answer.floowVersion };
      if (answer.holdout) held ??= arm;
      else shown ??= arm;
    }
    const message = (arm: Arm, sessionId: string, type: string) => ({
      event: "floows",
      v: 1,
      id: randomUUID(),
      organizationId: "claimed",
      domainId: "claimed",
      floowId: floow.id,
      floowVersion: arm.floowVersion,
      sessionId,
      visitorId: arm.visitor,
      variantId: arm.variantId,
      createdAt: new Date().toISOString(),
      type,
    });
    const post = async (events: unknown[]) => {
      const response = await shop.inject({
        method: "POST",
        url: "/api/public/events",
        headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (Macintosh)" },
        payload: JSON.stringify({ events }),
      });
      expect(response.statusCode).toBe(202);
    };
    // The shown visitor views and starts; the held-out one sends its `holdout` event on two pages.
    await post([
      message(shown, "tab-shown", "mount"),
      message(shown, "tab-shown", "start"),
      message(held, "tab-held", "holdout"),
    ]);
    await post([message(held, "tab-held", "holdout")]);

    const range = { from: today(), to: today() };
    const results = await caller.experiment.results({ id: experiment.id });
    const arms = new Map(results.stats.arms.map((arm) => [arm.id, arm]));
    expect(arms.get(held.variantId)).toMatchObject({ holdout: true, visitors: 1, started: 0 });
    expect(arms.get(shown.variantId)).toMatchObject({ visitors: 1, started: 1 });

    const overview = await caller.analytics.overview(range);
    expect(overview.current.totals).toMatchObject({ sessions: 1, views: 1, startedSessions: 1 });
    expect(overview.current.totals.startRate).toBe(1);
    expect(overview.days.at(-1)).toMatchObject({ sessions: 1, views: 1 });
    const page = await caller.analytics.floow({ id: floow.id, ...range });
    expect(page.current.totals).toMatchObject({ sessions: 1, views: 1 });
    expect(page.devices).toEqual([{ key: "mac", sessions: 1 }]);
    const csv = await exportSessionsCsv(server.app, member, { id: floow.id, ...range });
    expect(csv.csv).toContain("tab-shown");
    expect(csv.csv).not.toContain("tab-held");
    // One version's figures (read from the sessions themselves) leave it out too.
    const version = await caller.analytics.floow({
      id: floow.id,
      ...range,
      version: held.floowVersion!,
    });
    const sameVersion = shown.floowVersion === held.floowVersion ? 1 : 0;
    expect(version.current.totals.sessions).toBe(sameVersion);
    expect(version.devices.reduce((sum, device) => sum + device.sessions, 0)).toBe(sameVersion);
    // So does the editor's versions list.
    const versions = await caller.floow.versions({ id: floow.id });
    const counted = (number: number) =>
      versions.versions.find((v) => v.number === number)?.stats.sessions;
    expect(counted(held.floowVersion!)).toBe(sameVersion);
    expect(counted(shown.floowVersion!)).toBe(1);

    // The experiment stops while the held-out tab stays open: it is shown the floow, and counts.
    await caller.experiment.stop({ id: experiment.id });
    await post([message(held, "tab-held", "mount")]);
    const after = await caller.analytics.overview(range);
    expect(after.current.totals).toMatchObject({ sessions: 2, views: 2 });
    const afterPage = await caller.analytics.floow({ id: floow.id, ...range });
    expect(afterPage.devices).toEqual([{ key: "mac", sessions: 2 }]);
    const stopped = await caller.experiment.results({ id: experiment.id });
    expect(stopped.stats.arms.find((arm) => arm.id === held!.variantId)).toMatchObject({
      visitors: 1,
      started: 0,
    });
  });

  it("takes the holdout sessions stored before it out of the daily rollups (the migration)", async () => {
    const caller = callerFor(server.app, member);
    const db = server.app.database.db;
    const floow = await seedFloow(db, organizationId, domainId, "data", { status: "live" });
    await caller.floow.publish({ id: floow.id, note: "v2" });
    const experiment = await caller.experiment.create({
      floowId: floow.id,
      variants: [
        { version: 1, share: 45 },
        { version: 2, share: 45 },
      ],
      holdoutShare: 10,
    });
    // As the old triggers left them: a held-out session and a shown one, both counted.
    const now = new Date();
    const session = (id: string, variantId: string, mounts: number) => ({
      floow_id: floow.id,
      session_id: id,
      organization_id: organizationId,
      domain_id: domainId,
      first_at: now,
      last_at: now,
      mounts,
      os: "linux",
      variant_id: variantId,
    });
    const raw = db as unknown as Kysely<unknown>;
    await sql`alter table "event_session" disable trigger "event_session_to_daily"`.execute(db);
    await sql`alter table "event_session" disable trigger "event_session_to_items"`.execute(db);
    try {
      await db
        .insertInto("event_session")
        .values([
          session("old-held", experiment.holdout!.id, 0),
          session("old-shown", experiment.variants[0]!.id, 1),
        ])
        .execute();
    } finally {
      await sql`alter table "event_session" enable trigger "event_session_to_daily"`.execute(db);
      await sql`alter table "event_session" enable trigger "event_session_to_items"`.execute(db);
    }
    const day = today();
    await sql`insert into "event_daily" ("organization_id", "floow_id", "domain_id", "day", "sessions", "views")
      values (${organizationId}, ${floow.id}, ${domainId}, ${day}::date, 2, 1)`.execute(db);
    await sql`insert into "event_daily_item" ("organization_id", "floow_id", "day", "kind", "item", "count")
      values (${organizationId}, ${floow.id}, ${day}::date, 'os', 'linux', 2), (${organizationId}, ${floow.id}, ${day}::date, 'language', 'unknown', 2)`.execute(
      db,
    );
    await up(raw);
    const page = await caller.analytics.floow({ id: floow.id, from: day, to: day });
    expect(page.current.totals).toMatchObject({ sessions: 1, views: 1 });
    expect(page.devices).toEqual([{ key: "linux", sessions: 1 }]);
    expect(page.languages).toEqual([{ key: "unknown", sessions: 1 }]);
  });
});
