// `pnpm bench`: every package's benchmarks, one at a time (turbo). `pnpm bench <name>`: only the
// API's benchmarks whose file name contains <name> (apps/api/bench/<name>.bench.ts, e.g.
// `pnpm bench load`), or the runtime's load time with `pnpm bench runtime`.
import { spawnSync } from "node:child_process";

const name = process.argv[2];
const turbo = (...args) => {
  const result = spawnSync("turbo", ["run", "bench", "--concurrency=1", ...args], {
    stdio: "inherit",
  });
  process.exit(result.status ?? 1);
};

if (!name) turbo();
else if ("runtime time-to-visible".includes(name)) turbo("--filter=@floow/runtime");
else turbo("--filter=@floow/api", "--", name);
