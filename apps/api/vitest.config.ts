import { availableParallelism } from "node:os";
import { withPreset } from "@floow/vitest-config";

export default withPreset({
  test: {
    // The migrations run once, into the templates every test database copies (test/db.ts).
    globalSetup: ["./test/global-setup.ts"],
    // Test files are independent (each database, port and folder is their own), and a worker
    // waits on PostgreSQL, child processes and timers about a third of the time: two workers
    // even on two cores (Vitest's default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
