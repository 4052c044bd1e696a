import { readdirSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { ADVISOR, HELP, setUpLiveFloows, type LiveFloows } from "@floow/test-kit";
import { expectToast } from "./support/toasts";

/**
 * Embeds without code (issue 24): `<floow-widget>` pasted as HTML (a Shopify Custom Liquid
 * block, a WordPress Custom HTML block) and added by a tag manager after the page loaded, the
 * React component in a Vite app under StrictMode, and a domain whose host carries a port. The
 * merchant's pages come from the test's own server on 127.0.0.1 (another origin than the API).
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;
const SCREENSHOTS = process.env.SCREENSHOTS;

let live: LiveFloows;

/** A page as a theme block leaves it: the loader without `data-domain`, and the tag. */
const blockPage = (title: string, block: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script>window.dataLayer = [];</script></head>
<body><header><a href="/">Velo</a></header>
<main><h1>${title}</h1>
${block}
<p>Free delivery.</p></main>
</body></html>`;

/** Builds e2e/fixtures/react-app with Vite (React's development build: StrictMode's double mount) and serves it at /react/. */
async function serveReactApp() {
  const outDir = mkdtempSync(join(tmpdir(), "floow-react-app-"));
  try {
    await build({
      configFile: false,
      root: fileURLToPath(new URL("./fixtures/react-app", import.meta.url)),
      base: "/react/",
      mode: "development",
      logLevel: "error",
      plugins: [react()],
      define: { "process.env.NODE_ENV": JSON.stringify("development") },
      build: { outDir, emptyOutDir: true, minify: false },
    });
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    for (const file of files(outDir)) {
      const path = `/react/${relative(outDir, file)}`;
      const type = file.endsWith(".html")
        ? "text/html; charset=utf-8"
        : file.endsWith(".js")
          ? "text/javascript; charset=utf-8"
          : "text/css; charset=utf-8";
      live.shop.set(path, readFileSync(file, "utf8"), type);
      if (path === "/react/index.html") live.shop.set("/react/", readFileSync(file, "utf8"), type);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  live = await setUpLiveFloows(API);
  live.shop.set(
    "/liquid",
    blockPage(
      "Bikes",
      `<script src="${API}/embed.js" async></script>
<floow-widget floow-id="${live.advisor.id}"></floow-widget>`,
    ),
  );
  live.shop.set("/gtm", blockPage("Help", ""));
  await serveReactApp();
});

test.afterAll(async () => {
  await live?.shop.close();
});

const hosts = (page: Page) => page.locator("[data-floow-host]");

test("<floow-widget> pasted as HTML: the shopper answers to the end, and removing the tag removes the floow", async ({
  page,
}) => {
  await page.goto(`${live.shop.url}/liquid`);
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
  await expect(page.locator("floow-widget > [data-floow-host]")).toHaveCount(1);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/element-liquid.png` });

  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await floow.getByRole("radio", { name: "City" }).click();
  await floow.getByRole("radio", { name: "Under €1000" }).click();
  await floow.getByLabel(ADVISOR.details.name).fill("Ada Lovelace");
  await floow.getByRole("button", { name: "Next" }).click();
  await expect(floow.getByText(ADVISOR.finishText)).toBeVisible();
  await expect(floow.locator(".name")).toHaveText(["Velo Commute"]);
  // The events went to the page's data layer, as with the script tag.
  const types = await page.evaluate(() =>
    (window as unknown as { dataLayer: { event: string; type: string }[] }).dataLayer
      .filter((entry) => entry.event === "floows")
      .map((entry) => entry.type),
  );
  expect(types).toContain("finish");

  await page.locator("floow-widget").evaluate((tag) => tag.remove());
  await expect(hosts(page)).toHaveCount(0);
  await expect(floow).toHaveCount(0);
});

test("a tag manager's Custom HTML tag, added after the page loaded; a changed floow-id shows the other floow", async ({
  page,
}) => {
  await page.goto(`${live.shop.url}/gtm`);
  // What Google Tag Manager does with a Custom HTML tag: its nodes appended to the body, its
  // script elements recreated so that they run.
  await page.evaluate(
    ([api, id]) => {
      const html = document.createElement("div");
      html.innerHTML = `<floow-widget floow-id="${id}"></floow-widget><script src="${api}/embed.js" async></script>`;
      for (const node of [...html.childNodes]) {
        if (node instanceof HTMLScriptElement) {
          const script = document.createElement("script");
          script.src = node.src;
          script.async = true;
          document.body.append(script);
        } else document.body.append(node);
      }
    },
    [API, live.advisor.id],
  );
  await expect(
    page.getByRole("region", { name: ADVISOR.name }).getByText(ADVISOR.startText),
  ).toBeVisible();

  await page
    .locator("floow-widget")
    .evaluate((tag, id) => tag.setAttribute("floow-id", id), live.help.id);
  // The help floow is a dialog: its start page shows at the tag, the advisor is gone.
  await expect(page.getByText(HELP.startText)).toBeVisible();
  await expect(page.getByText(ADVISOR.startText)).toHaveCount(0);
  await expect(hosts(page)).toHaveCount(1);
});

test("@floow/react in a Vite app under StrictMode: one floow shows, and hiding the component removes it", async ({
  page,
}) => {
  await page.goto(
    `${live.shop.url}/react/?floow=${live.advisor.id}&api=${encodeURIComponent(API)}`,
  );
  const floow = page.getByRole("region", { name: ADVISOR.name });
  await expect(floow.getByText(ADVISOR.startText)).toBeVisible();
  await expect(hosts(page)).toHaveCount(1);
  // StrictMode's mount, cleanup and mount again all ran; one floow is left.
  expect(await page.evaluate(() => (window as unknown as { floowLog: string[] }).floowLog)).toEqual(
    ["mounted", "destroyed", "mounted"],
  );
  await floow.getByRole("button", { name: ADVISOR.startButton }).click();
  await floow.getByRole("radio", { name: "Road" }).click();
  await expect(floow.getByText(ADVISOR.often.text)).toBeVisible();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/react-app.png` });

  await page.getByRole("button", { name: "Hide the advisor" }).click();
  await expect(hosts(page)).toHaveCount(0);
  await expect(floow).toHaveCount(0);
  await page.getByRole("button", { name: "Show the advisor" }).click();
  await expect(
    page.getByRole("region", { name: ADVISOR.name }).getByText(ADVISOR.startText),
  ).toBeVisible();
  await expect(hosts(page)).toHaveCount(1);
});

test("a domain on localhost with a port: the Create Domain form takes it, and a floow loads on that origin", async ({
  page,
}) => {
  // Four screens and a shopper's page, on a machine that may be busy.
  test.setTimeout(120_000);
  const port = new URL(live.shop.url).port;
  await page.goto("/login");
  await page.getByLabel("Email").fill(live.admin.email);
  await page.getByLabel("Password").fill(live.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.goto("/domains");
  await page.getByRole("button", { name: "Create Domain" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create Domain" });
  await dialog.getByLabel("Name").fill("Staging");
  // Junk with a port gets the spec's message; the local host with its port is taken as typed.
  await dialog.getByLabel("Host").fill("localhost:99999");
  await dialog.getByRole("button", { name: "Create Domain" }).click();
  await expect(dialog.getByText(/Please enter a valid domain host/)).toBeVisible();
  await dialog.getByLabel("Host").fill(`localhost:${port}`);
  await expect(dialog.getByText(/Please enter a valid domain host/)).toHaveCount(0);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/domain-port-form.png` });
  await dialog.getByRole("button", { name: "Create Domain" }).click();
  await expectToast(page, "Domain created");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Staging");
  await expect(page.getByText(`localhost:${port}`).first()).toBeVisible();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/domain-port-page.png` });

  // The documentation's guides for these embeds.
  await page.goto("/documentation");
  for (const guide of [
    "Shopify theme",
    "WordPress",
    "Google Tag Manager",
    "A strict Content-Security-Policy",
  ])
    await expect(page.getByText(guide, { exact: true })).toBeVisible();
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/documentation-guides.png`, fullPage: true });

  // The merchant's page on http://localhost:<port> (not 127.0.0.1): the floow loads there.
  const shopper = await page.context().newPage();
  await shopper.goto(`http://localhost:${port}/liquid`);
  await expect(
    shopper.getByRole("region", { name: ADVISOR.name }).getByText(ADVISOR.startText),
  ).toBeVisible();
});
