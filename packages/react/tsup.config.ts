import { defineConfig } from "tsup";

// ESM + types, like @floow/runtime's npm build. React and the runtime stay imports (a peer
// and a dependency). "use client": a Next.js server component may render <Floow> as is.
export default defineConfig({
  entry: { index: "src/index.tsx" },
  format: ["esm"],
  dts: true,
  target: "es2022",
  external: ["react", "@floow/runtime"],
  banner: { js: '"use client";' },
});
