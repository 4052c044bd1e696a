import { createChoice, createStep } from "@floow/domain/floow";
import { createEventMessage } from "@floow/domain/events";
import type { FloowEventMessage, FloowEventPayload, FloowEventType } from "@floow/domain/events";
import type { FloowAnalytics } from "@floow/domain/analytics";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import {
  addMember,
  callerFor,
  createOrganization,
  createUser,
  exportSessionsCsv,
} from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain, seedFloow } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import type { DB } from "../db/database";
import { deleteExpiredEvents } from "../db/queries/analytics";
import type { EventDevice } from "../db/queries/event";
import { storeEvents } from "../services/events/store-events";

/**
 * Hand-made sessions with known answers. "Bike finder" branches: after "Where do you ride?",
 * road riders get "Road budget?" and mountain riders "Suspension?". The day under test is
 * 10 November 2026 in Amsterdam (UTC+1): 9 Nov 23:30 UTC already counts for it, 22:30 not.
 */
const DAY = "2026-11-10";
const at = (iso: string) => new Date(iso);
const NOON = at("2026-11-10T11:00:00Z");

const ride = createStep({ text: "<p>Where do you ride?</p>" });
const road = createChoice({ stepId: ride.id, text: "Road" });
const mountain = createChoice({ stepId: ride.id, text: "Mountain" });
ride.choices = [road, mountain];
const budget = createStep({ text: "<p>Road budget?</p>" });
const low = createChoice({ stepId: budget.id, text: "Low" });
const high = createChoice({ stepId: budget.id, text: "High" });
budget.choices = [low, high];
const suspension = createStep({ text: "<p>Suspension?</p>" });
const full = createChoice({ stepId: suspension.id, text: "Full" });
suspension.choices = [full];

const VELO = {
  id: "P1",
  name: "Velo Aero",
  price: 1499,
  url: "https://shop.example/p1",
  image: "",
};
const TRAIL = {
  id: "P2",
  name: "Trail King",
  price: 899,
  url: "https://shop.example/p2",
  image: "",
};

type Planned = [FloowEventType, FloowEventPayload?];
const pick = (step: typeof ride, choice: typeof road): Planned => [
  "choice",
  {
    step: { id: step.id, text: step.text.replace(/<[^>]+>/g, "") },
    choices: step.choices.map((c) => ({ id: c.id, text: c.text, selected: c.id === choice.id })),
  },
];

describe.each(testDbKinds)("analytics router (%s)", (kind) => {
  let server: TestServer;
  let db: Kysely<DB>;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let orgId: string;
  let domainId: string;
  let bikeId: string;
  let newsletterId: string;

  async function session(
    floowId: string,
    sessionId: string,
    plan: Planned[],
    receivedAt: Date = NOON,
    device: EventDevice = { os: "unknown", language: "unknown" },
    // The bike finder's shoppers all saw its version 1 (analytics by version).
    floowVersion: number | undefined = floowId === bikeId ? 1 : undefined,
  ) {
    const messages: FloowEventMessage[] = plan.map(([type, payload]) =>
      createEventMessage(
        {
          organizationId: orgId,
          domainId,
          floowId,
          sessionId,
          ...(floowVersion !== undefined && { floowVersion }),
        },
        type,
        payload,
      ),
    );
    // One event a second, in order, as a shopper would send them.
    await storeEvents(
      db,
      messages.map((message, index) => ({
        organizationId: orgId,
        domainId,
        message,
        device,
        receivedAt: new Date(receivedAt.getTime() + index * 1000),
      })),
    );
  }

  beforeAll(async () => {
    server = await createTestServer(kind);
    db = server.app.database.db;
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Bikes Co");
    orgId = org.id;
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    outsider = await createUser(server.app, "Olga Outsider");
    await createOrganization(server.app, outsider, "Other Co");
    domainId = (await seedDomain(db, orgId)).id;
    bikeId = (
      await seedFloow(db, orgId, domainId, "selling", {
        name: "Bike finder",
        status: "live",
        steps: [ride, budget, suspension],
      })
    ).id;
    newsletterId = (
      await seedFloow(db, orgId, domainId, "data", { name: "Newsletter", status: "live" })
    ).id;

    // A: road → low → results (both bikes) → clicks the Velo.
    await session(
      bikeId,
      "A",
      [
        ["mount"],
        ["start"],
        pick(ride, road),
        pick(budget, low),
        ["finish", { products: [VELO, TRAIL], partial: false }],
        ["product", { product: VELO }],
      ],
      NOON,
      { os: "mac", language: "nl" },
    );
    // B: road, then leaves at the budget question.
    await session(bikeId, "B", [["mount"], ["start"], pick(ride, road)], NOON, {
      os: "linux",
      language: "unknown",
    });
    // C: mountain → full → a partial match.
    await session(
      bikeId,
      "C",
      [
        ["mount"],
        ["start"],
        pick(ride, mountain),
        pick(suspension, full),
        ["finish", { products: [TRAIL], partial: true }],
      ],
      NOON,
      { os: "windows", language: "en" },
    );
    // D: starts and leaves on the first question.
    await session(bikeId, "D", [["mount"], ["start"]]);
    // E: only sees it.
    await session(bikeId, "E", [["mount"]]);
    // F: mountain, then leaves.
    await session(bikeId, "F", [["mount"], ["start"], pick(ride, mountain)]);
    // G: road → high, then leaves before the results.
    await session(bikeId, "G", [["mount"], ["start"], pick(ride, road), pick(budget, high)]);
    // L: 00:30 in Amsterdam on the 10th: the day under test.
    await session(bikeId, "L", [["mount"]], at("2026-11-09T23:30:00Z"));
    // K: 23:30 in Amsterdam on the 9th: the previous period.
    await session(bikeId, "K", [["mount"], ["start"]], at("2026-11-09T22:30:00Z"));
  });
  afterAll(() => server.close());

  const range = { from: DAY, to: DAY };

  it("overview: views, sessions, starts, completions and clicks with their rates, against the previous period", async () => {
    const overview = await callerFor(server.app, member).analytics.overview(range);
    expect(overview.current).toEqual({
      from: DAY,
      to: DAY,
      totals: {
        views: 8,
        sessions: 8,
        starts: 6,
        startedSessions: 6,
        startRate: 6 / 8,
        completions: 2,
        completedSessions: 2,
        completionRate: 2 / 6,
        clicks: 1,
        clickedSessions: 1,
        clickThroughRate: 1 / 2,
      },
      // No orders here (analytics-revenue.test.ts has them).
      revenue: { orders: 0, revenue: [], conversionRate: 0, revenuePerSession: [] },
    });
    expect(overview.previous).toMatchObject({
      from: "2026-11-09",
      to: "2026-11-09",
      totals: { views: 1, sessions: 1, starts: 1, completions: 0 },
    });
    expect(overview.days).toEqual([
      { day: DAY, views: 8, sessions: 8, starts: 6, completions: 2, clicks: 1 },
    ]);
    expect(
      overview.floows.map((f) => [f.name, f.views, f.starts, f.completions, f.clickThroughRate]),
    ).toEqual([
      ["Bike finder", 8, 6, 2, 0.5],
      ["Newsletter", 0, 0, 0, null],
    ]);
  });

  it("overview: every day of the range, quiet days as zero; a domain filter", async () => {
    const overview = await callerFor(server.app, admin).analytics.overview({
      from: "2026-11-08",
      to: DAY,
      domainId,
    });
    expect(overview.days.map((d) => [d.day, d.sessions, d.starts])).toEqual([
      ["2026-11-08", 0, 0],
      ["2026-11-09", 1, 1],
      [DAY, 8, 6],
    ]);
    expect(overview.previous).toMatchObject({ from: "2026-11-05", to: "2026-11-07" });
    const otherDomain = await seedDomain(db, orgId, { name: "Other shop", host: "other.example" });
    const filtered = await callerFor(server.app, admin).analytics.overview({
      ...range,
      domainId: otherDomain.id,
    });
    expect(filtered.current.totals.sessions).toBe(0);
    expect(filtered.floows).toEqual([]);
  });

  describe("one floow", () => {
    let bike: FloowAnalytics;
    beforeAll(async () => {
      bike = await callerFor(server.app, member).analytics.floow({ id: bikeId, ...range });
    });

    it("has the same figures as the overview", () => {
      expect(bike.floow).toEqual({
        id: bikeId,
        name: "Bike finder",
        status: "live",
        type: "selling",
      });
      expect(bike.current.totals).toMatchObject({
        views: 8,
        sessions: 8,
        starts: 6,
        completions: 2,
        clicks: 1,
      });
    });

    it("funnel: drop-off at a step is the sessions that left there over the sessions that reached it (branches)", () => {
      expect(bike.funnel).toEqual([
        { stepId: null, text: "Start page", reached: 6, left: 1, dropOff: 1 / 6 },
        { stepId: ride.id, text: "Where do you ride?", reached: 5, left: 2, dropOff: 2 / 5 },
        // Only road riders meet the budget question: G left after it, so half of them, not 1 in 6 starts.
        { stepId: budget.id, text: "Road budget?", reached: 2, left: 1, dropOff: 1 / 2 },
        { stepId: suspension.id, text: "Suspension?", reached: 1, left: 0, dropOff: 0 },
      ]);
    });

    it("choices: the sessions that picked each choice, per step", () => {
      expect(
        bike.choices.map((s) => [s.text, s.sessions, s.choices.map((c) => [c.text, c.sessions])]),
      ).toEqual([
        [
          "Where do you ride?",
          5,
          [
            ["Road", 3],
            ["Mountain", 2],
          ],
        ],
        [
          "Road budget?",
          2,
          [
            ["High", 1],
            ["Low", 1],
          ],
        ],
        ["Suspension?", 1, [["Full", 1]]],
      ]);
    });

    it("product results: shown, clicked, click-through per product and the partial-match share", () => {
      expect(bike.results).toEqual({
        resultPages: 2,
        partialPages: 1,
        partialShare: 0.5,
        products: [
          {
            id: "P1",
            name: "Velo Aero",
            price: 1499,
            shown: 1,
            clicks: 1,
            clickThroughRate: 1,
            orders: 0,
            revenue: [],
          },
          {
            id: "P2",
            name: "Trail King",
            price: 899,
            shown: 2,
            clicks: 0,
            clickThroughRate: 0,
            orders: 0,
            revenue: [],
          },
        ],
      });
    });

    it("by version: version 1 (every session's) gives the same figures as all versions; another version none", async () => {
      const analytics = callerFor(server.app, member).analytics;
      expect(await analytics.floow({ id: bikeId, ...range, version: 1 })).toEqual(bike);
      const none = await analytics.floow({ id: bikeId, ...range, version: 2 });
      expect(none.current.totals).toMatchObject({
        views: 0,
        sessions: 0,
        starts: 0,
        completions: 0,
        clicks: 0,
      });
      expect(none.funnel).toEqual([
        { stepId: null, text: "Start page", reached: 0, left: 0, dropOff: null },
      ]);
      expect([none.choices, none.results.products, none.devices, none.languages]).toEqual([
        [],
        [],
        [],
        [],
      ]);
      expect(none.days).toEqual([
        { day: DAY, sessions: 0, views: 0, starts: 0, completions: 0, clicks: 0 },
      ]);
    });

    it("devices and languages by session", () => {
      expect(bike.devices).toEqual([
        { key: "unknown", sessions: 5 },
        { key: "linux", sessions: 1 },
        { key: "mac", sessions: 1 },
        { key: "windows", sessions: 1 },
      ]);
      expect(bike.languages).toEqual([
        { key: "unknown", sessions: 6 },
        { key: "en", sessions: 1 },
        { key: "nl", sessions: 1 },
      ]);
    });
  });

  describe("form inputs, CSV export and erasure (a Guided Data floow)", () => {
    const form = createStep({ type: "form", text: "<p>Stay in touch</p>" });
    const inputs = (email: string, name: string): Planned => [
      "form",
      {
        step: { id: form.id, text: "Stay in touch" },
        formInputs: [
          { id: "email", type: "email", text: "E-mail", value: email },
          { id: "name", type: "text", text: "Name", value: name },
        ],
      },
    ];

    beforeAll(async () => {
      await session(newsletterId, "H", [
        ["mount"],
        ["start"],
        inputs("ada@example.com", ""),
        ["finish"],
      ]);
      await session(newsletterId, "I", [
        ["mount"],
        ["start"],
        inputs(" Max@Example.com ", "Max"),
        ["finish"],
      ]);
      await session(newsletterId, "=1+2", [
        ["mount"],
        ["start"],
        inputs("", '=HYPERLINK("http://evil.example")'),
      ]);
    });

    it("completion of each input, without values", async () => {
      const newsletter = await callerFor(server.app, admin).analytics.floow({
        id: newsletterId,
        ...range,
      });
      expect(newsletter.formInputs).toEqual([
        {
          stepId: form.id,
          inputId: "email",
          text: "E-mail",
          type: "email",
          submitted: 3,
          filled: 2,
          completion: 2 / 3,
        },
        {
          stepId: form.id,
          inputId: "name",
          text: "Name",
          type: "text",
          submitted: 3,
          filled: 2,
          completion: 2 / 3,
        },
      ]);
      expect(JSON.stringify(newsletter)).not.toContain("ada@example.com");
    });

    it("exports one CSV row per session, cells that could run as a formula escaped", async () => {
      const { csv, rows, filename } = await exportSessionsCsv(server.app, member, {
        id: newsletterId,
        ...range,
      });
      expect(filename).toBe(`newsletter-sessions-${DAY}-${DAY}.csv`);
      expect(rows).toBe(3);
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toBe(
        "session,started,finished,answers,clicked product,operating system,language,orders,order ids,revenue,influenced revenue,assisted revenue",
      );
      // Sessions in order of their start, then of their id.
      expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["'=1+2", "H", "I"]);
      expect(lines[2]).toBe(
        "H,2026-11-10 12:00:00,2026-11-10 12:00:03,Stay in touch: E-mail = ada@example.com; Name = ,,unknown,unknown,0,,,,",
      );
      expect(lines[1]).toMatch(
        /^'=1\+2,2026-11-10 12:00:00,,"Stay in touch: E-mail = ; Name = =HYPERLINK\(""http:\/\/evil.example""\)",/,
      );
      const bike = await exportSessionsCsv(server.app, member, {
        id: bikeId,
        ...range,
      });
      expect(bike.csv).toContain(
        "A,2026-11-10 12:00:00,2026-11-10 12:00:04,Where do you ride?: Road | Road budget?: Low,Velo Aero,mac,nl",
      );
    });

    it("exports each step's last answer, in the order given, and every product clicked, across the ingest's batches", async () => {
      const changes = await seedFloow(db, orgId, domainId, "selling", {
        name: "Changes",
        status: "live",
        steps: [ride, budget],
      });
      const store = (plan: Planned[], receivedAt: Date) =>
        storeEvents(
          db,
          plan.map(([type, payload]) => ({
            organizationId: orgId,
            domainId,
            message: createEventMessage(
              { organizationId: orgId, domainId, floowId: changes.id, sessionId: "N" },
              type,
              payload,
            ),
            receivedAt,
          })),
        );
      await store([["mount"], ["start"], pick(ride, road), pick(budget, low)], NOON);
      // Back to the first question: mountain instead of road; two clicks of one product.
      await store(
        [
          pick(ride, mountain),
          ["product", { product: TRAIL }],
          ["product", { product: VELO }],
          ["product", { product: TRAIL }],
        ],
        at("2026-11-10T11:01:00Z"),
      );
      // Two answers that arrived together: the later one in the batch counts.
      await store(
        [pick(budget, high), pick(budget, low), ["finish", { products: [TRAIL], partial: false }]],
        at("2026-11-10T11:02:00Z"),
      );
      await store([["finish", { products: [TRAIL], partial: false }]], at("2026-11-10T11:03:00Z"));
      const { csv } = await exportSessionsCsv(server.app, member, {
        id: changes.id,
        ...range,
      });
      expect(
        csv
          .replace(/^\uFEFF/, "")
          .trimEnd()
          .split("\r\n")[1],
      ).toBe(
        'N,2026-11-10 12:00:00,2026-11-10 12:02:00,Where do you ride?: Mountain | Road budget?: Low,"Trail King, Velo Aero",unknown,unknown,0,,,,',
      );
      await callerFor(server.app, admin).floow.remove({ id: changes.id });
    });

    it("erases every session in which a shopper gave the e-mail address, with a count; admins only", async () => {
      await expect(
        callerFor(server.app, member).analytics.eraseShopper({ email: "max@example.com" }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(
        callerFor(server.app, outsider).analytics.eraseShopper({ email: "max@example.com" }),
      ).resolves.toEqual({ events: 0, sessions: 0 });
      // A webhook's copies of the session's answers, kept by Floow's outbox, are erased with them.
      const { webhook } = await callerFor(server.app, admin).webhook.create({
        id: "crm-webhook",
        name: "CRM",
        url: "https://crm.example.com/hook",
        domainId,
      });
      const delivery = (sessionId: string) => ({
        id: `delivery-${sessionId}`,
        organization_id: orgId,
        webhook_id: webhook.id,
        message_id: `msg_${sessionId}`,
        event_type: "form",
        payload: JSON.stringify({
          type: "floow.form",
          timestamp: NOON.toISOString(),
          data: { floowId: newsletterId, sessionId },
        }),
      });
      await db
        .insertInto("webhook_delivery")
        .values([delivery("I"), delivery("H")])
        .execute();
      expect(
        await callerFor(server.app, admin).analytics.eraseShopper({ email: "MAX@example.com" }),
      ).toEqual({ events: 4, sessions: 1 });
      const deliveries = await db
        .selectFrom("webhook_delivery")
        .select("id")
        .where("webhook_id", "=", webhook.id)
        .execute();
      expect(deliveries.map((row) => row.id)).toEqual(["delivery-H"]);
      const left = await db
        .selectFrom("event")
        .select("session_id")
        .where("floow_id", "=", newsletterId)
        .distinct()
        .execute();
      expect(left.map((row) => row.session_id).sort()).toEqual(["=1+2", "H"]);
      const rollup = await db
        .selectFrom("event_session")
        .select(["session_id", "answer_steps"])
        .where("floow_id", "=", newsletterId)
        .execute();
      expect(rollup.map((row) => row.session_id).sort()).toEqual(["=1+2", "H"]);
      // The answers kept for the export went with the session: the address is nowhere.
      expect(JSON.stringify(rollup).toLowerCase()).not.toContain("max@example.com");
      const { csv } = await exportSessionsCsv(server.app, admin, {
        id: newsletterId,
        ...range,
      });
      expect(csv.toLowerCase()).not.toContain("max@example.com");
      expect(csv).toContain("ada@example.com");
      await expect(
        callerFor(server.app, admin).analytics.eraseShopper({ email: "not an address" }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    });
  });

  it("filters one floow's figures by the published version its sessions were shown", async () => {
    const floowId = (
      await seedFloow(db, orgId, domainId, "selling", {
        name: "Two versions",
        status: "live",
        steps: [ride],
      })
    ).id;
    const mac = { os: "mac", language: "nl" };
    const finished: Planned[] = [
      ["mount"],
      ["start"],
      pick(ride, road),
      ["finish", { products: [VELO], partial: false }],
      ["product", { product: VELO }],
    ];
    await session(floowId, "V1", finished, NOON, mac, 1);
    await session(floowId, "V2a", [["mount"], ["start"], pick(ride, mountain)], NOON, mac, 2);
    await session(floowId, "V2b", [["mount"]], NOON, { os: "linux", language: "en" }, 2);
    await session(floowId, "none", [["mount"], ["start"]], NOON, mac, undefined);
    const analytics = callerFor(server.app, member).analytics;

    const v2 = await analytics.floow({ id: floowId, ...range, version: 2 });
    expect(v2.current.totals).toMatchObject({
      views: 2,
      sessions: 2,
      starts: 1,
      completions: 0,
      clicks: 0,
    });
    expect(
      v2.choices.map((step) => [
        step.text,
        step.sessions,
        step.choices.map((c) => [c.text, c.sessions]),
      ]),
    ).toEqual([["Where do you ride?", 1, [["Mountain", 1]]]]);
    expect(v2.funnel[1]).toMatchObject({ stepId: ride.id, reached: 1, left: 1 });
    expect(v2.devices).toEqual([
      { key: "linux", sessions: 1 },
      { key: "mac", sessions: 1 },
    ]);
    expect(v2.results.products).toEqual([]);

    const v1 = await analytics.floow({ id: floowId, ...range, version: 1 });
    expect(v1.current.totals).toMatchObject({
      views: 1,
      sessions: 1,
      starts: 1,
      completions: 1,
      clicks: 1,
    });
    expect(v1.results).toMatchObject({
      resultPages: 1,
      products: [{ id: "P1", name: "Velo Aero", shown: 1, clicks: 1 }],
    });

    // All versions: the unversioned session too.
    expect((await analytics.floow({ id: floowId, ...range })).current.totals.sessions).toBe(4);
    expect(
      (await exportSessionsCsv(server.app, member, { id: floowId, ...range, version: 2 })).rows,
    ).toBe(2);
    await expect(analytics.floow({ id: floowId, ...range, version: 0 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("another organization's floow or domain is NOT_FOUND, and its overview holds none of ours", async () => {
    const caller = callerFor(server.app, outsider);
    await expect(caller.analytics.floow({ id: bikeId, ...range })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await exportSessionsCsv(server.app, outsider, { id: bikeId, ...range })).status).toBe(
      404,
    );
    await expect(caller.analytics.floow({ id: "no-such-floow", ...range })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(caller.analytics.overview({ ...range, domainId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const overview = await caller.analytics.overview(range);
    expect(overview.current.totals.sessions).toBe(0);
    expect(overview.floows).toEqual([]);
    await expect(callerFor(server.app).analytics.overview(range)).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("a bad range is a BAD_REQUEST naming the field", async () => {
    const caller = callerFor(server.app, admin);
    await expect(caller.analytics.overview({ from: DAY, to: "2026-11-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("start date"),
    });
    await expect(caller.analytics.overview({ from: "2026-02-30", to: DAY })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(caller.analytics.overview({ from: "2020-01-01", to: DAY })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("366"),
    });
  });

  it("retention: 13 months unless the admin sets another; the job deletes older events", async () => {
    const caller = callerFor(server.app, admin);
    expect(await caller.analytics.settings()).toEqual({ retentionMonths: 13 });
    await expect(
      callerFor(server.app, member).analytics.updateSettings({ retentionMonths: 1 }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(caller.analytics.updateSettings({ retentionMonths: 0 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await caller.analytics.updateSettings({ retentionMonths: 1 })).toEqual({
      retentionMonths: 1,
    });
    expect(await callerFor(server.app, member).analytics.settings()).toEqual({
      retentionMonths: 1,
    });
    // On 5 December the 1-month retention reaches back to 5 November: nothing goes yet.
    expect(await deleteExpiredEvents(db, at("2026-12-05T00:00:00Z"))).toBe(0);
    // On 10 January everything from November goes, events and sessions.
    const before = await db
      .selectFrom("event")
      .select(db.fn.countAll<string>().as("n"))
      .where("organization_id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(await deleteExpiredEvents(db, at("2027-01-10T00:00:00Z"))).toBe(Number(before.n));
    expect(
      await db
        .selectFrom("event_session")
        .selectAll()
        .where("organization_id", "=", orgId)
        .execute(),
    ).toEqual([]);
    // The daily figures follow the deletions.
    const overview = await caller.analytics.overview(range);
    expect(overview.current.totals).toMatchObject({
      sessions: 0,
      views: 0,
      starts: 0,
      startedSessions: 0,
      completions: 0,
    });
    expect(overview.days).toEqual([
      { day: DAY, views: 0, sessions: 0, starts: 0, completions: 0, clicks: 0 },
    ]);
  });

  it("a deleted floow takes its events and figures with it", async () => {
    const caller = callerFor(server.app, admin);
    const gone = await seedFloow(db, orgId, domainId, "data", { name: "Gone", status: "live" });
    await session(gone.id, "Z", [["mount"], ["start"]]);
    expect((await caller.analytics.overview(range)).current.totals.sessions).toBe(1);
    await caller.floow.remove({ id: gone.id });
    expect((await caller.analytics.overview(range)).current.totals.sessions).toBe(0);
    expect(
      await db.selectFrom("event_daily").selectAll().where("floow_id", "=", gone.id).execute(),
    ).toEqual([]);
  });
});
