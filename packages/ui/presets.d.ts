// The tooling presets are plain JavaScript without declarations; this types the one we use.
declare module "@floow/vitest-config" {
  import type { UserConfig } from "vitest/config";
  export const preset: UserConfig;
  export function withPreset(config: UserConfig): UserConfig;
  export default preset;
}
