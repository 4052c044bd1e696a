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
    // One module graph per worker, not per file: every file imports the whole app (Fastify,
    // tRPC, Kysely, zod schemas), and importing it afresh for each of 85 files was half the
    // suite's CPU (import 91 s of 203 s on PGlite alone; 10 s without). The files share no
    // state through modules: each builds its own server, database, ports and folders.
    isolate: false,
  },
});
