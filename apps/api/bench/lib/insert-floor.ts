/**
 * The floor of the conversions benchmark: the least a server can do for the same request, in
 * a process of its own as the API is. A plain node:http server that reads the JSON body and
 * - for one order, does one INSERT (… on conflict do nothing) into a table shaped like
 *   `conversion` and answers 201 with the id;
 * - for a batch (`{ orders: [...] }`, the API's batch form), does ONE multi-row INSERT of all
 *   its orders (`unnest` of one array per column, on conflict do nothing … returning) and
 *   answers 200 with one result per order, as the API's batch answer does;
 * on a pg pool of the API's size (10). No framework, no validation, no key lookup, no
 * attribution: what the API adds to this is its cost.
 * Env: DATABASE_URL, PORT; prints `ready` when it listens.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

interface Order {
  orderId: string;
  value: number;
  currency: string;
  items: unknown[];
  visitorId?: string;
}

function insertOne(order: Order): Promise<unknown> {
  const id = randomUUID();
  return pool
    .query(
      `insert into "conversion_floor" ("id", "organization_id", "order_id", "source", "value", "currency", "items", "visitor_id", "occurred_at")
       values ($1, $2, $3, 'api', $4, $5, $6, $7, now()) on conflict do nothing`,
      [
        id,
        "floor",
        order.orderId,
        order.value,
        order.currency,
        JSON.stringify(order.items),
        order.visitorId ?? null,
      ],
    )
    .then(() => ({ id, duplicate: false }));
}

async function insertBatch(orders: Order[]): Promise<unknown> {
  const ids = orders.map(() => randomUUID());
  const result = await pool.query<{ order_id: string }>(
    `insert into "conversion_floor" ("id", "organization_id", "order_id", "source", "value", "currency", "items", "visitor_id", "occurred_at")
     select "id", 'floor', "order_id", 'api', "value", "currency", "items", "visitor_id", now()
     from unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::jsonb[], $6::text[])
       as t("id", "order_id", "value", "currency", "items", "visitor_id")
     on conflict do nothing returning "order_id"`,
    [
      ids,
      orders.map((order) => order.orderId),
      orders.map((order) => order.value),
      orders.map((order) => order.currency),
      orders.map((order) => JSON.stringify(order.items)),
      orders.map((order) => order.visitorId ?? null),
    ],
  );
  const inserted = new Set(result.rows.map((row) => row.order_id));
  const data = orders.map((order, index) => ({
    orderId: order.orderId,
    id: ids[index],
    duplicate: !inserted.has(order.orderId),
  }));
  return { data, created: inserted.size, duplicates: orders.length - inserted.size };
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Order | { orders: Order[] };
    const batch = "orders" in body;
    (batch ? insertBatch(body.orders) : insertOne(body)).then(
      (answer) => {
        response.writeHead(batch ? 200 : 201, { "content-type": "application/json" });
        response.end(JSON.stringify(answer));
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
