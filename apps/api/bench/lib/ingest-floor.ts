/**
 * The floor of the events ingest benchmark (issue 22): the least a server can do for the same
 * request, in a process of its own as the API is. A plain node:http server that reads the
 * JSON body (`{ events: [...] }`, as the runtime posts it) and stores the batch with one
 * multi-row INSERT into `event_floor`, a copy of the `event` table with its indexes (the
 * bench makes it), and answers 202. No framework, no validation, no floow lookup, no rate
 * limit, no session or item rollups, no deliveries: what the API adds to this is its cost.
 *
 * On the PostgreSQL server (DATABASE_URL) a `pg` pool of the API's size (10); on PGlite
 * (DATA_DIR) the data folder opened the app's way (`openPGlite`), one query at a time as
 * PGlite runs them. Env: DATABASE_URL or DATA_DIR, ORGANIZATION_ID, DOMAIN_ID, FLOOW_ID, PORT;
 * prints `ready` when it listens.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { openPGlite } from "../../src/db/pglite";

const COLUMNS = 11;
const { ORGANIZATION_ID, DOMAIN_ID, FLOOW_ID } = process.env as Record<string, string>;

type Query = (text: string, values: unknown[]) => Promise<unknown>;
let query: Query;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = (text, values) => pool.query(text, values);
  close = () => pool.end();
} else {
  const pglite = await openPGlite(join(process.env.DATA_DIR!, "pglite"));
  query = (text, values) => pglite.query(text, values);
  close = () => pglite.close();
}

interface Message {
  id: string;
  sessionId: string;
  type: string;
  floowVersion?: number;
  visitorId?: string;
  variantId?: string;
  createdAt: string;
}

function insertBatch(events: Message[]): Promise<unknown> {
  const values: unknown[] = [];
  const rows: string[] = [];
  for (const message of events) {
    const at = values.length;
    rows.push(`(${Array.from({ length: COLUMNS }, (_, i) => `$${at + i + 1}`).join(", ")}, now())`);
    values.push(
      randomUUID(),
      ORGANIZATION_ID,
      DOMAIN_ID,
      FLOOW_ID,
      message.sessionId,
      message.id,
      message.type,
      message.floowVersion ?? null,
      message.visitorId ?? null,
      message.variantId ?? null,
      JSON.stringify(message),
    );
  }
  return query(
    `insert into "event_floor" ("id", "organization_id", "domain_id", "floow_id", "session_id", "client_event_id", "type", "floow_version", "visitor_id", "variant_id", "payload", "created_at")
     values ${rows.join(", ")} on conflict do nothing`,
    values,
  );
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const { events } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      events: Message[];
    };
    insertBatch(events).then(
      () => {
        response.writeHead(202, { "content-type": "application/json" });
        response.end(`{"accepted":${events.length}}`);
      },
      (error: unknown) => {
        console.error(error);
        response.writeHead(500);
        response.end();
      },
    );
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => void close().then(() => process.exit(0))));
