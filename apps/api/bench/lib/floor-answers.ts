/**
 * The API's answers, kept for a floor that answers with the same bytes (bench/lib/bytes-floor.ts,
 * bench/lib/public-floor.ts): `captureAnswer` reads an answer as it came over the wire (still
 * compressed as the request asked: fetch would decode it), `answersInput` hands a list of them
 * to the floor process on its standard input, and there `readAnswers` and `sendAnswer` serve
 * them. Each answer has a key the floor finds it by.
 */
import { request as httpRequest } from "node:http";
import type { ServerResponse } from "node:http";

export interface Answer {
  key: string;
  body: Buffer;
  /** Content-Encoding ("identity" when none). */
  encoding: string;
  /** Content-Type. */
  type: string;
}

/** The answer to one request, raw; refuses any status but 200. */
export function captureAnswer(
  key: string,
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method, headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        response.statusCode === 200
          ? resolve({
              key,
              body: Buffer.concat(chunks),
              encoding: String(response.headers["content-encoding"] ?? "identity"),
              type: String(response.headers["content-type"] ?? "application/json; charset=utf-8"),
            })
          : reject(new Error(`${init.method} ${url}: ${response.statusCode}`)),
      );
    });
    request.once("error", reject);
    request.end(init.body);
  });
}

/** The answers as the floor reads them from its standard input. */
export function answersInput(answers: Answer[]): string {
  return JSON.stringify(
    answers.map((answer) => ({ ...answer, body: answer.body.toString("base64") })),
  );
}

/** In the floor process: the answers from standard input, by key. */
export async function readAnswers(): Promise<Map<string, Answer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const answers = JSON.parse(Buffer.concat(chunks).toString("utf8")) as (Omit<Answer, "body"> & {
    body: string;
  })[];
  return new Map(
    answers.map((answer) => [answer.key, { ...answer, body: Buffer.from(answer.body, "base64") }]),
  );
}

/** Answers with the kept bytes, or 404 when there are none. */
export function sendAnswer(response: ServerResponse, answer: Answer | undefined): void {
  if (!answer) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, {
    "content-type": answer.type,
    "content-encoding": answer.encoding,
    "content-length": answer.body.length,
  });
  response.end(answer.body);
}
