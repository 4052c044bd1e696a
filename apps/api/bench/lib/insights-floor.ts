/**
 * The floor of the editor insights benchmark: the least a server can do for the same
 * answers, in a process of its own as the API is, on the same database. A plain node:http
 * server with the insights service's own functions (src/services/insights.ts: the feed's
 * index loaded and kept as the API keeps it):
 *
 * - `POST /match-counts` with `insight.matchCounts`'s input: the floow and its feed read as the
 *   procedure reads them (`findFloow`, `findFeed`: the organization's, or none), then
 *   `matchCounts` of the feed, as plain JSON;
 * - `POST /save-check` with `floow.update`'s input: the floow written (`updateFloow`), then its
 *   dead-end check run at once (`checkDeadEnds`, which stores the report), answered with it.
 *
 * No framework, no session or membership look-up, no input validation, no job queue, no rate
 * limiter, logging or compression: what the API adds to this is its cost.
 * Env: DATA_DIR (PGlite) or DATABASE_URL, ORGANIZATION_ID, PORT; prints `ready`.
 */
import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import type { Floow } from "@floow/domain/floow";
import { createDb } from "../../src/db/client";
import { findFeed } from "../../src/db/queries/feed";
import { findFloow, updateFloow } from "../../src/db/queries/floow";
import { checkDeadEnds, matchCounts } from "../../src/services/insights";

const organizationId = process.env.ORGANIZATION_ID!;
const { db } = await createDb(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { dataDir: process.env.DATA_DIR! },
);

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const chunk of request) parts.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8")) as Record<string, unknown>;
}

const server = createServer((request, response) => {
  void (async () => {
    const body = await readJson(request);
    let answer: unknown;
    if (request.url === "/match-counts") {
      const input = body as unknown as Floow;
      const floow = await findFloow(db, organizationId, input.id);
      const feed = floow && (await findFeed(db, organizationId, input.feedId ?? floow.feedId!));
      answer = feed ? await matchCounts(db, organizationId, feed.id, input) : null;
    } else if (request.url === "/save-check") {
      const { version, ...changes } = body as unknown as Floow & { version: number };
      const saved = await updateFloow(db, organizationId, changes, version);
      answer = { saved, report: await checkDeadEnds(db, organizationId, changes.id) };
    } else {
      response.writeHead(404).end();
      return;
    }
    const bytes = JSON.stringify(answer);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(bytes);
  })().catch((error: unknown) => {
    response.writeHead(500).end(String(error));
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
