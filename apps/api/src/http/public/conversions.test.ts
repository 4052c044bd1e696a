import { createEventMessage } from "@floow/domain/events";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import { registerPublicRoutes } from "./index";

describe.each(testDbKinds)("public conversions API (%s)", (kind) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let orgId: string;
  let domainId: string;
  let floowId: string;

  beforeAll(async () => {
    database = await createTestDb(kind);
    orgId = await seedOrganization(database.db);
    domainId = (await seedDomain(database.db, orgId)).id;
    floowId = (await seedFloow(database.db, orgId, domainId, "selling", { status: "live" })).id;
    app = Fastify();
    await registerPublicRoutes(app, {
      db: database.db,
      floowsCacheMs: 0,
      rateLimits: { conversions: 8 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (payload: unknown, contentType = "text/plain;charset=UTF-8", ip = "10.0.0.1") =>
    app.inject({
      method: "POST",
      url: "/api/public/conversions",
      headers: { "content-type": contentType },
      remoteAddress: ip,
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  const orders = (orderId: string) =>
    database.db
      .selectFrom("conversion")
      .selectAll()
      .where("organization_id", "=", orgId)
      .where("order_id", "=", orderId)
      .execute();

  it("stores the order under the domain's organization, attributed to the shopper's floow session, once", async () => {
    // The shopper's floow session, through the events call as the runtime sends it.
    const sessionId = "tab-session-1";
    const events = [
      createEventMessage({ organizationId: orgId, domainId, floowId, sessionId }, "start"),
      createEventMessage({ organizationId: orgId, domainId, floowId, sessionId }, "product", {
        product: { id: "bike-1", name: "Road bike" },
      }),
    ];
    const stored = await app.inject({
      method: "POST",
      url: "/api/public/events",
      payload: { events },
    });
    expect(stored.statusCode).toBe(202);

    const order = {
      domainId,
      orderId: "A-1001",
      value: 1049.9,
      currency: "eur",
      items: [
        { id: "bike-1", price: 999.9, quantity: 1 },
        { id: "bell", price: 50 },
      ],
      visitorId: null,
      sessionId,
    };
    const first = await post(order);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ counted: true });
    // The same order from the page's data layer: not counted again.
    const again = await post({ ...order, source: "datalayer" }, "application/json");
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ counted: false });

    const rows = await orders("A-1001");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "runtime",
      currency: "EUR",
      value: "1049.90",
      floow_id: floowId,
      session_id: sessionId,
      influenced_value: "999.90",
      assisted_value: "50.00",
    });
  });

  it("answers bad input with a 400 naming the field, and stores nothing", async () => {
    const bad = await post({ domainId, orderId: "B-1", value: "lots", currency: "EUR" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "BAD_REQUEST" });
    expect(bad.json().error.message).toMatch(/^value: /);
    expect(bad.json().error.fieldErrors[0].path).toEqual(["value"]);

    const item = await post({
      domainId,
      orderId: "B-1",
      value: 5,
      currency: "EUR",
      items: [{ name: "no id" }],
    });
    expect(item.statusCode).toBe(400);
    expect(item.json().error.message).toMatch(/^items\.0\.id: /);

    const notJson = await post("{order");
    expect(notJson.statusCode).toBe(400);
    expect(await orders("B-1")).toHaveLength(0);
  });

  it("an unknown domain is not found", async () => {
    const response = await post({ domainId: "nope", orderId: "C-1", value: 5, currency: "EUR" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });

  it("answers the domain's consent and conversion settings for the runtime, and 404 for an unknown domain", async () => {
    const get = (id: string) =>
      app.inject({ method: "GET", url: `/api/public/domains/${id}/tracking` });
    const before = await get(domainId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ consent: { source: "auto", default: "denied" } });
    expect(before.headers["cache-control"]).toContain("max-age=60");
    await database.db
      .updateTable("domain")
      .set({ consent_source: "tcf", consent_default: "granted", datalayer_purchases: true })
      .where("id", "=", domainId)
      .execute();
    // The server keeps an answer for floowsCacheMs (0 here).
    expect((await get(domainId)).json()).toEqual({
      consent: { source: "tcf", default: "granted" },
      datalayerPurchases: true,
    });
    expect((await get("no-such-domain")).statusCode).toBe(404);
  });

  it("is rate limited per address like the events call", async () => {
    const ip = "10.0.0.99";
    const answers = [];
    for (let index = 0; index < 9; index++)
      answers.push(
        await post(
          { domainId, orderId: `R-${index}`, value: 1, currency: "EUR" },
          "application/json",
          ip,
        ),
      );
    expect(answers.slice(0, 8).every((answer) => answer.statusCode === 202)).toBe(true);
    expect(answers[8]!.statusCode).toBe(429);
    expect(answers[8]!.headers["retry-after"]).toBeDefined();
  });
});
