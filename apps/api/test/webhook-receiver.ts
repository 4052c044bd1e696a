import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The verified payload when a secret is set and the signature holds, else null. */
  verified: unknown;
  verifyError: string | null;
}

/** What the receiver does with a request: answer, never answer, or drop the connection. */
export type Behaviour =
  { status: number; headers?: Record<string, string>; body?: string } | "hang" | "drop";

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** The signing secret to verify with (set after the webhook is created). */
  secret: string | null;
  behave: (request: ReceivedRequest) => Behaviour;
  /** Resolves when `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A merchant's webhook endpoint on 127.0.0.1 that verifies every request with the
 * `standardwebhooks` library, as docs/webhooks.md tells merchants to.
 */
export async function startReceiver(): Promise<Receiver> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const receiver: Receiver = {
    url: "",
    port: 0,
    requests: [],
    secret: null,
    behave: () => ({ status: 200, body: "ok" }),
    waitFor: (count) =>
      receiver.requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified: unknown = null;
      let verifyError: string | null = null;
      if (receiver.secret) {
        try {
          verified = new Webhook(receiver.secret).verify(
            body,
            req.headers as Record<string, string>,
          );
        } catch (error) {
          verifyError = (error as Error).message;
        }
      }
      const request: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body,
        verified,
        verifyError,
      };
      receiver.requests.push(request);
      for (const waiter of [...waiters]) {
        if (receiver.requests.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      const behaviour = receiver.behave(request);
      if (behaviour === "hang") return;
      if (behaviour === "drop") {
        req.socket.destroy();
        return;
      }
      res.writeHead(behaviour.status, behaviour.headers);
      res.end(behaviour.body ?? "");
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/floow`;
  return receiver;
}
