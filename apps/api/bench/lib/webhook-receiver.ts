/**
 * The webhooks benchmark's receiver (webhooks.bench.ts), in a process of its own so its work is
 * nobody's CPU time: a merchant's endpoint on 127.0.0.1 that verifies every request with the
 * `standardwebhooks` library, as docs/webhooks.md tells merchants to, and answers 204 (401 when
 * the signature does not hold). `POST /hook/<n>` is verified with the n-th of SECRETS
 * (comma-separated); `GET /stats` answers what arrived since the last `POST /reset`: counts, the
 * times (epoch ms) of the first and last verified request, and the last verified body. Prints
 * `ready` when it listens on PORT.
 */
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

const verifiers = (process.env.SECRETS ?? "").split(",").map((secret) => new Webhook(secret));
let stats = { verified: 0, refused: 0, first: 0, last: 0, body: "" };

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const url = request.url ?? "";
    if (url === "/stats") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(JSON.stringify(stats));
    }
    if (url === "/reset") {
      stats = { verified: 0, refused: 0, first: 0, last: 0, body: "" };
      response.writeHead(204);
      return response.end();
    }
    const verifier = verifiers[Number(/^\/hook\/(\d+)$/.exec(url)?.[1] ?? -1)];
    const body = Buffer.concat(chunks).toString("utf8");
    try {
      if (!verifier) throw new Error("no such hook");
      verifier.verify(body, request.headers as Record<string, string>);
    } catch {
      stats.refused++;
      response.writeHead(401);
      return response.end();
    }
    const now = Date.now();
    stats.verified++;
    stats.first ||= now;
    stats.last = now;
    stats.body = body;
    response.writeHead(204);
    response.end();
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
