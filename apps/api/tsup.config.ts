import { defineConfig } from "tsup";

// The API ships as one ESM bundle; workspace packages (TypeScript source) are bundled in,
// npm dependencies stay external and load from node_modules.
export default defineConfig({
  entry: { main: "src/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  sourcemap: true,
  clean: true,
  noExternal: [/^@floow\//],
});
