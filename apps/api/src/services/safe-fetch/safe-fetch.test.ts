import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import { buildConnector } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { safeFetch, SafeFetchError, type LookupFn, type SafeFetchOptions } from "./index";

// Everything here talks to a server on 127.0.0.1 only. Internal and public addresses are
// refused before any socket is opened, and every test proves that with the connector spy.

let server: Server;
let base: string;
let port: number;
const received: { path: string; headers: IncomingMessage["headers"]; method: string }[] = [];
const gzipBomb = zlib.gzipSync(Buffer.alloc(32 * 1024 * 1024));

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/ok": (_req, res) => {
    res.writeHead(200, { "content-type": "text/xml; charset=ISO-8859-1" });
    res.end("hello");
  },
  "/echo-method": (req, res) => {
    res.end(req.method);
  },
  "/gzip": (_req, res) => {
    res.writeHead(200, { "content-encoding": "gzip" });
    res.end(zlib.gzipSync("hello gzip"));
  },
  "/deflate": (_req, res) => {
    res.writeHead(200, { "content-encoding": "deflate" });
    res.end(zlib.deflateSync("hello deflate"));
  },
  "/br": (_req, res) => {
    res.writeHead(200, { "content-encoding": "br" });
    res.end(zlib.brotliCompressSync("hello br"));
  },
  "/bad-gzip": (_req, res) => {
    res.writeHead(200, { "content-encoding": "gzip" });
    res.end(Buffer.from("this is not gzip at all, not even close"));
  },
  "/zstd": (_req, res) => {
    res.writeHead(200, { "content-encoding": "zstd" });
    res.end("xx");
  },
  "/gzip-bomb": (_req, res) => {
    res.writeHead(200, { "content-encoding": "gzip", "content-length": gzipBomb.length });
    res.end(gzipBomb);
  },
  "/big-declared": (_req, res) => {
    res.writeHead(200, { "content-length": 2 * 1024 * 1024 });
    res.end(Buffer.alloc(2 * 1024 * 1024));
  },
  "/big-chunked": (_req, res) => {
    res.writeHead(200);
    let sent = 0;
    const write = () => {
      while (sent < 4 * 1024 * 1024) {
        sent += 64 * 1024;
        if (!res.write(Buffer.alloc(64 * 1024))) return void res.once("drain", write);
      }
      res.end();
    };
    write();
  },
  "/slow-headers": () => {
    // never answers
  },
  "/slow-body": (req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    const interval = setInterval(() => res.write("x"), 50);
    req.socket.on("close", () => clearInterval(interval));
  },
  "/status/404": (_req, res) => {
    res.writeHead(404);
    res.end("missing");
  },
  "/redirect-303": (_req, res) => {
    res.writeHead(303, { location: "/echo-method" });
    res.end();
  },
  "/headers": (req, res) => {
    res.end(JSON.stringify(req.headers));
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    received.push({ path: url.pathname, headers: req.headers, method: req.method ?? "" });
    const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
    if (hops) {
      const left = Number(hops[1]);
      res.writeHead(302, { location: left > 1 ? `/hops/${left - 1}` : "/ok" });
      return void res.end();
    }
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      return void res.end();
    }
    const route = routes[url.pathname];
    if (!route) {
      res.writeHead(404);
      return void res.end();
    }
    route(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The real connector, wrapped so tests can see every address a socket was opened to. */
let connector: ReturnType<typeof vi.fn<buildConnector.connector>>;
beforeEach(() => {
  const real = buildConnector({});
  connector = vi.fn<buildConnector.connector>((options, callback) => real(options, callback));
  received.length = 0;
});

const connectedTo = () => connector.mock.calls.map(([options]) => options.hostname);

function fetchLocal(url: string, options: SafeFetchOptions = {}) {
  return safeFetch(url, { allowLoopback: true, connector, ...options });
}

async function text(url: string, options: SafeFetchOptions = {}) {
  const response = await fetchLocal(url, options);
  return (await buffer(response.body)).toString("utf8");
}

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the fetch to be refused");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe("safeFetch against its own local server (loopback allowed by the test-only setting)", () => {
  it("returns the body and the response facts", async () => {
    const response = await fetchLocal(`${base}/ok`);
    expect(response.status).toBe(200);
    expect(response.contentType).toBe("text/xml");
    expect(response.charset).toBe("iso-8859-1");
    expect((await buffer(response.body)).toString()).toBe("hello");
    expect(response.bytesRead()).toBe(5);
    expect(connectedTo()).toEqual(["127.0.0.1"]);
  });

  it("the default refuses that same server, before connecting", async () => {
    const error = await refusal(safeFetch(`${base}/ok`, { connector }));
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(error.message).toBe(
      `Refused to fetch ${base}/ok: 127.0.0.1 is a loopback address. Only public internet addresses can be fetched.`,
    );
    expect(connector).not.toHaveBeenCalled();
    expect(received).toEqual([]);
  });

  it.each([
    ["gzip", "hello gzip"],
    ["deflate", "hello deflate"],
    ["br", "hello br"],
  ])("decompresses %s", async (encoding, expected) => {
    expect(await text(`${base}/${encoding}`)).toBe(expected);
    expect(received[0]?.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("fails clearly on a corrupt compressed body and an unknown encoding", async () => {
    const corrupt = await refusal(text(`${base}/bad-gzip`));
    expect(corrupt.code).toBe("DECODE");
    expect(corrupt.message).toContain(`${base}/bad-gzip could not be decompressed`);
    const zstd = await refusal(fetchLocal(`${base}/zstd`));
    expect(zstd.code).toBe("DECODE");
    expect(zstd.message).toContain('unsupported content encoding "zstd"');
  });

  it("stops a gzip bomb at the limit, counted after decompression", async () => {
    const response = await fetchLocal(`${base}/gzip-bomb`, { maxBytes: 1024 * 1024 });
    const error = await refusal(buffer(response.body));
    expect(error.code).toBe("TOO_LARGE");
    expect(error.message).toBe(
      `The response from ${base}/gzip-bomb is larger than the limit of 1 MB.`,
    );
    // it stopped at the limit instead of inflating all 32 MB
    expect(response.bytesRead()).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
  });

  it("refuses an oversized body by its Content-Length, and by counting when it has none", async () => {
    const declared = await refusal(fetchLocal(`${base}/big-declared`, { maxBytes: 1024 * 1024 }));
    expect(declared.code).toBe("TOO_LARGE");
    const response = await fetchLocal(`${base}/big-chunked`, { maxBytes: 1024 * 1024 });
    const counted = await refusal(buffer(response.body));
    expect(counted.code).toBe("TOO_LARGE");
  });

  it("times out a server that never answers", async () => {
    const started = Date.now();
    const error = await refusal(fetchLocal(`${base}/slow-headers`, { timeoutMs: 300 }));
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toBe(
      `Fetching ${base}/slow-headers took longer than 0.3 s; the server is too slow or the file too large.`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("a signal that was already aborted cancels at once (a server that never answers)", async () => {
    const started = Date.now();
    const error = await refusal(
      fetchLocal(`${base}/slow-headers`, { timeoutMs: 60_000, signal: AbortSignal.abort() }),
    );
    expect(error.message).toBe(`Fetching ${base}/slow-headers was cancelled.`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("times out a body that trickles in (the limit covers the whole transfer)", async () => {
    const response = await fetchLocal(`${base}/slow-body`, { timeoutMs: 400 });
    const started = Date.now();
    const error = await refusal(buffer(response.body));
    expect(error.code).toBe("TIMEOUT");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports an HTTP error status", async () => {
    const error = await refusal(fetchLocal(`${base}/status/404`));
    expect(error.code).toBe("HTTP_STATUS");
    expect(error.status).toBe(404);
    expect(error.message).toBe(
      `Fetching ${base}/status/404 failed: the server answered with status 404.`,
    );
  });

  it("follows redirects up to the limit and lists them", async () => {
    const response = await fetchLocal(`${base}/hops/3`);
    expect((await buffer(response.body)).toString()).toBe("hello");
    expect(response.url).toBe(`${base}/ok`);
    expect(response.redirects).toEqual([`${base}/hops/2`, `${base}/hops/1`, `${base}/ok`]);

    const error = await refusal(fetchLocal(`${base}/hops/6`, { maxRedirects: 5 }));
    expect(error.code).toBe("TOO_MANY_REDIRECTS");
    expect(error.message).toBe(
      `Fetching ${base}/hops/6 was redirected more than 5 times; last to /ok.`,
    );
  });

  it("turns a POST into a GET after 303", async () => {
    expect(await text(`${base}/redirect-303`, { method: "POST", body: "x" })).toBe("GET");
  });

  it("drops credentials when a redirect leaves the origin", async () => {
    const lookup: LookupFn = async () => [{ address: "127.0.0.1", family: 4 }];
    const to = `http://other.test:${port}/headers`;
    const headers = JSON.parse(
      await text(`${base}/redirect?to=${encodeURIComponent(to)}`, {
        lookup,
        headers: { Authorization: "secret" },
      }),
    ) as Record<string, string>;
    expect(headers.host).toBe(`other.test:${port}`);
    expect(headers.authorization).toBeUndefined();
    expect(received[0]?.headers.authorization).toBe("secret");
  });
});

describe("safeFetch refuses internal addresses before any connection", () => {
  it.each([
    ["http://127.0.0.1/", "127.0.0.1 is a loopback address"],
    ["http://10.0.0.1/", "10.0.0.1 is a private network address"],
    ["http://172.16.0.1/", "172.16.0.1 is a private network address"],
    ["http://192.168.1.1/", "192.168.1.1 is a private network address"],
    [
      "http://169.254.169.254/latest/meta-data/",
      "169.254.169.254 is a link-local address (this includes cloud metadata services)",
    ],
    ["http://[::1]/", "[::1] is a loopback address"],
    ["http://[::ffff:169.254.169.254]/", "[::ffff:a9fe:a9fe] is a link-local address"],
    ["http://[fd00::1]/", "[fd00::1] is a unique-local (private) IPv6 address"],
    ["http://2130706433/", "127.0.0.1 is a loopback address"],
    ["http://0x7f000001/", "127.0.0.1 is a loopback address"],
    ["http://0.0.0.0/", "0.0.0.0 is the unspecified address"],
    ["http://0.0.0.0:8080/feed.xml", "0.0.0.0 is the unspecified address"],
  ])("%s", async (url, why) => {
    const lookup = vi.fn<LookupFn>();
    const error = await refusal(safeFetch(url, { connector, lookup }));
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(error.message).toContain(`Refused to fetch ${new URL(url).href}: ${why}`);
    expect(lookup).not.toHaveBeenCalled();
    expect(connector).not.toHaveBeenCalled();
  });

  it("a host name that resolves to loopback (localhost, system resolver)", async () => {
    const error = await refusal(safeFetch(`http://localhost:${port}/ok`, { connector }));
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(error.message).toMatch(
      new RegExp(
        `^Refused to fetch http://localhost:${port}/ok: localhost resolves to (127\\.0\\.0\\.1|\\[::1\\]), a loopback address\\.`,
      ),
    );
    expect(connector).not.toHaveBeenCalled();
    expect(received).toEqual([]);
  });

  it("a host name that an injected resolver points at an internal address", async () => {
    const lookup = vi.fn<LookupFn>(async () => [{ address: "127.0.0.1", family: 4 }]);
    const error = await refusal(
      safeFetch("http://feeds.example.com/feed.xml", { connector, lookup }),
    );
    expect(error.message).toBe(
      "Refused to fetch http://feeds.example.com/feed.xml: feeds.example.com resolves to 127.0.0.1, a loopback address. Only public internet addresses can be fetched.",
    );
    expect(lookup).toHaveBeenCalledWith("feeds.example.com");
    expect(connector).not.toHaveBeenCalled();
  });

  it("a resolver answer that mixes a public and an internal address", async () => {
    const lookup: LookupFn = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ];
    const error = await refusal(safeFetch("http://mixed.example.com/", { connector, lookup }));
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(error.message).toContain(
      "mixed.example.com resolves to 10.0.0.1, a private network address",
    );
    expect(connector).not.toHaveBeenCalled();
  });

  it("an unresolvable host gives a DNS error", async () => {
    const lookup: LookupFn = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const error = await refusal(safeFetch("http://nowhere.invalid/", { connector, lookup }));
    expect(error.code).toBe("DNS");
    expect(error.message).toBe(
      "Could not fetch http://nowhere.invalid/: the host name nowhere.invalid could not be found.",
    );
  });

  it.each([
    ["http://10.0.0.1/", "10.0.0.1 is a private network address"],
    ["http://169.254.169.254/latest/meta-data/iam/", "169.254.169.254 is a link-local address"],
    ["http://[fd00::1]/", "[fd00::1] is a unique-local"],
    ["http://internal.test/", "internal.test resolves to 192.168.1.1, a private network address"],
  ])("a redirect from an allowed server to %s", async (to, why) => {
    const lookup = vi.fn<LookupFn>(async () => [{ address: "192.168.1.1", family: 4 }]);
    const error = await refusal(
      fetchLocal(`${base}/redirect?to=${encodeURIComponent(to)}`, { lookup }),
    );
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(error.message).toContain(`Refused to fetch ${to}: ${why}`);
    // only the first hop (our own server) was ever connected to
    expect(connectedTo()).toEqual(["127.0.0.1"]);
  });

  it("checks every new connection at connect time (a DNS answer that changes is caught)", async () => {
    // The first hop resolves to our server; the next host name "rebinds" to the metadata
    // address. The connector only ever sees the addresses the check passed.
    const answers: Record<string, string> = {
      "first.test": "127.0.0.1",
      "second.test": "169.254.169.254",
    };
    const lookup = vi.fn<LookupFn>(async (host) => [{ address: answers[host]!, family: 4 }]);
    const to = `http://second.test:${port}/ok`;
    const error = await refusal(
      fetchLocal(`http://first.test:${port}/redirect?to=${encodeURIComponent(to)}`, { lookup }),
    );
    expect(error.message).toContain(
      "second.test resolves to 169.254.169.254, a link-local address",
    );
    expect(lookup.mock.calls.map(([host]) => host)).toEqual(["first.test", "second.test"]);
    expect(connectedTo()).toEqual(["127.0.0.1"]);
  });

  it("checks the same host name again at each connection (DNS rebinding of one name)", async () => {
    // One host name: the first answer is allowed (our server), the next is private.
    const answers = ["127.0.0.1", "10.0.0.1"];
    const lookup = vi.fn<LookupFn>(async () => [{ address: answers.shift()!, family: 4 }]);
    const url = `http://rebind.test:${port}/ok`;
    expect(await text(url, { lookup })).toBe("hello");
    const error = await refusal(fetchLocal(url, { lookup }));
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(error.message).toContain("rebind.test resolves to 10.0.0.1, a private network address");
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(connectedTo()).toEqual(["127.0.0.1"]);
  });

  it("tries the next checked address when connecting to one fails", async () => {
    // 127.0.0.2 is loopback too, but nothing listens there: the connection is refused.
    const lookup: LookupFn = async () => [
      { address: "127.0.0.2", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ];
    // The body is read: an unread one would time out (and error) 30 s later.
    expect(await text(`http://two.test:${port}/ok`, { lookup })).toBe("hello");
    expect(connectedTo()).toEqual(["127.0.0.2", "127.0.0.1"]);
  });

  it.each([
    [
      "file:///etc/passwd",
      "Only http and https addresses can be fetched; file:///etc/passwd uses file.",
    ],
    [
      "ftp://example.com/feed.xml",
      "Only http and https addresses can be fetched; ftp://example.com/feed.xml uses ftp.",
    ],
    [
      "gopher://example.com/",
      "Only http and https addresses can be fetched; gopher://example.com/ uses gopher.",
    ],
  ])("the scheme of %s", async (url, message) => {
    const lookup = vi.fn<LookupFn>();
    const error = await refusal(safeFetch(url, { connector, lookup }));
    expect(error.code).toBe("BAD_SCHEME");
    expect(error.message).toBe(message);
    expect(lookup).not.toHaveBeenCalled();
    expect(connector).not.toHaveBeenCalled();
  });

  it("a redirect to a file:// or ftp:// URL", async () => {
    for (const to of ["file:///etc/passwd", "ftp://example.com/x"]) {
      const from = `${base}/redirect?to=${encodeURIComponent(to)}`;
      const error = await refusal(fetchLocal(from));
      expect(error.code).toBe("BAD_SCHEME");
      expect(error.message).toBe(
        `Fetching ${from} was redirected to ${to}, which is not an http or https address.`,
      );
    }
  });

  it("something that is not a URL", async () => {
    const error = await refusal(safeFetch("not a url", { connector }));
    expect(error.code).toBe("BAD_URL");
    expect(error.message).toBe('"not a url" is not a valid URL.');
  });
});
