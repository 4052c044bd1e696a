import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import type { DB } from "../db/database";
import { signShopifyBody } from "../services/integrations/shopify/verify";
import { appRouter } from "../trpc/app-router";
import { createInnerContext } from "../trpc/context";
import { createCallerFactory } from "../trpc/init";

const createCaller = createCallerFactory(appRouter);

/** An orders/create body as Shopify sends it (the fields Floow reads, and some it does not). */
function shopifyOrder(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `#${id % 10_000}`,
    email: "ada@example.com",
    created_at: "2026-11-25T10:30:00+01:00",
    currency: "EUR",
    total_price: "129.95",
    financial_status: "paid",
    line_items: [
      {
        id: 1,
        product_id: 7001,
        variant_id: 8001,
        title: "Trail shoe",
        price: "99.95",
        quantity: 1,
      },
      { id: 2, product_id: 7002, variant_id: 8002, title: "Socks", price: "15.00", quantity: 2 },
    ],
    note_attributes: [
      { name: "floow_visitor", value: "visitor-1" },
      { name: "floow_session", value: "session-1" },
    ],
    ...overrides,
  };
}

describe.each(testDbKinds)("Shopify orders receiver (%s)", (kind) => {
  let server: TestServer;
  let db: Kysely<DB>;
  let base: string;
  let admin: TestUser;
  let stranger: TestUser;
  let orgId: string;
  let strangerOrgId: string;
  let domainId: string;
  let strangerDomainId: string;
  let receiverUrl: string;
  let strangerUrl: string;
  const secret = "shpss_0123456789abcdef0123456789abcdef";
  const strangerSecret = "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";

  const as = (user: TestUser) =>
    createCaller(
      createInnerContext({ db, auth: server.app.auth, session: user.session, clientKey: "test" }),
    );

  /** A real HTTP request to the receiver, signed with `signWith` unless a header is given. */
  async function post(
    url: string,
    body: unknown,
    opts: { signWith?: string; hmac?: string | null; topic?: string; shop?: string; id?: string },
  ) {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "x-shopify-topic": opts.topic ?? "orders/create",
      "x-shopify-shop-domain": opts.shop ?? "floow-test.myshopify.com",
      "x-shopify-webhook-id": opts.id ?? crypto.randomUUID(),
      "x-shopify-api-version": "2026-07",
    };
    const hmac =
      opts.hmac === undefined ? signShopifyBody(raw, opts.signWith ?? secret) : opts.hmac;
    if (hmac !== null) headers["x-shopify-hmac-sha256"] = hmac;
    const response = await fetch(url, { method: "POST", headers, body: raw });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const orders = (organizationId: string) =>
    db
      .selectFrom("conversion")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .orderBy("order_id")
      .execute();

  beforeAll(async () => {
    server = await createTestServer(kind);
    db = server.app.database.db;
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    admin = await createUser(server.app, "Ada Admin");
    orgId = (await createOrganization(server.app, admin, "Shop Co")).id;
    stranger = await createUser(server.app, "Sam Stranger");
    strangerOrgId = (await createOrganization(server.app, stranger, "Other Co")).id;
    domainId = (await seedDomain(db, orgId)).id;
    strangerDomainId = (await seedDomain(db, strangerOrgId)).id;

    // The merchant's setup: shop and signing secret; the answer shows neither the secret nor more than a hint.
    const saved = await as(admin).integration.create({
      integrationConfigurationId: "shopify",
      domainId,
      shop: "https://Floow-Test.myshopify.com/",
      signingSecret: secret,
    });
    expect(saved).toMatchObject({
      integrationConfigurationId: "shopify",
      domainId,
      settings: { shop: "floow-test.myshopify.com" },
      keyHint: "…cdef",
    });
    expect(JSON.stringify(await as(admin).integration.list())).not.toContain(secret);
    receiverUrl = `${base}/api/integrations/${saved.id}/receive`;
    const theirs = await as(stranger).integration.create({
      integrationConfigurationId: "shopify",
      domainId: strangerDomainId,
      shop: "other-shop.myshopify.com",
      signingSecret: strangerSecret,
    });
    strangerUrl = `${base}/api/integrations/${theirs.id}/receive`;
  });
  afterAll(async () => {
    await server.close();
  });

  it("a signed order is stored once as a Shopify conversion, however often it is sent", async () => {
    const order = shopifyOrder(5_940_139_491_234);
    const deliveryId = crypto.randomUUID();
    const first = await post(receiverUrl, order, { id: deliveryId });
    expect(first).toEqual({
      status: 200,
      body: { orderId: "5940139491234", duplicate: false },
    });
    // Shopify retries the same delivery (same webhook id), and a second subscription sends it again.
    expect((await post(receiverUrl, order, { id: deliveryId })).body).toMatchObject({
      duplicate: true,
    });
    expect((await post(receiverUrl, order, {})).body).toMatchObject({ duplicate: true });
    const rows = await orders(orgId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      order_id: "5940139491234",
      source: "shopify",
      currency: "EUR",
      visitor_id: "visitor-1",
      session_id: "session-1",
    });
    expect(Number(rows[0]!.value)).toBe(129.95);
    expect(rows[0]!.items).toEqual([
      { id: "7001", name: "Trail shoe", price: 99.95, quantity: 1 },
      { id: "7002", name: "Socks", price: 15, quantity: 2 },
    ]);
    expect(rows[0]!.occurred_at.toISOString()).toBe("2026-11-25T09:30:00.000Z");
  });

  it("a wrong or missing signature is a 401 and stores nothing", async () => {
    const order = shopifyOrder(1001);
    expect((await post(receiverUrl, order, { signWith: "not-the-secret-at-all" })).status).toBe(
      401,
    );
    expect((await post(receiverUrl, order, { hmac: null })).status).toBe(401);
    expect((await post(receiverUrl, order, { hmac: "bm9wZQ==" })).status).toBe(401);
    // Signed for one body, sent with another: the signature covers the exact bytes.
    const signed = signShopifyBody(JSON.stringify(order), secret);
    const tampered = await post(receiverUrl, { ...order, total_price: "1.00" }, { hmac: signed });
    expect(tampered).toMatchObject({
      status: 401,
      body: { error: { code: "UNAUTHORIZED" } },
    });
    expect((await orders(orgId)).map((row) => row.order_id)).not.toContain("1001");
  });

  it("other topics and other shops are answered 200 and ignored; a body that is no order is a 400 naming the field", async () => {
    expect(await post(receiverUrl, shopifyOrder(2001), { topic: "orders/updated" })).toMatchObject({
      status: 200,
      body: { ignored: "topic orders/updated" },
    });
    expect(
      await post(receiverUrl, shopifyOrder(2002), { shop: "someone-else.myshopify.com" }),
    ).toMatchObject({ status: 200, body: { ignored: "shop someone-else.myshopify.com" } });
    const bad = await post(receiverUrl, { ...shopifyOrder(2003), total_price: "lots" }, {});
    expect(bad.status).toBe(400);
    expect(String((bad.body.error as { message: string }).message)).toMatch(/^value/);
    expect((await orders(orgId)).map((row) => row.order_id)).toEqual(["5940139491234"]);
  });

  it("another organization's receiver never stores into this one, and its domain cannot be set up here", async () => {
    // Signed with this organization's secret, sent to the other's address: refused.
    expect(
      (await post(strangerUrl, shopifyOrder(3001), { shop: "other-shop.myshopify.com" })).status,
    ).toBe(401);
    // Signed with its own secret: stored for the other organization only.
    const theirs = await post(strangerUrl, shopifyOrder(3002), {
      signWith: strangerSecret,
      shop: "other-shop.myshopify.com",
    });
    expect(theirs.status).toBe(200);
    expect((await orders(strangerOrgId)).map((row) => row.order_id)).toEqual(["3002"]);
    expect((await orders(orgId)).map((row) => row.order_id)).toEqual(["5940139491234"]);
    await expect(
      as(admin).integration.create({
        integrationConfigurationId: "shopify",
        domainId: strangerDomainId,
        shop: "floow-test.myshopify.com",
        signingSecret: secret,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(
      (await post(`${base}/api/integrations/no-such-id/receive`, shopifyOrder(3003), {})).status,
    ).toBe(404);
  });

  it("a setup names its bad field; a new receiver needs its secret", async () => {
    await expect(
      as(admin).integration.create({
        integrationConfigurationId: "shopify",
        domainId,
        shop: "floow-test.example.com",
        signingSecret: secret,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("myshopify") });
    const otherDomain = (await seedDomain(db, orgId, { name: "Second shop" })).id;
    await expect(
      as(admin).integration.create({
        integrationConfigurationId: "shopify",
        domainId: otherDomain,
        shop: "second.myshopify.com",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("signing secret"),
    });
  });
});
