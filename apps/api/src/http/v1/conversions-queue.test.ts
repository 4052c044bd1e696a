import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import { insertApiKey } from "../../db/queries/api-key";
import { generateApiKey } from "../../services/api-keys/secret";
import { conversionWriter } from "../../services/conversions/ingest";
import { registerRateLimit } from "../../services/rate-limit";
import { registerV1Routes } from "./index";

// The conversions writer's queue is bounded as the events ingest's is: when it is full, the
// sender gets a 503 with Retry-After and may send again; an order still counts once.
describe.each(testDbKinds)("POST /api/v1/conversions with a full queue (%s)", (kind) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let orgId: string;
  let key: string;

  beforeAll(async () => {
    database = await createTestDb(kind);
    orgId = await seedOrganization(database.db, "Busy Co");
    const generated = generateApiKey();
    await insertApiKey(database.db, orgId, {
      id: randomUUID(),
      name: "Test",
      prefix: generated.prefix,
      secretHash: generated.secretHash,
      scopes: ["conversions:write"],
      createdBy: null,
    });
    key = generated.key;
    // This database's writer takes at most 50 waiting orders.
    conversionWriter(database.db, { maxQueued: 50 });
    app = Fastify();
    await registerRateLimit(app);
    await registerV1Routes(app, { db: database.db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (payload: unknown) =>
    app.inject({
      method: "POST",
      url: "/api/v1/conversions",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
  const order = (orderId: string) => ({ orderId, value: 10, currency: "EUR" });

  it("answers 503 with Retry-After while too many orders wait; sent again, each order counts once", async () => {
    const orders = Array.from({ length: 60 }, (_, index) => order(`busy-${index}`));
    const refused = await post({ orders });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({
      error: {
        code: "UNAVAILABLE",
        message: "Too many orders are waiting to be stored. Try again in a few seconds.",
        fieldErrors: [],
      },
    });
    await conversionWriter(database.db).flush();

    // The batch sent again in two halves, as the queue allows: the orders the refused request
    // stored come back as duplicates, the rest are created; none twice.
    const first = await post({ orders: orders.slice(0, 30) });
    const second = await post({ orders: orders.slice(30) });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const { created: a, duplicates: b } = first.json() as { created: number; duplicates: number };
    const { created: c, duplicates: d } = second.json() as { created: number; duplicates: number };
    expect([a + b, c + d]).toEqual([30, 30]);
    expect(b + d).toBe(50);
    const stored = await database.db
      .selectFrom("conversion")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("organization_id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(60);
  });
});
