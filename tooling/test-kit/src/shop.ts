/**
 * The merchant's site on 127.0.0.1: a static server for its feed, its pages (each carrying
 * the snippet) and its product images.
 */
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The one line a merchant pastes (the domain's Implementation tab). */
export function snippet(apiUrl: string, domainId: string): string {
  return `<script src="${apiUrl}/embed.js" data-domain="${domainId}" async></script>`;
}

/** A plain merchant page: `window.dataLayer = []`, the body, then the snippet before `</body>`. */
export function merchantPage({
  title,
  body,
  head = "",
  apiUrl,
  domainId,
}: {
  title: string;
  body: string;
  head?: string;
  apiUrl: string;
  domainId: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<script>window.dataLayer = [];</script>
${head}
</head>
<body>
${body}
${snippet(apiUrl, domainId)}
</body>
</html>
`;
}

export interface StaticServer {
  url: string;
  /** Serves `body` at `path` from now on (with `headers`, e.g. a Content-Security-Policy). */
  set(path: string, body: string, contentType?: string, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

/** A tiny HTTP server on 127.0.0.1 (a free port) serving what `set` gave it; a PNG for images. */
export async function startStaticServer(): Promise<StaticServer> {
  const routes = new Map<
    string,
    { body: string; type: string; headers?: Record<string, string> }
  >();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const route = routes.get(path);
    if (route) {
      response.writeHead(200, {
        "content-type": route.type,
        "cache-control": "no-store",
        ...route.headers,
      });
      response.end(route.body);
    } else if (path.startsWith("/images/")) {
      response.writeHead(200, { "content-type": "image/png" });
      response.end(PNG);
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set(path, body, type = "text/html; charset=utf-8", headers) {
      routes.set(path, { body, type, headers });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
