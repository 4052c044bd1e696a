import { withPreset } from "@floow/vitest-config";

export default withPreset({ test: { environment: "happy-dom" } });
