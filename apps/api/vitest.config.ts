import { withPreset } from "@floow/vitest-config";

export default withPreset({
  // The migrations run once, into the templates every test database copies (test/db.ts).
  test: { globalSetup: ["./test/global-setup.ts"] },
});
