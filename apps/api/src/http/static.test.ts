import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";

function fakeBuilds() {
  const root = mkdtempSync(path.join(tmpdir(), "floow-static-"));
  const dashboard = path.join(root, "dashboard");
  const runtime = path.join(root, "runtime");
  mkdirSync(path.join(dashboard, "assets"), { recursive: true });
  mkdirSync(runtime, { recursive: true });
  writeFileSync(path.join(dashboard, "index.html"), "<!doctype html><title>Floow</title>");
  writeFileSync(path.join(dashboard, "assets", "app-1234.js"), "console.log('app')");
  writeFileSync(path.join(runtime, "embed.js"), "/* loader */");
  writeFileSync(path.join(runtime, "floow.js"), "/* renderer */");
  return { DASHBOARD_DIST: dashboard, RUNTIME_DIST: runtime };
}

describe("static files in production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer("pglite", { NODE_ENV: "production", ...fakeBuilds() });
  });
  afterAll(() => server.close());

  const get = (url: string, accept = "text/html") =>
    server.app.inject({ method: "GET", url, headers: { accept } });

  it("serves the dashboard, with index.html for every page path (history mode)", async () => {
    for (const url of ["/", "/domains/domain", "/floow/abc?x=1", "/settings"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain("<title>Floow</title>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
    // A floow's hosted page preloads its floow; other pages preload nothing.
    expect((await get("/floow/f-1")).headers.link).toBe(
      "</api/public/floows/f-1>; rel=preload; as=fetch; crossorigin=anonymous",
    );
    expect((await get("/settings")).headers.link).toBeUndefined();
    const asset = await get("/assets/app-1234.js", "*/*");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("sends the runtime bundle compressed (gzip or brotli) to browsers that accept it", async () => {
    const big = `/* renderer */${"x".repeat(20_000)}`;
    const dist = fakeBuilds();
    writeFileSync(path.join(dist.RUNTIME_DIST, "floow.js"), big);
    writeFileSync(path.join(dist.RUNTIME_DIST, "embed.js"), big);
    const compressed = await createTestServer("pglite", { NODE_ENV: "production", ...dist });
    try {
      const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const;
      for (const [encoding, decode] of Object.entries(decoders)) {
        for (const url of ["/runtime/floow.js", "/embed.js"]) {
          const response = await compressed.app.inject({
            method: "GET",
            url,
            headers: { "accept-encoding": encoding },
          });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers["content-encoding"], `${url} ${encoding}`).toBe(encoding);
          expect(decode(response.rawPayload).toString(), `${url} ${encoding}`).toBe(big);
          expect(response.rawPayload.length, `${url} ${encoding}`).toBeLessThan(1000);
        }
      }
      // A browser offering both gets brotli (smaller), as @fastify/compress prefers it.
      const both = await compressed.app.inject({
        method: "GET",
        url: "/embed.js",
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(both.headers["content-encoding"]).toBe("br");
    } finally {
      await compressed.close();
    }
  });

  it("sends the runtime build's own .br and .gz files as they are, and the plain file to a browser without them", async () => {
    const big = `/* renderer */${"x".repeat(20_000)}`;
    const dist = fakeBuilds();
    for (const file of ["floow.js", "embed.js"]) {
      const target = path.join(dist.RUNTIME_DIST, file);
      writeFileSync(target, big);
      writeFileSync(`${target}.br`, brotliCompressSync(big));
      writeFileSync(`${target}.gz`, gzipSync(big, { level: 9 }));
    }
    const server = await createTestServer("pglite", { NODE_ENV: "production", ...dist });
    try {
      for (const url of ["/runtime/floow.js", "/embed.js"]) {
        const file = path.join(dist.RUNTIME_DIST, url.split("/").pop()!);
        for (const [encoding, ext] of [
          ["br", "br"],
          ["gzip", "gz"],
        ] as const) {
          const response = await server.app.inject({
            method: "GET",
            url,
            headers: { "accept-encoding": encoding },
          });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers["content-encoding"], `${url} ${encoding}`).toBe(encoding);
          expect(response.headers["content-type"], url).toContain("javascript");
          expect(response.headers.vary, url).toMatch(/accept-encoding/i);
          // Byte for byte the build's file: not compressed again.
          expect(
            response.rawPayload.equals(readFileSync(`${file}.${ext}`)),
            `${url} ${encoding}`,
          ).toBe(true);
        }
        const plain = await server.app.inject({
          method: "GET",
          url,
          headers: { "accept-encoding": "identity" },
        });
        expect(plain.headers["content-encoding"] ?? "identity", url).toBe("identity");
        expect(plain.body, url).toBe(big);
      }
      const both = await server.app.inject({
        method: "GET",
        url: "/embed.js",
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(both.headers["content-encoding"]).toBe("br");
      expect(both.headers["cache-control"]).toBe("public, max-age=300");
    } finally {
      await server.close();
    }
  });

  it("serves the runtime's script-tag bundle", async () => {
    const embed = await get("/embed.js", "*/*");
    expect(embed.statusCode).toBe(200);
    expect(embed.headers["content-type"]).toContain("javascript");
    expect(embed.body).toBe("/* loader */");
    const renderer = await get("/runtime/floow.js", "*/*");
    expect(renderer.statusCode).toBe(200);
    expect(renderer.body).toBe("/* renderer */");
  });

  it("answers unknown API paths with a JSON 404, not the dashboard", async () => {
    for (const url of ["/api/nothing", "/trpc/nothing.here", "/runtime/missing.js"]) {
      const response = await get(url, "*/*");
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("<title>Floow</title>");
    }
    const post = await server.app.inject({
      method: "POST",
      url: "/somewhere",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(post.statusCode).toBe(404);
  });
});
