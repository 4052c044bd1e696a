import { withPreset } from "@floow/vitest-config";

export default withPreset({});
