/**
 * The floor of the events ingest benchmark (issue 22): the least a server can do for the same
 * request, in a process of its own as the API is. A plain node:http server that stores each
 * batch with one multi-row INSERT into `event_floor` (bench/lib/event-floor.ts: no framework,
 * no validation, no floow lookup, no rate limit, no rollups, no deliveries) and answers 202.
 *
 * Env: DATABASE_URL (the PostgreSQL server, a pool of 10) or DATA_DIR (PGlite), ORGANIZATION_ID,
 * DOMAIN_ID, FLOOW_ID, PORT; prints `ready` when it listens.
 */
import { openEventFloor } from "./event-floor";
import { serveFloor } from "./floor-process";

const events = await openEventFloor();

serveFloor((request, response) => events.answer(request, response), events.close);
