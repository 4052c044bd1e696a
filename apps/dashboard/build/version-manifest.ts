/**
 * The build manifest the dashboard polls to notice a new version (spec: "the application
 * polls a build manifest"): every build gets an id, compiled into the app as
 * `__FLOOW_BUILD__` and written to `dist/version.json` ({ build, builtAt }), which the
 * server sends with `cache-control: no-cache`. `vite dev` answers /version.json itself.
 */
import type { Plugin } from "vite";

export function versionManifest(): Plugin {
  const builtAt = new Date().toISOString();
  const build = `${builtAt.replace(/\D/g, "").slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`;
  const manifest = JSON.stringify({ build, builtAt });
  return {
    name: "floow-version-manifest",
    config: () => ({ define: { __FLOOW_BUILD__: JSON.stringify(build) } }),
    configureServer(server) {
      server.middlewares.use("/version.json", (_request, response) => {
        response.setHeader("content-type", "application/json");
        response.setHeader("cache-control", "no-cache");
        response.end(manifest);
      });
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "version.json", source: manifest });
    },
  };
}
