import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { versionManifest } from "./build/version-manifest";

const api = "http://localhost:3001";

export default defineConfig({
  plugins: [
    // Must come before the React plugin: it generates src/routeTree.gen.ts and splits routes.
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    versionManifest(),
  ],
  server: {
    port: 3000,
    strictPort: true,
    // Same origin in development as in production, so the session cookie just works.
    proxy: Object.fromEntries(
      ["/api", "/trpc", "/blobs", "/embed.js", "/runtime"].map((path) => [path, { target: api }]),
    ),
  },
  build: {
    rolldownOptions: {
      onwarn(warning, warn) {
        // Radix marks its modules "use client"; that means nothing in a client-only app.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
});
