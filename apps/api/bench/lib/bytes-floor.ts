/**
 * The floor of the cached results benchmark (issue 22): a bare node:http server answering
 * `POST /api/public/results` with the bytes the API gave for the same selection (read from
 * stdin, bench/lib/floor-answers.ts, each keyed by the choice ids joined by commas).
 * It reads and parses the body as any server must, and looks the answer up; nothing else.
 * Env: PORT; prints `ready` when it listens.
 */
import { readAnswers, sendAnswer } from "./floor-answers";
import { readBody, serveFloor } from "./floor-process";

const answers = await readAnswers();

serveFloor((request, response) => {
  void readBody(request).then((body) => {
    const { choiceIds } = JSON.parse(body.toString("utf8")) as { choiceIds: string[] };
    sendAnswer(response, answers.get(choiceIds.join(",")));
  });
});
