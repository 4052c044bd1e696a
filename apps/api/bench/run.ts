/**
 * `pnpm bench`: runs every `bench/*.bench.ts` in its own process, one after another (a
 * fresh process per benchmark keeps memory figures clean). Each writes its own section
 * of docs/benchmarks.md. `pnpm bench feed` runs only the files whose name contains "feed".
 * `BENCH_CPU_PROFILE_DIR=/tmp/prof pnpm bench ingest`: every production server a benchmark
 * starts writes a V8 CPU profile into that folder when it stops (open it in Chrome's DevTools);
 * the profiler's own cost makes that run's figures no result.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here)
  .filter((name) => name.endsWith(".bench.ts") && (!filter || name.includes(filter)))
  .sort();

let failed = false;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", join(here, file)], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
