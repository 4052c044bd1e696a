import { withPreset } from "@floow/vitest-config";

export default withPreset({
  test: {
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      exclude: ["src/**/*.test.ts", "src/test/**"],
      // json-summary: scripts/test-all.sh prints the figure, since the turbo run hides passing logs.
      reporter: ["text-summary", "text", "json-summary"],
      thresholds: { lines: 95 },
    },
  },
});
