import { defineConfig } from "vitest/config";

/**
 * Checks of the built bundles (size budgets, imports, the script-tag globals), run by
 * `pnpm check` after the build. Not the shared preset: its `include` would add the unit tests.
 */
export default defineConfig({
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
