/**
 * The floor of the conversions benchmark: the least a server can do for the same request, in
 * a process of its own as the API is. A plain node:http server that reads the JSON body and
 * does one INSERT (… on conflict do nothing) into a table shaped like `conversion`, on a pg
 * pool of the API's size (10), and answers 201 with the id. No framework, no validation, no
 * key lookup, no attribution: what the API adds to this is its cost.
 * Env: DATABASE_URL, PORT; prints `ready` when it listens.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      orderId: string;
      value: number;
      currency: string;
      items: unknown[];
      visitorId?: string;
    };
    const id = randomUUID();
    pool
      .query(
        `insert into "conversion_floor" ("id", "organization_id", "order_id", "source", "value", "currency", "items", "visitor_id", "occurred_at")
         values ($1, $2, $3, 'api', $4, $5, $6, $7, now()) on conflict do nothing`,
        [
          id,
          "floor",
          body.orderId,
          body.value,
          body.currency,
          JSON.stringify(body.items),
          body.visitorId ?? null,
        ],
      )
      .then(
        () => {
          response.writeHead(201, { "content-type": "application/json" });
          response.end(JSON.stringify({ id, duplicate: false }));
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
