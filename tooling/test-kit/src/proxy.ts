import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  body: string;
  status: number;
  answer: string;
}

export interface RecordingProxy {
  url: string;
  /** Every request forwarded, with the API's answer, in the order the answers came. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A pass-through proxy on 127.0.0.1 in front of the API that records what it forwards: a
 * page whose snippet loads `embed.js` from it sends every runtime call through it, even the
 * beacons of a page being left, which the browser sends after the page's own
 * network events (and so Playwright's) are gone.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && !["host", "connection", "content-length"].includes(name)) {
          headers.set(name, value);
        }
      }
      const method = request.method ?? "GET";
      fetch(`${target}${request.url ?? "/"}`, {
        method,
        headers,
        ...(method !== "GET" && method !== "HEAD" && { body }),
      }).then(
        async (answer) => {
          const data = Buffer.from(await answer.arrayBuffer());
          requests.push({
            method,
            path: request.url ?? "/",
            body: body.toString("utf8"),
            status: answer.status,
            answer: data.toString("utf8"),
          });
          const out: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (
              !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(
                name,
              )
            ) {
              out[name] = value;
            }
          });
          response.writeHead(answer.status, out);
          response.end(data);
        },
        (error: unknown) => {
          response.writeHead(502);
          response.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
