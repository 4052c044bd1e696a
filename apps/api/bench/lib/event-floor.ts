/**
 * The events floors' work (bench/lib/ingest-floor.ts, bench/lib/public-floor.ts): the least a
 * server can do to store an event batch. `openEventFloor` opens the database named by the
 * environment; its `answer` reads the JSON body (`{ events: [...] }`, as the runtime posts
 * it), stores the batch with one multi-row INSERT into `event_floor`, a copy of the `event`
 * table with its indexes (the bench makes it, `createEventFloorTable`), and answers 202. No
 * framework, no validation, no floow lookup, no rate limit, no session or item rollups, no
 * deliveries: what the API adds to this is its cost.
 *
 * On the PostgreSQL server (DATABASE_URL) a `pg` pool of the API's size (10); on PGlite
 * (DATA_DIR) the data folder opened the app's way (`openPGlite`), one query at a time as
 * PGlite runs them. Env: DATABASE_URL or DATA_DIR, ORGANIZATION_ID, DOMAIN_ID, FLOOW_ID.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { openPGlite } from "../../src/db/pglite";
import { readBody } from "./floor-process";

const COLUMNS = 11;

interface Message {
  id: string;
  sessionId: string;
  type: string;
  floowVersion?: number;
  visitorId?: string;
  variantId?: string;
  createdAt: string;
}

export interface EventFloor {
  answer(request: IncomingMessage, response: ServerResponse): void;
  close(): Promise<void>;
}

export async function openEventFloor(): Promise<EventFloor> {
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

  const insertBatch = (events: Message[]) => {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (const message of events) {
      const at = values.length;
      rows.push(
        `(${Array.from({ length: COLUMNS }, (_, i) => `$${at + i + 1}`).join(", ")}, now())`,
      );
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
  };

  return {
    answer(request, response) {
      void readBody(request)
        .then(async (body) => {
          const { events } = JSON.parse(body.toString("utf8")) as { events: Message[] };
          await insertBatch(events);
          response.writeHead(202, { "content-type": "application/json" });
          response.end(`{"accepted":${events.length}}`);
        })
        .catch((error: unknown) => {
          console.error(error);
          response.writeHead(500);
          response.end();
        });
    },
    close,
  };
}
