/**
 * The floor of the cached results benchmark (issue 22): a bare node:http server answering
 * `POST /api/public/results` with the bytes the API gave for the same selection (read from
 * stdin as `[{ key, body (base64), encoding }]`, the key the choice ids joined by commas).
 * It reads and parses the body as any server must, and looks the answer up; nothing else.
 * Env: PORT; prints `ready` when it listens.
 */
import { createServer } from "node:http";

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const answers = new Map(
  (
    JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      key: string;
      body: string;
      encoding: string;
    }[]
  ).map((answer) => [
    answer.key,
    { body: Buffer.from(answer.body, "base64"), encoding: answer.encoding },
  ]),
);

const server = createServer((request, response) => {
  const parts: Buffer[] = [];
  request.on("data", (chunk: Buffer) => parts.push(chunk));
  request.on("end", () => {
    const { choiceIds } = JSON.parse(Buffer.concat(parts).toString("utf8")) as {
      choiceIds: string[];
    };
    const answer = answers.get(choiceIds.join(","));
    if (!answer) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-encoding": answer.encoding,
      "content-length": answer.body.length,
    });
    response.end(answer.body);
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
