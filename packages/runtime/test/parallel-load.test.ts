/**
 * Time to visible (issue 22: "load the renderer and the floow's answer at the same time"), in
 * Chromium: the built loader (`dist/embed.js`) on a page must have both the domain's floows
 * request and the renderer's (`/runtime/floow.js`) in flight at once, each sent once. The
 * server here holds both answers until both requests have arrived (or 10 s have passed): a
 * loader that asked for one only after the other's answer would show up as a request that
 * arrived after an answer was sent.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandPaints, floowIcons, floowTexts } from "@floow/domain/logic";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dist = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../dist/${file}`, import.meta.url)));
const DOMAIN_ID = "11111111-1111-4111-8111-111111111111";
const HOLD_MS = 10_000;

/** The test floow as the public API answers it, triggered by `#advisor` on `/shop`. */
function publicFloow() {
  const { floow } = JSON.parse(
    readFileSync(fileURLToPath(new URL("../src/test/bundle-floow.json", import.meta.url)), "utf8"),
  );
  return {
    ...floow,
    container: { ...floow.container, type: "embedded" },
    triggers: [
      {
        route: "/shop",
        routeType: "startsWith",
        attribute: "id",
        value: "advisor",
        target: "inside",
      },
    ],
    texts: floowTexts(floow.language),
    icons: floowIcons(floow.buttons),
  };
}
const colors = [{ id: "b", name: "Blue", hex: "1d4ed8", favorite: true }];

interface Seen {
  path: string;
  arrived: number;
  answered?: number;
}

let server: ReturnType<typeof createServer>;
let origin = "";
const seen: Seen[] = [];
/** The held answers of the two requests that must overlap. */
const held = new Map<string, () => void>();

function hold(path: string, send: () => void) {
  held.set(path, send);
  const release = () => {
    for (const [key, answer] of held) {
      held.delete(key);
      answer();
    }
  };
  if (held.size === 2) release();
  else setTimeout(release, HOLD_MS);
}

function handle(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url!, origin);
  const entry: Seen = { path: url.pathname, arrived: performance.now() };
  seen.push(entry);
  const send = (type: string, body: string | Buffer) => () => {
    entry.answered = performance.now();
    response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
    response.end(body);
  };
  if (url.pathname === "/shop")
    return send(
      "text/html",
      `<!doctype html><html lang="en"><body><main><h1>Bikes</h1><div id="advisor"></div></main><script src="${origin}/embed.js" data-domain="${DOMAIN_ID}" async></script></body></html>`,
    )();
  if (url.pathname === "/embed.js") return send("text/javascript", dist("embed.js"))();
  if (url.pathname === `/api/public/domains/${DOMAIN_ID}/floows`)
    return hold(
      url.pathname,
      send(
        "application/json",
        JSON.stringify({
          floows: [publicFloow()],
          domain: { colors, fonts: [], paints: brandPaints(colors) },
        }),
      ),
    );
  if (url.pathname === "/runtime/floow.js")
    return hold(url.pathname, send("text/javascript", dist("floow.js")));
  if (url.pathname === "/runtime/pages.js") return send("text/javascript", dist("pages.js"))();
  response.writeHead(404).end();
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the loader in Chromium", () => {
  it("requests the floows and the renderer together, once each, and the floow then shows", async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/shop`);
      // The floow's start page, at its trigger's element: both answers were used.
      await page
        .locator("#advisor [data-floow-host]")
        .locator(".intro")
        .getByText("Find your bike")
        .waitFor({ timeout: 15_000 });

      const floows = seen.filter((s) => s.path.startsWith("/api/public/domains/"));
      const renderer = seen.filter((s) => s.path === "/runtime/floow.js");
      expect(floows).toHaveLength(1);
      expect(renderer).toHaveLength(1);
      const [data] = floows as [Seen];
      const [script] = renderer as [Seen];
      // Both requests were in flight before either answer left.
      expect(Math.max(data.arrived, script.arrived)).toBeLessThan(
        Math.min(data.answered!, script.answered!),
      );
      // ...because both arrived, not because the hold ran out.
      expect(
        Math.min(data.answered!, script.answered!) - Math.max(data.arrived, script.arrived),
      ).toBeLessThan(HOLD_MS / 2);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
