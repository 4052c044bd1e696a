import { defineConfig, mergeConfig } from "vitest/config";

/**
 * The shared Vitest preset. Tests sit beside the code as *.test.ts(x).
 * Packages merge their own options in: `mergeConfig(preset, defineConfig({...}))`.
 */
export const preset = defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "**/dist/**", "e2e/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});

export function withPreset(config) {
  return mergeConfig(preset, defineConfig(config));
}

export default preset;
