import { createChoice, createStep } from "@floow/domain/floow";
import { createEventMessage } from "@floow/domain/events";
import type { FloowEventPayload, FloowEventType } from "@floow/domain/events";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { callerFor, createOrganization, createUser, exportSessionsCsv } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain, seedFloow } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import type { DB } from "../db/database";
import { storeEvents } from "../services/events/store-events";
import { recordConversion } from "../services/conversions/record";

/**
 * Revenue in analytics (docs/analytics.md "Revenue"): sessions of a bike finder on 10 November
 * 2026 (Amsterdam), orders recorded through recordConversion as every receiver records them.
 */
const DAY = "2026-11-10";
const NOON = new Date("2026-11-10T11:00:00Z");
const LATER = "2026-11-10T13:00:00Z";

const ride = createStep({ text: "<p>Where do you ride?</p>" });
const road = createChoice({ stepId: ride.id, text: "Road" });
const mountain = createChoice({ stepId: ride.id, text: "Mountain" });
ride.choices = [road, mountain];

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
const pick = (choice: typeof road): Planned => [
  "choice",
  {
    step: { id: ride.id, text: "Where do you ride?" },
    choices: ride.choices.map((c) => ({ id: c.id, text: c.text, selected: c.id === choice.id })),
  },
];

describe.each(testDbKinds)("revenue in analytics (%s)", (kind) => {
  let server: TestServer;
  let db: Kysely<DB>;
  let member: TestUser;
  let outsider: TestUser;
  let orgId: string;
  let otherOrgId: string;
  let domainId: string;
  let bikeId: string;

  async function session(sessionId: string, plan: Planned[], receivedAt = NOON) {
    await storeEvents(
      db,
      plan.map(([type, payload], index) => ({
        organizationId: orgId,
        domainId,
        message: createEventMessage(
          { organizationId: orgId, domainId, floowId: bikeId, sessionId },
          type,
          payload,
        ),
        device: { os: "unknown", language: "unknown" },
        receivedAt: new Date(receivedAt.getTime() + index * 1000),
      })),
    );
  }

  const order = (
    orderId: string,
    value: number,
    currency: string,
    items: { id: string; price?: number }[],
    sessionId: string | null,
    occurredAt = LATER,
    organizationId = orgId,
  ) =>
    recordConversion(db, {
      organizationId,
      orderId,
      value,
      currency,
      items,
      source: "api",
      sessionId,
      occurredAt,
    });

  beforeAll(async () => {
    server = await createTestServer(kind);
    db = server.app.database.db;
    const admin = await createUser(server.app, "Ada Admin");
    orgId = (await createOrganization(server.app, admin, "Bikes Co")).id;
    member = admin;
    outsider = await createUser(server.app, "Olga Outsider");
    otherOrgId = (await createOrganization(server.app, outsider, "Other Co")).id;
    domainId = (await seedDomain(db, orgId)).id;
    bikeId = (
      await seedFloow(db, orgId, domainId, "selling", {
        name: "Bike finder",
        status: "live",
        steps: [ride],
      })
    ).id;

    const results: Planned = ["finish", { products: [VELO, TRAIL], partial: false }];
    // S1: road, both bikes shown, clicks the Velo, buys it with a bell (the bell is assisted).
    await session("S1", [
      ["mount"],
      ["start"],
      pick(road),
      results,
      ["product", { product: VELO }],
    ]);
    await order(
      "A-1",
      1519,
      "EUR",
      [
        { id: "P1", price: 1499 },
        { id: "bell", price: 20 },
      ],
      "S1",
    );
    // S2: mountain, clicks the Trail King, buys it.
    await session("S2", [
      ["mount"],
      ["start"],
      pick(mountain),
      ["finish", { products: [TRAIL], partial: false }],
      ["product", { product: TRAIL }],
    ]);
    await order("A-2", 899, "EUR", [{ id: "P2", price: 899 }], "S2");
    // S3: road, results, no click; buys something else in dollars.
    await session("S3", [["mount"], ["start"], pick(road), results]);
    await order("A-3", 100, "USD", [{ id: "helmet", price: 100 }], "S3");
    // S4: starts only, buys nothing.
    await session("S4", [["mount"], ["start"]]);
    // An order without a floow session: not the floow's, not in these figures.
    await order("A-4", 50, "EUR", [{ id: "socks" }], null);
    // The previous day (the previous period): one session and its order.
    await session("S0", [["mount"], ["start"], pick(road)], new Date("2026-11-09T11:00:00Z"));
    await order("A-0", 200, "EUR", [{ id: "pump", price: 200 }], "S0", "2026-11-09T12:00:00Z");
    // Another organization reporting an order with S1's session id: never attributed here.
    await order("X-1", 5000, "EUR", [{ id: "P1" }], "S1", LATER, otherOrgId);
  });
  afterAll(() => server.close());

  const range = { from: DAY, to: DAY };

  it("the overview: orders, influenced and assisted revenue per currency, conversion rate and revenue per session, against the day before", async () => {
    const overview = await callerFor(server.app, member).analytics.overview(range);
    expect(overview.current.revenue).toEqual({
      orders: 3,
      revenue: [
        { currency: "EUR", total: 2418, influenced: 2398, assisted: 20 },
        { currency: "USD", total: 100, influenced: 0, assisted: 100 },
      ],
      conversionRate: 3 / 4,
      revenuePerSession: [
        { currency: "EUR", amount: 604.5 },
        { currency: "USD", amount: 25 },
      ],
    });
    expect(overview.previous.revenue).toEqual({
      orders: 1,
      revenue: [{ currency: "EUR", total: 200, influenced: 0, assisted: 200 }],
      conversionRate: 1,
      revenuePerSession: [{ currency: "EUR", amount: 200 }],
    });
    expect(overview.floows.find((row) => row.id === bikeId)).toMatchObject({
      orders: 3,
      revenue: [
        { currency: "EUR", total: 2418 },
        { currency: "USD", total: 100 },
      ],
    });
    // The domain filter keeps them; another organization sees none of them.
    const inDomain = await callerFor(server.app, member).analytics.overview({ ...range, domainId });
    expect(inDomain.current.revenue.orders).toBe(3);
    const theirs = await callerFor(server.app, outsider).analytics.overview(range);
    expect(theirs.current.revenue).toMatchObject({ orders: 0, revenue: [] });
    await expect(
      callerFor(server.app, outsider).analytics.floow({ id: bikeId, ...range }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("one floow: revenue by answer and orders after a product's click", async () => {
    const analytics = await callerFor(server.app, member).analytics.floow({ id: bikeId, ...range });
    expect(analytics.current.revenue.orders).toBe(3);
    const step = analytics.choices.find((s) => s.stepId === ride.id)!;
    const byText = Object.fromEntries(step.choices.map((c) => [c.text, c]));
    expect(byText.Road).toMatchObject({
      sessions: 2,
      orders: 2,
      revenue: [
        { currency: "EUR", total: 1519, influenced: 1499, assisted: 20 },
        { currency: "USD", total: 100, influenced: 0, assisted: 100 },
      ],
    });
    expect(byText.Mountain).toMatchObject({
      sessions: 1,
      orders: 1,
      revenue: [{ currency: "EUR", total: 899, influenced: 899, assisted: 0 }],
    });
    const products = Object.fromEntries(analytics.results.products.map((p) => [p.id, p]));
    expect(products.P1).toMatchObject({
      clicks: 1,
      orders: 1,
      revenue: [{ currency: "EUR", total: 1519 }],
    });
    expect(products.P2).toMatchObject({
      clicks: 1,
      orders: 1,
      revenue: [{ currency: "EUR", total: 899 }],
    });
  });

  it("the CSV gives each session its orders and revenue", async () => {
    const { csv } = await exportSessionsCsv(server.app, member, {
      id: bikeId,
      ...range,
    });
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "session,started,finished,answers,clicked product,operating system,language,orders,order ids,revenue,influenced revenue,assisted revenue",
    );
    const row = (id: string) => lines.find((line) => line.startsWith(`${id},`));
    expect(row("S1")).toMatch(/,1,A-1,1519\.00 EUR,1499\.00 EUR,20\.00 EUR$/);
    expect(row("S3")).toMatch(/,1,A-3,100\.00 USD,0\.00 USD,100\.00 USD$/);
    expect(row("S4")).toMatch(/,0,,,,$/);
  });
});
