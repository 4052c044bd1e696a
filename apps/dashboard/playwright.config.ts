import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { definePlaywrightConfig } from "@floow/playwright-config";

/**
 * Journeys run on E2E_WORKERS workers (2 in CI, 1 elsewhere), each against a server of its own:
 * worker i talks to the server on E2E_PORT + 1000 * i, with its own fresh embedded database.
 * The journeys are independent (each signs up its own users and organizations), and a server
 * per worker keeps what one server sees as it was with one worker: its per-IP rate limits
 * (10 sign-ups a minute), its mail outbox, its background jobs. E2E_PORT lets two runs share a
 * machine.
 */
// Two in CI (docs/testing.md, "End-to-end journeys"): on a 2-core machine the journeys are
// bound by CPU, mostly Chromium's (the dashboard's renderer, compositing, the browser
// process), not by waiting. Three workers took 21-24 min there on 27 Nov under a load of
// 12-16 and ran journeys out of their time limits; two, without trace screenshots, took
// 17 min with none retried.
const workers = Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1));
const basePort = Number(process.env.E2E_BASE_PORT ?? process.env.E2E_PORT ?? 3310);
process.env.E2E_BASE_PORT = String(basePort);
const portOf = (index: number) => basePort + 1000 * index;

// One fresh database per server and run, in a folder all processes agree on: the config is
// loaded again in each worker, which inherits the folder from the runner.
process.env.FLOOW_E2E_BASE_DIR ??= mkdtempSync(join(tmpdir(), "floow-e2e-"));
const dataDirOf = (index: number) => join(process.env.FLOOW_E2E_BASE_DIR!, `server-${index}`);

// In a worker (Playwright sets TEST_PARALLEL_INDEX there), the specs read their server from
// E2E_PORT and its data folder (the mail outbox) from FLOOW_E2E_DATA_DIR.
const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % workers;
const port = portOf(index);
const baseURL = `http://localhost:${port}`;
process.env.E2E_PORT = String(port);
process.env.FLOOW_E2E_DATA_DIR = dataDirOf(index);

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
  workers,
  webServer: Array.from({ length: workers }, (_, server) => ({
    // The built server as the README's start command runs it (`pnpm start` ends in the API's
    // `start` script, which defaults NODE_ENV to production): API, auth and the built
    // dashboard on one origin.
    command: "npm run --silent --prefix ../api start",
    url: `http://localhost:${portOf(server)}/healthz`,
    reuseExistingServer: false,
    // Two servers start at once, each creating its database: more than a minute on a busy machine.
    timeout: 180_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(portOf(server)),
      DATA_DIR: dataDirOf(server),
      PUBLIC_URL: `http://localhost:${portOf(server)}`,
      // Playwright passes its own environment through; CI sets DATABASE_URL for the
      // database tests, but the journeys run what the README's start command runs: the
      // embedded PostgreSQL, in a fresh folder.
      DATABASE_URL: "",
      BETTER_AUTH_SECRET: "",
      // The journeys serve their own product feeds on 127.0.0.1 (test-only setting).
      FETCH_ALLOW_LOOPBACK: "true",
    },
  })),
});
