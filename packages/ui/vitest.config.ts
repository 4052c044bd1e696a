import { withPreset } from "@floow/vitest-config";
import react from "@vitejs/plugin-react";

export default withPreset({
  plugins: [react()],
  test: { environment: "happy-dom", setupFiles: ["./vitest.setup.ts"] },
});
