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

export default definePlaywrightConfig({
  // The preset's `use` holds the Debian Chromium launch options: extend it, never replace it.
  use: { ...preset.use, baseURL },
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
