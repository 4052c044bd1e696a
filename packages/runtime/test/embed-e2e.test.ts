/**
 * The script tag end to end, on the built files: a page with the one-line snippet, served
 * with a stand-in for the public API, in happy-dom with script loading on. The loader
 * fetches the floows, loads the renderer, and the floow shows at its trigger's target.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Browser } from "happy-dom";
import { afterAll, beforeAll, expect, it } from "vitest";

const file = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), "utf8");
const { floow } = JSON.parse(file("./floow.json"));
floow.container = { ...floow.container, type: "embedded" };
floow.triggers = [{ route: "/shop", routeType: "startsWith", attribute: "id", value: "advisor", target: "inside" }];

const requests: string[] = [];
const server = createServer((request, response) => {
  requests.push(`${request.method} ${request.url}`);
  const url = request.url ?? "";
  const send = (type: string, body: string) => {
    response.writeHead(200, { "content-type": type, "access-control-allow-origin": "*" });
    response.end(body);
  };
  if (url === "/embed.js") return send("text/javascript", file("../dist/embed.js"));
  if (url.startsWith("/runtime/floow.js")) return send("text/javascript", file("../dist/floow.js"));
  if (url === "/api/public/domains/d1/floows") {
    return send("application/json", JSON.stringify({ floows: [floow], domain: { id: "d1", colors: [], fonts: [] } }));
  }
  if (url === "/api/public/events") return send("application/json", "{}");
  if (url.startsWith("/shop")) {
    return send(
      "text/html",
      `<!doctype html><html><body><main><div id="advisor"></div></main>
       <script src="http://127.0.0.1:${(server.address() as AddressInfo).port}/embed.js" data-domain="d1"></script>
       </body></html>`,
    );
  }
  response.writeHead(404).end();
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("shows a floow at its target from the one-line script tag", async () => {
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = new Browser({
    settings: {
      enableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: false,
      suppressInsecureJavaScriptEnvironmentWarning: true,
    },
  });
  const page = browser.newPage();
  await page.goto(`${origin}/shop/bikes`);
  await page.waitUntilComplete();
  const { document } = page.mainFrame;
  const text = () => document.querySelector("#advisor [data-floow-host]")?.shadowRoot?.textContent ?? "";
  for (let i = 0; i < 100 && !text().includes("Find your bike"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(text()).toContain("Find your bike");
  expect(requests).toEqual(
    expect.arrayContaining([
      "GET /embed.js",
      "GET /api/public/domains/d1/floows",
      expect.stringMatching(/^GET \/runtime\/floow\.js\?v=/),
    ]),
  );
  const floows = (page.mainFrame.window as unknown as { floows: { show: unknown } }).floows;
  expect(typeof floows.show).toBe("function");
  await browser.close();
});
