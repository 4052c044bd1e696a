import { randomUUID } from "node:crypto";
import { createEventMessage } from "@floow/domain/events";
import type { FloowEventPayload } from "@floow/domain/events";
import type { FloowEventType } from "@floow/domain/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import { storeEvents } from "../events/store-events";
import { createConversionWriter } from "./ingest";
import { recordConversion } from "./record";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDbKinds)("recordConversion (%s)", (kind) => {
  let database: DbHandle;
  let orgId: string;
  let domainId: string;
  let floowId: string;
  let otherOrgId: string;
  let otherDomainId: string;
  let otherFloowId: string;

  beforeAll(async () => {
    database = await createTestDb(kind);
    orgId = await seedOrganization(database.db);
    domainId = (await seedDomain(database.db, orgId)).id;
    floowId = (await seedFloow(database.db, orgId, domainId, "selling", { status: "live" })).id;
    otherOrgId = await seedOrganization(database.db, "Other");
    otherDomainId = (await seedDomain(database.db, otherOrgId)).id;
    otherFloowId = (
      await seedFloow(database.db, otherOrgId, otherDomainId, "selling", { status: "live" })
    ).id;
  });
  afterAll(async () => {
    await database.close();
  });

  /** A floow session as the ingest stores it: started, results shown, one product clicked. */
  async function session(options: {
    at: Date;
    visitorId: string | null;
    sessionId?: string;
    shown?: string[];
    clicked?: string;
    other?: boolean;
    started?: boolean;
  }): Promise<string> {
    const sessionId = options.sessionId ?? randomUUID();
    const context = options.other
      ? { organizationId: otherOrgId, domainId: otherDomainId, floowId: otherFloowId }
      : { organizationId: orgId, domainId, floowId };
    const event = (type: FloowEventType, payload: FloowEventPayload = {}) => ({
      organizationId: context.organizationId,
      domainId: context.domainId,
      receivedAt: options.at,
      message: createEventMessage(
        { ...context, sessionId, visitorId: options.visitorId, floowVersion: 1 },
        type,
        payload,
      ),
    });
    await storeEvents(database.db, [
      event("mount"),
      ...(options.started === false ? [] : [event("start")]),
      ...(options.shown
        ? [
            event("finish", {
              products: options.shown.map((id) => ({ id, name: `Product ${id}` })),
            }),
          ]
        : []),
      ...(options.clicked ? [event("product", { product: { id: options.clicked } })] : []),
    ]);
    return sessionId;
  }

  const order = (orderId: string) =>
    database.db
      .selectFrom("conversion")
      .selectAll()
      .where("organization_id", "=", orgId)
      .where("order_id", "=", orderId)
      .execute();

  it("stores an order once per organization, however often and however it is reported", async () => {
    const input = {
      organizationId: orgId,
      orderId: "once-1",
      value: 50,
      currency: "EUR",
      items: [],
    };
    const first = await recordConversion(database.db, { ...input, source: "runtime" });
    const [second, third] = await Promise.all([
      recordConversion(database.db, { ...input, source: "datalayer" }),
      recordConversion(database.db, { ...input, value: 99, source: "shopify" }),
    ]);
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ id: first.id, duplicate: true });
    expect(third).toEqual({ id: first.id, duplicate: true });
    const rows = await order("once-1");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "runtime", currency: "EUR" });
    expect(Number(rows[0]!.value)).toBe(50);
  });

  it("a later report fills in what the first lacked and attributes with it, without counting twice", async () => {
    const visitorId = randomUUID();
    const at = new Date(Date.now() - 60_000);
    await session({ at, visitorId, shown: ["p1"] });
    const base = { organizationId: orgId, orderId: "fill-1", value: 30, currency: "EUR" };
    await recordConversion(database.db, { ...base, items: [], source: "api" });
    let [row] = await order("fill-1");
    expect(row).toMatchObject({ visitor_id: null, floow_id: null });

    const again = await recordConversion(database.db, {
      ...base,
      items: [{ id: "p1", price: 30 }],
      visitorId,
      source: "runtime",
    });
    expect(again.duplicate).toBe(true);
    const rows = await order("fill-1");
    expect(rows).toHaveLength(1);
    row = rows[0];
    expect(row).toMatchObject({ visitor_id: visitorId, floow_id: floowId, source: "api" });
    expect(row!.items).toEqual([{ id: "p1", price: 30 }]);
    expect(Number(row!.influenced_value)).toBe(30);
  });

  it("attributes to the visitor's last floow session within the window, not one outside it", async () => {
    const visitorId = randomUUID();
    const now = Date.now();
    const older = await session({ at: new Date(now - 5 * DAY), visitorId });
    const last = await session({ at: new Date(now - 2 * DAY), visitorId });
    // Only shown, never started: not a floow session that influenced anything.
    await session({ at: new Date(now - DAY), visitorId, started: false });
    await recordConversion(database.db, {
      organizationId: orgId,
      orderId: "window-in",
      value: 10,
      currency: "USD",
      items: [],
      visitorId,
      source: "runtime",
    });
    const [inside] = await order("window-in");
    expect(inside).toMatchObject({ session_id: last, floow_id: floowId, floow_version: 1 });
    expect(inside!.session_id).not.toBe(older);
    expect(inside!.currency).toBe("USD");

    // Eight days after the last session: outside the default window of seven.
    await recordConversion(database.db, {
      organizationId: orgId,
      orderId: "window-out",
      value: 10,
      currency: "EUR",
      items: [],
      visitorId,
      source: "runtime",
      occurredAt: new Date(now + 6 * DAY),
    });
    const [outside] = await order("window-out");
    expect(outside).toMatchObject({ floow_id: null, influenced_value: "0.00" });

    // A window of 30 days takes it in.
    await database.db
      .updateTable("organization")
      .set({ attribution_window_days: 30 })
      .where("id", "=", orgId)
      .execute();
    await recordConversion(database.db, {
      organizationId: orgId,
      orderId: "window-wide",
      value: 10,
      currency: "EUR",
      items: [],
      visitorId,
      source: "runtime",
      occurredAt: new Date(now + 6 * DAY),
    });
    const [wide] = await order("window-wide");
    expect(wide).toMatchObject({ session_id: last, floow_id: floowId });
    await database.db
      .updateTable("organization")
      .set({ attribution_window_days: 7 })
      .where("id", "=", orgId)
      .execute();
  });

  it("without a visitor id attributes within the tab session, and splits influenced from assisted", async () => {
    const sessionId = await session({
      at: new Date(Date.now() - 60_000),
      visitorId: null,
      shown: ["shown-1", "shown-2"],
      clicked: "clicked-1",
    });
    await recordConversion(database.db, {
      organizationId: orgId,
      orderId: "split-1",
      value: 135,
      currency: "EUR",
      items: [
        { id: "SHOWN-1", price: 50 },
        { id: "clicked-1", price: 20, quantity: 2 },
        { id: "other", name: "Socks", price: 15 },
      ],
      sessionId,
      source: "runtime",
    });
    const [row] = await order("split-1");
    expect(row).toMatchObject({ session_id: sessionId, floow_id: floowId, visitor_id: null });
    expect(Number(row!.influenced_value)).toBe(90);
    expect(Number(row!.assisted_value)).toBe(45);
  });

  it("never attributes to another organization's sessions, whatever ids the report carries", async () => {
    const visitorId = randomUUID();
    const sessionId = await session({
      at: new Date(Date.now() - 60_000),
      visitorId,
      shown: ["x"],
      other: true,
    });
    await recordConversion(database.db, {
      organizationId: orgId,
      orderId: "other-1",
      value: 10,
      currency: "EUR",
      items: [{ id: "x", price: 10 }],
      visitorId,
      sessionId,
      source: "runtime",
    });
    const [row] = await order("other-1");
    expect(row).toMatchObject({ floow_id: null, influenced_value: "0.00", assisted_value: "0.00" });
    // The other organization's own order of the same id is its own.
    const theirs = await recordConversion(database.db, {
      organizationId: otherOrgId,
      orderId: "other-1",
      value: 10,
      currency: "EUR",
      items: [{ id: "x", price: 10 }],
      visitorId,
      source: "runtime",
    });
    expect(theirs.duplicate).toBe(false);
  });

  it("orders reported at the same moment are written together, each answered truly and counted once", async () => {
    const visitorId = randomUUID();
    await session({ at: new Date(Date.now() - 60_000), visitorId, shown: ["g1"] });
    await recordConversion(database.db, {
      organizationId: orgId,
      orderId: "group-known",
      value: 5,
      currency: "EUR",
      items: [],
      source: "api",
    });
    const report = (orderId: string, organizationId = orgId) =>
      recordConversion(database.db, {
        organizationId,
        orderId,
        value: 20,
        currency: "EUR",
        items: [{ id: "g1", price: 20 }],
        visitorId,
        source: "api",
      });
    // One turn of the event loop: one group for the writer.
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => report(`group-${i}`)),
      report("group-3"),
      report("group-known"),
      report("group-0", otherOrgId),
    ]);
    expect(answers.slice(0, 40).every((answer) => !answer.duplicate)).toBe(true);
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(42);
    expect(answers[40]).toEqual({ id: answers[3]!.id, duplicate: true });
    expect(answers[41]!.duplicate).toBe(true);
    expect(answers[42]!.duplicate).toBe(false);
    const rows = await database.db
      .selectFrom("conversion")
      .selectAll()
      .where("organization_id", "=", orgId)
      .where("order_id", "like", "group-%")
      .execute();
    expect(rows).toHaveLength(41);
    // Attributed as one order alone is; the known order got the visitor filled in and attributed.
    for (const row of rows) {
      expect(row, row.order_id).toMatchObject({ visitor_id: visitorId, floow_id: floowId });
      if (row.order_id !== "group-known") expect(Number(row.influenced_value)).toBe(20);
    }
  });

  it("an order the database refuses fails only its own report, not the others written with it", async () => {
    const report = (orderId: string, value: number) =>
      recordConversion(database.db, {
        organizationId: orgId,
        orderId,
        value,
        currency: "EUR",
        items: [],
        source: "api",
      });
    // numeric(14, 2) holds at most 12 digits before the point.
    const results = await Promise.allSettled([
      report("refused-ok-1", 10),
      report("refused-bad", 1e15),
      report("refused-ok-2", 10),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await order("refused-ok-1")).toHaveLength(1);
    expect(await order("refused-ok-2")).toHaveLength(1);
    expect(await order("refused-bad")).toHaveLength(0);
  });

  it("two writes at once with reports of the same orders: each order stored once, exactly one report told it was new", async () => {
    // One report per write and two writes at a time: reports of one order, two by two, race in
    // separate statements.
    const writer = createConversionWriter(database.db, { maxBatch: 1, writers: 2 });
    const report = (orderId: string, i: number) =>
      writer.record({
        organizationId: orgId,
        orderId,
        value: 10 + i,
        currency: "EUR",
        items: [],
        visitorId: i % 2 ? randomUUID() : null,
        source: "api",
      });
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => report(`race-${Math.floor(i / 2) % 3}`, i)),
    );
    for (const orderId of ["race-0", "race-1", "race-2"]) {
      const mine = answers.filter((_, i) => `race-${Math.floor(i / 2) % 3}` === orderId);
      expect(
        mine.filter((answer) => !answer.duplicate),
        orderId,
      ).toHaveLength(1);
      expect(new Set(mine.map((answer) => answer.id)).size, orderId).toBe(1);
      expect(await order(orderId)).toHaveLength(1);
    }
  });
});
