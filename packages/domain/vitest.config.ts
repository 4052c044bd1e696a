import { withPreset } from "@floow/vitest-config";

export default withPreset({
  test: {
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      exclude: ["src/**/*.test.ts", "src/test/**"],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 95 },
    },
  },
});
