/**
 * The floor of the load test (issue 22): the least a server can do for the public endpoints'
 * traffic (bench/lib/public-traffic.ts), in a process of its own as the API is. A plain
 * node:http server that
 * - answers `GET /api/public/domains/:id/floows` with the bytes the API gave for it (keyed by
 *   the request's path),
 * - answers `POST /api/public/results` with the bytes the API gave for the same selection
 *   (keyed by the choice ids joined by commas), after reading and parsing the body,
 * - stores `POST /api/public/events`' batch with one multi-row INSERT into `event_floor` on the
 *   same database (bench/lib/event-floor.ts) and answers 202.
 * The answers come on stdin (bench/lib/floor-answers.ts), compressed as the browser asked.
 * Env: DATABASE_URL or DATA_DIR, ORGANIZATION_ID, DOMAIN_ID, FLOOW_ID, PORT; prints `ready`
 * when it listens.
 */
import { openEventFloor } from "./event-floor";
import { readAnswers, sendAnswer } from "./floor-answers";
import { readBody, serveFloor } from "./floor-process";

const answers = await readAnswers();
const events = await openEventFloor();

serveFloor((request, response) => {
  if (request.method === "GET") return sendAnswer(response, answers.get(request.url!));
  if (request.url === "/api/public/events") return events.answer(request, response);
  void readBody(request).then((body) => {
    const { choiceIds } = JSON.parse(body.toString("utf8")) as { choiceIds: string[] };
    sendAnswer(response, answers.get(choiceIds.join(",")));
  });
}, events.close);
