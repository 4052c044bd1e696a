import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { withPreset } from "@floow/vitest-config";
import { playwright } from "@vitest/browser-playwright";
import react from "@vitejs/plugin-react";

export default withPreset({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "happy-dom",
          setupFiles: ["./vitest.setup.ts"],
          // The foundations read the stylesheets as text (`?raw`); Vitest empties CSS otherwise.
          css: { include: [/\.css/] },
        },
      },
      {
        // Every story rendered in Chromium and checked with axe (the a11y addon's
        // `parameters.a11y.test: "error"` in .storybook/preview.tsx fails it on a violation).
        extends: true,
        plugins: [
          storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) }),
        ],
        test: {
          name: "storybook",
          browser: {
            enabled: true,
            headless: true,
            // Debian's Chromium (never a downloaded browser); root in a container needs --no-sandbox.
            provider: playwright({
              launchOptions: {
                // The same browser as the e2e preset (tooling/playwright): CHROMIUM_PATH or Debian's.
                executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
                args: ["--no-sandbox"],
              },
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});
