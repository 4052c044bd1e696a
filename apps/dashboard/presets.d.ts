// The tooling presets are plain JavaScript without declarations; this types the ones we use.
declare module "@floow/vitest-config" {
  import type { UserConfig } from "vitest/config";
  export const preset: UserConfig;
  export function withPreset(config: UserConfig): UserConfig;
  export default preset;
}

declare module "@floow/playwright-config" {
  import type { PlaywrightTestConfig } from "@playwright/test";
  export const chromiumPath: string;
  export const chromiumLaunchArgs: string[];
  export function definePlaywrightConfig(overrides?: PlaywrightTestConfig): PlaywrightTestConfig;
}
