import { defineConfig, devices } from "@playwright/test";

/**
 * Shared Playwright preset. Browsers are never downloaded: tests run in Debian's
 * Chromium (`apt-get install chromium`), headless and without the sandbox (we run as root).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumLaunchArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function definePlaywrightConfig(overrides = {}) {
  return defineConfig({
    testDir: "./e2e",
    timeout: 60_000,
    expect: { timeout: 10_000 },
    fullyParallel: false,
    workers: 1,
    retries: process.env.CI ? 1 : 0,
    reporter: process.env.CI ? [["list"]] : [["list"]],
    use: {
      ...devices["Desktop Chrome"],
      headless: true,
      // A failed journey keeps its trace: actions, network, console and DOM snapshots, without
      // the screencast. Its screenshots cost a fifth of the e2e phase's CPU on 2 cores (27 Nov:
      // Chromium's GPU and browser processes and the workers encoding and taking frames of every
      // journey, passing ones included), and the snapshots show the same pages.
      trace: { mode: "retain-on-failure", screenshots: false },
      launchOptions: { executablePath: chromiumPath, args: chromiumLaunchArgs },
    },
    ...overrides,
  });
}
