import { randomUUID } from "node:crypto";
import type { ApiKeyScope } from "@floow/domain/api-key";
import { createStep } from "@floow/domain/floow";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import { insertApiKey } from "../../db/queries/api-key";
import { revokeKey } from "../../services/api-keys/revoke";
import { generateApiKey } from "../../services/api-keys/secret";
import { registerRateLimit } from "../../services/rate-limit";
import { registerV1Routes } from "./index";

describe.each(testDbKinds)("/api/v1 (%s)", (kind) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let orgId: string;
  let otherOrgId: string;
  let domainId: string;
  let liveId: string;
  let draftId: string;
  let foreignFloowId: string;

  /** A new key of `organizationId` with these scopes: the whole key. */
  const keyWith = async (scopes: ApiKeyScope[], organizationId = orgId) => {
    const { key, prefix, secretHash } = generateApiKey();
    const user = await database.db.selectFrom("user").select("id").executeTakeFirst();
    const apiKey = await insertApiKey(database.db, organizationId, {
      id: randomUUID(),
      name: "Test",
      prefix,
      secretHash,
      scopes,
      createdBy: user?.id ?? (null as unknown as string),
    });
    return { key, id: apiKey.id };
  };

  const call = (
    key: string | null,
    method: "GET" | "POST",
    url: string,
    payload?: unknown,
    limitedApp = app,
  ) =>
    limitedApp.inject({
      method,
      url,
      headers: {
        ...(key !== null && { authorization: `Bearer ${key}` }),
        ...(payload !== undefined && { "content-type": "application/json" }),
      },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });

  beforeAll(async () => {
    database = await createTestDb(kind);
    const db = database.db;
    orgId = await seedOrganization(db, "Api Co");
    otherOrgId = await seedOrganization(db, "Other Co");
    domainId = (await seedDomain(db, orgId)).id;
    liveId = (
      await seedFloow(db, orgId, domainId, "selling", {
        status: "live",
        name: "Bike advisor",
        steps: [createStep({ id: "s1", text: "What do you ride?" })],
      })
    ).id;
    draftId = (await seedFloow(db, orgId, domainId, "data", { name: "Survey" })).id;
    const otherDomain = await seedDomain(db, otherOrgId);
    foreignFloowId = (
      await seedFloow(db, otherOrgId, otherDomain.id, "selling", { status: "live" })
    ).id;
    app = Fastify();
    await registerRateLimit(app);
    await registerV1Routes(app, { db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe("keys and scopes", () => {
    it("no key, an unknown key or a malformed header: 401 with WWW-Authenticate and the error body", async () => {
      for (const response of [
        await call(null, "GET", "/api/v1/floows"),
        await call("flw_live_unknownunknownunknownunknown00", "GET", "/api/v1/floows"),
        await app.inject({
          method: "GET",
          url: "/api/v1/floows",
          headers: { authorization: "Basic abc" },
        }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
        expect(response.json()).toMatchObject({ error: { code: "UNAUTHORIZED", fieldErrors: [] } });
      }
    });

    it("a revoked key gets 401 at once", async () => {
      const { key, id } = await keyWith(["floows:read"]);
      expect((await call(key, "GET", "/api/v1/floows")).statusCode).toBe(200);
      await revokeKey(database.db, orgId, id);
      const response = await call(key, "GET", "/api/v1/floows");
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe("The API key is not valid or has been revoked.");
    });

    it("a key without the route's scope gets 403 naming the scope, on every route", async () => {
      const { key } = await keyWith(["analytics:read"]);
      for (const [method, url, scope] of [
        ["POST", "/api/v1/conversions", "conversions:write"],
        ["GET", "/api/v1/floows", "floows:read"],
        ["GET", `/api/v1/floows/${liveId}`, "floows:read"],
        ["GET", "/api/v1/events?from=2026-11-01&to=2026-11-02", "events:read"],
      ] as const) {
        const response = await call(key, method, url, method === "POST" ? {} : undefined);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error).toMatchObject({
          code: "FORBIDDEN",
          message: `This API key lacks the scope ${scope}.`,
        });
      }
      const none = await database.db
        .selectFrom("conversion")
        .select("id")
        .where("organization_id", "=", orgId)
        .execute();
      expect(none).toEqual([]);
    });

    it("stamps the key's last use", async () => {
      const { key, id } = await keyWith(["floows:read"]);
      const before = Date.now();
      await call(key, "GET", "/api/v1/floows");
      const row = await database.db
        .selectFrom("api_key")
        .select("last_used_at")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.last_used_at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it("counts requests per key, not per address: over the limit 429 with Retry-After, another key still passes", async () => {
      const limited = Fastify();
      await registerRateLimit(limited);
      await registerV1Routes(limited, { db: database.db, rateLimit: { window: 60, max: 3 } });
      await limited.ready();
      try {
        const first = await keyWith(["floows:read"]);
        const second = await keyWith(["floows:read"]);
        for (let i = 0; i < 3; i++)
          expect(
            (await call(first.key, "GET", "/api/v1/floows", undefined, limited)).statusCode,
          ).toBe(200);
        const refused = await call(first.key, "GET", "/api/v1/floows", undefined, limited);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
        expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(20);
        expect(refused.json().error).toMatchObject({ code: "RATE_LIMITED" });
        expect(refused.json().error.message).toMatch(
          /^Too many requests\. Try again in \d+ seconds\.$/,
        );
        // Same address, another key: its own budget.
        expect(
          (await call(second.key, "GET", "/api/v1/floows", undefined, limited)).statusCode,
        ).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe("conversions", () => {
    it("an order reported twice counts once: 201, then 200 duplicate with the same id; the second fills in the visitor", async () => {
      const { key } = await keyWith(["conversions:write"]);
      const order = {
        orderId: 10045,
        value: 129.95,
        currency: "eur",
        items: [{ id: "p1", price: 129.95 }],
      };
      const first = await call(key, "POST", "/api/v1/conversions", order);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ duplicate: false });
      const again = await call(key, "POST", "/api/v1/conversions", { ...order, visitorId: "v-1" });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ id: first.json().id, duplicate: true });
      const rows = await database.db
        .selectFrom("conversion")
        .select(["order_id", "source", "currency", "visitor_id"])
        .where("organization_id", "=", orgId)
        .execute();
      expect(rows).toEqual([
        { order_id: "10045", source: "api", currency: "EUR", visitor_id: "v-1" },
      ]);
    });

    it("the same order id in another organization is its own order", async () => {
      const { key } = await keyWith(["conversions:write"], otherOrgId);
      const response = await call(key, "POST", "/api/v1/conversions", {
        orderId: "10045",
        value: 10,
        currency: "EUR",
      });
      expect(response.statusCode).toBe(201);
    });

    it("bad input: 400 naming the field, nothing stored; bad JSON: 400", async () => {
      const { key } = await keyWith(["conversions:write"]);
      const response = await call(key, "POST", "/api/v1/conversions", {
        orderId: "A-1",
        value: -3,
        currency: "EUR",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: "BAD_REQUEST",
        fieldErrors: [{ path: ["value"] }],
      });
      expect(response.json().error.message).toMatch(/^value: /);
      const currency = await call(key, "POST", "/api/v1/conversions", {
        orderId: "A-1",
        value: 3,
        currency: "euro",
      });
      expect(currency.json().error.message).toBe(
        "currency: A currency is three letters (ISO 4217), such as EUR.",
      );
      const stored = await database.db
        .selectFrom("conversion")
        .select("id")
        .where("order_id", "=", "A-1")
        .execute();
      expect(stored).toEqual([]);
      const broken = await app.inject({
        method: "POST",
        url: "/api/v1/conversions",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        payload: "{nope",
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.message).toBe("The body is not valid JSON.");
    });
  });

  describe("conversions in batches", () => {
    const storedOrders = (prefix: string, organizationId = orgId) =>
      database.db
        .selectFrom("conversion")
        .select(["order_id", "value", "currency", "source", "visitor_id"])
        .where("organization_id", "=", organizationId)
        .where("order_id", "like", `${prefix}%`)
        .orderBy("order_id")
        .execute();
    const batchOf = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        orderId: `${prefix}${String(index).padStart(3, "0")}`,
        value: 10 + index,
        currency: "eur",
        items: [{ id: "p1", price: 10 + index }],
        visitorId: `v-${index}`,
      }));

    it("a batch of 50 counts 50 orders once each; sent again, it counts none again", async () => {
      const { key } = await keyWith(["conversions:write"]);
      const orders = batchOf("B50-", 50);
      // As the API reference tells a sender: a 503 (the database or the queue is busy right now;
      // seen once in CI on a loaded machine) is sent again. What counts is that the orders end
      // up stored once each, however often they were sent.
      const send = async () => {
        const refusals: string[] = [];
        for (;;) {
          const response = await call(key, "POST", "/api/v1/conversions", { orders });
          if (response.statusCode !== 503 || refusals.length === 2) {
            expect(response.statusCode, [...refusals, response.body].join("\n")).toBe(200);
            return response;
          }
          refusals.push(response.body);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      const first = await send();
      const answer = first.json() as {
        data: { orderId: string; id: string; duplicate: boolean }[];
        created: number;
        duplicates: number;
      };
      expect(answer.created).toBe(50);
      expect(answer.duplicates).toBe(0);
      expect(answer.data.map((result) => result.orderId)).toEqual(orders.map((o) => o.orderId));
      expect(answer.data.every((result) => !result.duplicate)).toBe(true);
      const stored = await storedOrders("B50-");
      expect(stored).toHaveLength(50);
      expect(stored[7]).toEqual({
        order_id: "B50-007",
        value: "17.00",
        currency: "EUR",
        source: "api",
        visitor_id: "v-7",
      });

      const again = await send();
      expect(again.json()).toMatchObject({ created: 0, duplicates: 50 });
      // The same ids as the first time: each order is the one stored then.
      expect((again.json() as typeof answer).data.map((result) => result.id)).toEqual(
        answer.data.map((result) => result.id),
      );
      expect(await storedOrders("B50-")).toHaveLength(50);
    });

    it("the same order twice in one batch counts once: the second is a duplicate", async () => {
      const { key } = await keyWith(["conversions:write"]);
      const [order] = batchOf("BTWICE-", 1);
      const response = await call(key, "POST", "/api/v1/conversions", { orders: [order, order] });
      expect(response.statusCode).toBe(200);
      const { data, created, duplicates } = response.json() as {
        data: { id: string; duplicate: boolean }[];
        created: number;
        duplicates: number;
      };
      expect([created, duplicates]).toEqual([1, 1]);
      expect(data[0]!.id).toBe(data[1]!.id);
      expect(data.map((result) => result.duplicate).sort()).toEqual([false, true]);
      expect(await storedOrders("BTWICE-")).toHaveLength(1);
    });

    it("one bad order: 400 naming it by its index, and none of the batch is stored", async () => {
      const { key } = await keyWith(["conversions:write"]);
      const orders = batchOf("BBAD-", 5);
      orders[3] = { ...orders[3]!, value: -1 };
      const response = await call(key, "POST", "/api/v1/conversions", { orders });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: "BAD_REQUEST",
        fieldErrors: [{ path: ["orders", 3, "value"] }],
      });
      expect(response.json().error.message).toMatch(/^orders\.3\.value: /);
      expect(await storedOrders("BBAD-")).toEqual([]);

      const item = batchOf("BBAD-", 2);
      item[1] = { ...item[1]!, items: [{ id: "", price: 1 }] };
      const badItem = await call(key, "POST", "/api/v1/conversions", { orders: item });
      expect(badItem.json().error.fieldErrors[0].path).toEqual(["orders", 1, "items", 0, "id"]);
      expect(await storedOrders("BBAD-")).toEqual([]);
    });

    it("an empty batch or one over 100 orders: 400 on `orders`", async () => {
      const { key } = await keyWith(["conversions:write"]);
      for (const orders of [[], batchOf("BBIG-", 101), "not a list"]) {
        const response = await call(key, "POST", "/api/v1/conversions", { orders });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fieldErrors[0].path).toEqual(["orders"]);
      }
      expect(
        (await call(key, "POST", "/api/v1/conversions", { orders: [] })).json().error.message,
      ).toBe("orders: Send 1 to 100 orders at once.");
      expect(await storedOrders("BBIG-")).toEqual([]);
      // 100 is allowed.
      const hundred = await call(key, "POST", "/api/v1/conversions", {
        orders: batchOf("BBIG-", 100),
      });
      expect(hundred.json()).toMatchObject({ created: 100, duplicates: 0 });
    });

    it("needs the conversions:write scope; a batch is one request against the key's rate limit", async () => {
      const readOnly = await keyWith(["floows:read"]);
      const refused = await call(readOnly.key, "POST", "/api/v1/conversions", {
        orders: batchOf("BSCOPE-", 3),
      });
      expect(refused.statusCode).toBe(403);
      expect(await storedOrders("BSCOPE-")).toEqual([]);

      const limited = Fastify();
      await registerRateLimit(limited);
      await registerV1Routes(limited, { db: database.db, rateLimit: { window: 60, max: 2 } });
      await limited.ready();
      try {
        const { key } = await keyWith(["conversions:write"]);
        for (const prefix of ["BRATE1-", "BRATE2-"]) {
          const batch = { orders: batchOf(prefix, 20) };
          const response = await call(key, "POST", "/api/v1/conversions", batch, limited);
          expect(response.json()).toMatchObject({ created: 20 });
        }
        const third = await call(
          key,
          "POST",
          "/api/v1/conversions",
          { orders: batchOf("BRATE3-", 20) },
          limited,
        );
        expect(third.statusCode).toBe(429);
        expect(third.headers["retry-after"]).toBeDefined();
        expect(await storedOrders("BRATE3-")).toEqual([]);
      } finally {
        await limited.close();
      }
    });

    it("another organization's key stores the batch for its own organization only", async () => {
      const { key } = await keyWith(["conversions:write"], otherOrgId);
      const response = await call(key, "POST", "/api/v1/conversions", {
        orders: batchOf("B50-", 2),
      });
      expect(response.json()).toMatchObject({ created: 2, duplicates: 0 });
      expect(await storedOrders("B50-", otherOrgId)).toHaveLength(2);
    });
  });

  describe("floows", () => {
    it("lists the organization's floows only, with the live version's number", async () => {
      const { key } = await keyWith(["floows:read"]);
      const response = await call(key, "GET", "/api/v1/floows");
      expect(response.statusCode).toBe(200);
      const { data } = response.json() as { data: { id: string; liveVersion: number | null }[] };
      expect(data.map((f) => f.id).sort()).toEqual([liveId, draftId].sort());
      expect(data.find((f) => f.id === liveId)).toMatchObject({
        name: "Bike advisor",
        status: "live",
        liveVersion: 1,
        domainId,
      });
      expect(data.find((f) => f.id === draftId)?.liveVersion).toBeNull();
    });

    it("reads a floow's live version; a draft-only floow and another organization's floow are 404", async () => {
      const { key } = await keyWith(["floows:read"]);
      const live = await call(key, "GET", `/api/v1/floows/${liveId}`);
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ id: liveId, version: 1, name: "Bike advisor" });
      expect(live.json().content.steps[0]).toMatchObject({ id: "s1", text: "What do you ride?" });
      expect(JSON.stringify(live.json())).not.toContain(orgId);
      for (const id of [draftId, foreignFloowId, "nope"]) {
        const response = await call(key, "GET", `/api/v1/floows/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.json().error.code).toBe("NOT_FOUND");
      }
    });
  });

  describe("events export", () => {
    beforeAll(async () => {
      // 25 sessions, several starting at the very same microsecond (the cursor's tie-break),
      // one of another organization and one outside the range.
      const base = Date.parse("2026-11-10T09:00:00.123Z");
      const rows = Array.from({ length: 25 }, (_, i) => ({
        floow_id: liveId,
        session_id: `s-${String(i).padStart(2, "0")}`,
        organization_id: orgId,
        domain_id: domainId,
        first_at: new Date(base + Math.floor(i / 4) * 60_000),
        last_at: new Date(base + Math.floor(i / 4) * 60_000 + 1000),
        answer_steps: JSON.stringify({
          s2: { t: 2, o: 0, a: "Budget: high" },
          s1: { t: 1, o: 0, a: `What do you ride?: Bike ${i}` },
        }),
        clicked_products: i % 2 === 0 ? ["Gravel 1"] : null,
        finished_at: i % 3 === 0 ? new Date(base + 30_000) : null,
        os: "mac",
        language: "nl",
      }));
      await database.db.insertInto("event_session").values(rows).execute();
      await database.db
        .insertInto("event_session")
        .values([
          {
            ...rows[0]!,
            session_id: "outside",
            first_at: new Date("2026-10-01T10:00:00Z"),
            last_at: new Date("2026-10-01T10:00:00Z"),
          },
          {
            ...rows[0]!,
            session_id: "foreign",
            floow_id: foreignFloowId,
            organization_id: otherOrgId,
            domain_id: (
              await database.db
                .selectFrom("floow")
                .select("domain_id")
                .where("id", "=", foreignFloowId)
                .executeTakeFirstOrThrow()
            ).domain_id,
          },
        ])
        .execute();
      // Orders attributed to s-00 (two, one in dollars) and s-01, placed on 10 November; one
      // order of another organization's session that shares the id.
      const order = (
        organizationId: string,
        floowId: string,
        sessionId: string,
        orderId: string,
        [value, influenced, currency]: [number, number, string],
        occurredAt: string,
      ) => ({
        id: randomUUID(),
        organization_id: organizationId,
        order_id: orderId,
        source: "api" as const,
        value,
        currency,
        items: "[]",
        session_id: sessionId,
        floow_id: floowId,
        influenced_value: influenced,
        assisted_value: value - influenced,
        occurred_at: occurredAt,
      });
      await database.db
        .insertInto("conversion")
        .values([
          order(orgId, liveId, "s-00", "1002", [100, 0, "USD"], "2026-11-10T12:00:00Z"),
          order(orgId, liveId, "s-00", "1001", [624, 599, "EUR"], "2026-11-10T11:00:00Z"),
          order(orgId, liveId, "s-01", "1003", [50.5, 50.5, "EUR"], "2026-11-10T13:00:00Z"),
          order(otherOrgId, foreignFloowId, "s-00", "9999", [1, 1, "EUR"], "2026-11-10T13:00:00Z"),
        ])
        .execute();
      // A start to the microsecond, which a JavaScript date cannot hold.
      await sql`update "event_session" set "first_at" = "first_at" + interval '456 microseconds' where "session_id" in ('s-20', 's-21')`.execute(
        database.db,
      );
    });

    it("pages through every session of the range once, in order, with the CSV's fields", async () => {
      const { key } = await keyWith(["events:read"]);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/v1/events?from=2026-11-10&to=2026-11-10&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
        const response = await call(key, "GET", url);
        expect(response.statusCode).toBe(200);
        const page = response.json() as {
          data: { sessionId: string }[];
          nextCursor: string | null;
        };
        expect(page.data.length).toBeLessThanOrEqual(3);
        seen.push(...page.data.map((s) => s.sessionId));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      // s-20 and s-21 start 456 µs after s-22 and s-23 (same minute): after them.
      const ids = Array.from({ length: 25 }, (_, i) => `s-${String(i).padStart(2, "0")}`);
      expect(seen).toEqual([...ids.slice(0, 20), "s-22", "s-23", "s-20", "s-21", "s-24"]);
      expect(pages).toBe(9);

      const first = await call(key, "GET", "/api/v1/events?from=2026-11-10&to=2026-11-10&limit=1");
      expect(first.json().data[0]).toEqual({
        sessionId: "s-00",
        floowId: liveId,
        floowVersion: null,
        startedAt: "2026-11-10T09:00:00.123Z",
        finishedAt: "2026-11-10T09:00:30.123Z",
        answers: ["What do you ride?: Bike 0", "Budget: high"],
        clickedProducts: ["Gravel 1"],
        os: "mac",
        language: "nl",
        orders: 2,
        orderIds: ["1001", "1002"],
        revenue: [
          { currency: "EUR", total: 624, influenced: 599, assisted: 25 },
          { currency: "USD", total: 100, influenced: 0, assisted: 100 },
        ],
      });
      const second = await call(
        key,
        "GET",
        `/api/v1/events?from=2026-11-10&to=2026-11-10&limit=2&cursor=${first.json().nextCursor}`,
      );
      expect(second.json().data.map((s: { sessionId: string }) => s.sessionId)).toEqual([
        "s-01",
        "s-02",
      ]);
      expect(second.json().data[0]).toMatchObject({
        orders: 1,
        orderIds: ["1003"],
        revenue: [{ currency: "EUR", total: 50.5, influenced: 50.5, assisted: 0 }],
      });
      expect(second.json().data[1]).toMatchObject({ orders: 0, orderIds: [], revenue: [] });
    });

    it("bad input names the field: a range backwards, a limit out of bounds, a cursor not ours", async () => {
      const { key } = await keyWith(["events:read"]);
      const cases = [
        ["from=2026-11-10&to=2026-11-01", ["to"]],
        ["from=2026-11-01&to=2026-11-10&limit=5000", ["limit"]],
        ["from=2026-11-01", ["to"]],
        ["from=2026-11-01&to=2026-11-10&cursor=bm9wZQ", ["cursor"]],
      ] as const;
      for (const [query, path] of cases) {
        const response = await call(key, "GET", `/api/v1/events?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.fieldErrors[0].path, query).toEqual(path);
        expect(response.json().error.message.startsWith(`${path[0]}: `), query).toBe(true);
      }
    });
  });

  describe("analytics summary", () => {
    it("answers the range's totals and the period before it; another organization's floow is 404", async () => {
      const { key } = await keyWith(["analytics:read"]);
      const response = await call(
        key,
        "GET",
        "/api/v1/analytics/summary?from=2026-11-10&to=2026-11-10",
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        current: {
          from: "2026-11-10",
          to: "2026-11-10",
          totals: {
            sessions: 25,
            orders: 3,
            revenue: [
              { currency: "EUR", total: 674.5, influenced: 649.5, assisted: 25 },
              { currency: "USD", total: 100, influenced: 0, assisted: 100 },
            ],
            conversionRate: 3 / 25,
            revenuePerSession: [
              { currency: "EUR", amount: 26.98 },
              { currency: "USD", amount: 4 },
            ],
          },
        },
        previous: {
          from: "2026-11-09",
          to: "2026-11-09",
          totals: { sessions: 0, orders: 0, revenue: [], conversionRate: null },
        },
      });
      const foreign = await call(
        key,
        "GET",
        `/api/v1/analytics/summary?from=2026-11-10&to=2026-11-10&floowId=${foreignFloowId}`,
      );
      expect(foreign.statusCode).toBe(404);
    });
  });

  it("an unknown path under /api/v1 is a 404 in the same body", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });
});
