import { withPreset } from "@floow/vitest-config";
import pkg from "./package.json" with { type: "json" };

export default withPreset({
  define: { __VERSION__: JSON.stringify(pkg.version), __SCRIPT_TAG__: "false" },
  test: {
    environment: "happy-dom",
    // Font stylesheets and scripts the runtime adds are not fetched, and count as loaded.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    setupFiles: ["src/test/setup.ts"],
    // test/ holds the checks of the built bundles, which `pnpm check` runs after the build.
    exclude: ["test/**"],
  },
});
