/**
 * The API's production build (as `pnpm start` runs `dist/main.js`) in a process of its own on
 * 127.0.0.1, for the benchmarks. `prepareBuild` builds the current source with the package's
 * tsup config into a folder of the benchmarks' own, so a build others start meanwhile (which
 * empties dist/) does not break a benchmark.
 */
import { execFileSync, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { apiStartScript } from "@floow/test-kit/bench";

const here = dirname(fileURLToPath(import.meta.url));
const apiDir = join(here, "../..");
// Under node_modules, so the API's dependencies resolve as they do from dist/.
const copyDir = join(here, "../../node_modules/.cache/floow-bench-server");
const mainJs = join(copyDir, "main.js");

export interface ProductionServer {
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawn until /healthz answered. */
  startMs: number;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Builds the API as `pnpm build` does, into the benchmarks' folder (once per benchmark run). */
export function prepareBuild(): void {
  mkdirSync(copyDir, { recursive: true });
  execFileSync(
    process.execPath,
    [join(apiDir, "node_modules/tsup/dist/cli-default.js"), "--out-dir", copyDir, "--silent"],
    {
      cwd: apiDir,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (!existsSync(mainJs)) throw new Error(`building the API into ${copyDir} failed`);
}

/** Starts the built API on an embedded PGlite in `dataDir` (as `pnpm start` does) and waits until /healthz answers. */
export async function startProductionServer(
  dataDir: string,
  /** More environment; `undefined` leaves out a variable the start script sets. */
  env: Record<string, string | undefined> = {},
  /** Node options instead of the start script's (for a comparison with other settings). */
  nodeOptions?: string[],
): Promise<ProductionServer> {
  if (!existsSync(mainJs)) prepareBuild();
  const port = await freePort();
  const started = performance.now();
  const start = apiStartScript();
  if (nodeOptions) start.nodeOptions = nodeOptions;
  const childEnv: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    ...start.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    // No LOG_LEVEL: `pnpm start`'s default (info), one line per request (http/request-log.ts),
    // written to the child's stdout, which goes nowhere. Until 2026-11-26 the benches ran at
    // warn, leaving out the request log that a production server writes.
    FEED_REFRESH_INTERVAL: "off",
    // Where `pnpm start` finds them (env.ts looks beside dist/, which is elsewhere here).
    DASHBOARD_DIST: join(apiDir, "../dashboard/dist"),
    RUNTIME_DIST: join(apiDir, "../../packages/runtime/dist"),
    ...env,
  };
  for (const [name, value] of Object.entries(childEnv))
    if (value === undefined) delete childEnv[name];
  // BENCH_CPU_PROFILE_DIR=<folder>: the server writes a V8 CPU profile there when it stops
  // (`--cpu-prof` is refused in NODE_OPTIONS), to find where a benchmark's time goes; the
  // profiler's own cost makes that run's figures no result.
  const profile = process.env.BENCH_CPU_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...start.nodeOptions, ...profile, mainJs], {
    env: childEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000)
        throw new Error("the server did not start within 120 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, child, startMs: performance.now() - started, stop };
}
