import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { definePlaywrightConfig } from "@floow/playwright-config";

// E2E_PORT lets two runs share a machine (each starts its own server).
const port = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://localhost:${port}`;

// One fresh database per run. The config is loaded again in each worker; the env var
// makes them all agree on the directory the server was started with.
process.env.FLOOW_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "floow-e2e-"));

const preset = definePlaywrightConfig();

/**
 * Every journey starts as a returning user of this browser: cookies answered (functional
 * only) and the onboarding guide turned off, as that user would have left them, so the
 * banner and the guide's popups do not stand in the way of journeys about other screens.
 * e2e/first-run.spec.ts starts from an empty browser (`test.use({ storageState: EMPTY })`).
 */
const returningUser = {
  cookies: [
    [
      "floows-cookie-preferences",
      { state: "done", functional: true, analytics: false, marketing: false },
    ],
    ["floows-onboarding", { id: "e2e", disabled: true, newUser: false }],
  ].map(([name, value]) => ({
    name: name as string,
    value: encodeURIComponent(JSON.stringify(value)),
    domain: "localhost",
    path: "/",
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: "Lax" as const,
  })),
  origins: [],
};

export default definePlaywrightConfig({
  // The preset's `use` holds the Debian Chromium launch options: extend it, never replace it.
  use: { ...preset.use, baseURL, storageState: returningUser },
  webServer: {
    // The built server as the README's start command runs it (`pnpm start` ends in the API's
    // `start` script, which defaults NODE_ENV to production): API, auth and the built
    // dashboard on one origin.
    command: "npm run --silent --prefix ../api start",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.FLOOW_E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      // Playwright passes its own environment through; CI sets DATABASE_URL for the
      // database tests, but the journeys run what the README's start command runs: the
      // embedded PostgreSQL, in a fresh folder.
      DATABASE_URL: "",
      BETTER_AUTH_SECRET: "",
      // The journeys serve their own product feeds on 127.0.0.1 (test-only setting).
      FETCH_ALLOW_LOOPBACK: "true",
    },
  },
});
