import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { pathKind } from "./security-headers";

function fakeBuilds() {
  const root = mkdtempSync(path.join(tmpdir(), "floow-headers-"));
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

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(";")
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));

describe("security headers (production)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer("pglite", { NODE_ENV: "production", ...fakeBuilds() });
  });
  afterAll(() => server.close());

  const get = (url: string, headers: Record<string, string> = { accept: "text/html" }) =>
    server.app.inject({ method: "GET", url, headers });

  it("gives dashboard pages a CSP, refuses framing, nosniff and a referrer policy", async () => {
    for (const url of ["/", "/domains/domain", "/settings", "/assets/app-1234.js"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const csp = response.headers["content-security-policy"];
      expect(directive(csp, "default-src"), url).toBe("default-src 'self'");
      expect(directive(csp, "script-src"), url).toBe("script-src 'self'");
      expect(directive(csp, "frame-ancestors"), url).toBe("frame-ancestors 'none'");
      expect(directive(csp, "object-src"), url).toBe("object-src 'none'");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
    }
    // Over http (this test), no HSTS and no upgrade of subresources.
    const page = await get("/");
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    expect(
      directive(page.headers["content-security-policy"], "upgrade-insecure-requests"),
    ).toBeUndefined();
  });

  it("lets merchants frame the hosted floow page, with the same CSP otherwise", async () => {
    for (const url of ["/floow/abc", "/floow/abc?embed=1"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const csp = response.headers["content-security-policy"];
      expect(directive(csp, "frame-ancestors"), url).toBeUndefined();
      expect(directive(csp, "script-src"), url).toBe("script-src 'self'");
      expect(response.headers["x-frame-options"], url).toBeUndefined();
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
    }
    // The page's own files are the dashboard's; the dashboard's pages still refuse framing.
    expect((await get("/floows")).headers["x-frame-options"]).toBe("DENY");
  });

  it("keeps the runtime, the public API and images usable from other sites (CORS, no framing or CSP rules)", async () => {
    const origin = { origin: "https://www.shop.example", accept: "*/*" };
    const embed = await get("/embed.js", origin);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(embed.headers["content-security-policy"]).toBeUndefined();
    expect(embed.headers["x-frame-options"]).toBeUndefined();
    expect(embed.headers["x-content-type-options"]).toBe("nosniff");
    const bundle = await get("/runtime/floow.js", origin);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers["cross-origin-resource-policy"]).toBe("cross-origin");

    const floows = await get("/api/public/floows/00000000-0000-4000-8000-000000000000", origin);
    expect(floows.statusCode).toBe(404);
    expect(floows.headers["access-control-allow-origin"]).toBe("*");
    expect(floows.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const preflight = await server.app.inject({
      method: "OPTIONS",
      url: "/api/public/results",
      headers: {
        origin: "https://www.shop.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
  });

  it("answers the dashboard's API with a CSP that allows nothing", async () => {
    const response = await get("/trpc/user.get", { accept: "application/json" });
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("pathKind", () => {
  it.each([
    ["/", "dashboard"],
    ["/floows?tab=1", "dashboard"],
    ["/floow/abc", "hosted-floow"],
    ["/floow/abc/", "hosted-floow"],
    ["/floow/abc/edit", "dashboard"],
    ["/embed.js", "cross-origin"],
    ["/runtime/floow.js", "cross-origin"],
    ["/api/public/results", "cross-origin"],
    ["/blobs/x", "cross-origin"],
    ["/trpc/user.get", "api"],
    ["/api/auth/session", "api"],
    ["/readyz", "api"],
  ])("%s is %s", (url, kind) => {
    expect(pathKind(url)).toBe(kind);
  });
});
