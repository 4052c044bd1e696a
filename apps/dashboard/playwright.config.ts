import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { definePlaywrightConfig } from "@floow/playwright-config";

const port = 3310;
const baseURL = `http://localhost:${port}`;

// One fresh database per run. The config is loaded again in each worker; the env var
// makes them all agree on the directory the server was started with.
process.env.FLOOW_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "floow-e2e-"));

const preset = definePlaywrightConfig();

export default definePlaywrightConfig({
  // The preset's `use` holds the Debian Chromium launch options: extend it, never replace it.
  use: { ...preset.use, baseURL },
  webServer: {
    // The built production server: API, auth and the built dashboard on one origin.
    command: "node ../api/dist/main.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      NODE_ENV: "production",
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
