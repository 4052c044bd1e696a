/**
 * Memory of the embedded server at idle (issue 13): the production build (built from
 * the current source, as `pnpm build` builds it) started as `pnpm start` starts it, on
 * an embedded PGlite in a fresh data folder, then restarted on the same folder (and once more
 * without the start script's allocator setting, for comparison). Each time it answers a few
 * requests (health, readiness, a public floows lookup) and is left idle for IDLE_SECONDS; its
 * resident memory (VmRSS from /proc) is read then, with the peak (VmHWM).
 * Loopback only; each server is stopped with SIGTERM at the end of its run.
 *
 * Writes the "Embedded server memory" section of docs/benchmarks.md. Target: idle RSS ≤ 250 MB.
 * Run with `pnpm bench memory` in apps/api.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { apiStartSettings, loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createDb } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { prepareBuild, startProductionServer } from "./lib/production-server";
import { LOAD_FACTOR, runPublicTraffic, warmPublicTraffic } from "./lib/public-traffic";
import { seedSellingFloow } from "./lib/selling-data";

const TARGET_MB = 250;
const IDLE_SECONDS = 10;
/** Issue 22: ≤ 300 MB five minutes after ten minutes of the load test's traffic. */
const AFTER_TRAFFIC_TARGET_MB = 300;
const TRAFFIC_SECONDS = Number(process.env.MEMORY_TRAFFIC_SECONDS ?? 600);
const AFTER_IDLE_SECONDS = Number(process.env.MEMORY_IDLE_SECONDS ?? 300);
const TRAFFIC_PRODUCTS = 10_000;

interface AfterTraffic {
  startedMb: number;
  endOfTrafficMb: number;
  afterIdleMb: number;
  peakMb: number;
  requests: number;
  errors: number;
}

interface Run {
  label: string;
  startMs: number;
  idleMb: number;
  /** Of the idle RSS: anonymous memory (the process's own) and file-backed (the node binary, shared with other processes). */
  anonMb: number;
  fileMb: number;
  peakMb: number;
  /** Judged against the target (the comparison run without the allocator setting is not). */
  judged: boolean;
}

function statusMb(pid: number, field: "VmRSS" | "VmHWM" | "RssAnon" | "RssFile"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Math.round(Number(line?.replace(/\D+/g, "") ?? 0) / 1024);
}

async function measure(
  label: string,
  dataDir: string,
  env: Record<string, string | undefined> = {},
  judged = true,
  nodeOptions?: string[],
): Promise<Run> {
  const server = await startProductionServer(dataDir, env, nodeOptions);
  try {
    for (const path of [
      "/healthz",
      "/readyz",
      "/api/public/domains/none/floows",
      "/api/public/floows/none",
    ]) {
      await fetch(`${server.base}${path}`).then((response) => response.arrayBuffer());
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const pid = server.child.pid as number;
    const run = {
      label,
      startMs: server.startMs,
      idleMb: statusMb(pid, "VmRSS"),
      anonMb: statusMb(pid, "RssAnon"),
      fileMb: statusMb(pid, "RssFile"),
      peakMb: statusMb(pid, "VmHWM"),
      judged,
    };
    console.log(run);
    return run;
  } finally {
    await server.stop();
  }
}

/**
 * A server with a live floow on a 10,000-product feed: its RSS right after start (and a few
 * requests), at the end of TRAFFIC_SECONDS of the load test's traffic, and AFTER_IDLE_SECONDS later.
 */
async function measureAfterTraffic(): Promise<AfterTraffic> {
  const dataDir = mkdtempSync(join(tmpdir(), "floow-memory-traffic-"));
  try {
    const seeded = await seedSellingFloow(async () => {
      const handle = await createDb({ dataDir });
      await migrateToLatest(handle.db);
      return handle;
    }, TRAFFIC_PRODUCTS);
    const server = await startProductionServer(dataDir, { TRUST_PROXY: "true" });
    try {
      const pid = server.child.pid as number;
      await warmPublicTraffic(server.base, seeded);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const startedMb = statusMb(pid, "VmRSS");
      const figures = await runPublicTraffic(server.base, seeded, TRAFFIC_SECONDS);
      const endOfTrafficMb = statusMb(pid, "VmRSS");
      await new Promise((resolve) => setTimeout(resolve, AFTER_IDLE_SECONDS * 1000));
      const result = {
        startedMb,
        endOfTrafficMb,
        afterIdleMb: statusMb(pid, "VmRSS"),
        peakMb: statusMb(pid, "VmHWM"),
        requests: figures.reduce((sum, f) => sum + f.requests, 0),
        errors: figures.reduce((sum, f) => sum + f.errors, 0),
      };
      console.log(result);
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function render(runs: Run[], traffic: AfterTraffic | null, load: [string, string]): string {
  const rows = runs
    .map(
      (run) =>
        `| ${run.label} | ${(run.startMs / 1000).toFixed(1)} s | ${run.judged ? `**${run.idleMb} MB**` : `${run.idleMb} MB`} | ${run.anonMb} MB | ${run.fileMb} MB | ${run.peakMb} MB |`,
    )
    .join("\n");
  const met = runs.filter((run) => run.judged).every((run) => run.idleMb <= TARGET_MB);
  const settings = apiStartSettings();
  return `## Embedded server memory

Measured by \`apps/api/bench/memory.bench.ts\` on ${new Date().toISOString().slice(0, 10)}.

The production build (\`node dist/main.js\`, as \`pnpm start\` runs it: ${settings}) on an embedded PGlite:
first in a fresh data folder (the database is created: initdb, then the migrations), then
restarted on the same folder. Each time it answers a few requests (health, readiness, public
floows lookups) and then idles ${IDLE_SECONDS} s; the resident memory (VmRSS) is read then, split into
anonymous memory (the process's own) and file-backed pages (mostly the node binary, shared
with every other Node process), with the peak (VmHWM) since start. The last run, not judged,
is the restarted server without the start script's memory settings (no \`MALLOC_MMAP_THRESHOLD_\`,
V8's default of four worker threads), for comparison.

| Run | Ready after | Idle RSS | anonymous | file-backed | Peak RSS |
|---|---:|---:|---:|---:|---:|
${rows}

Target: idle RSS ≤ ${TARGET_MB} MB: **${met ? "met" : "NOT met"}**. Where the memory goes and what is set:
[docs/architecture.md](architecture.md#embedded-database-memory).
${
  traffic
    ? `
**After traffic** (issue 22): a server started the same way on a data folder with a live selling
floow on a ${TRAFFIC_PRODUCTS.toLocaleString("en")}-product feed, its results index built by a first call, then idle ${IDLE_SECONDS} s:
**${traffic.startedMb} MB** (goal ≤ ${TARGET_MB} MB: **${traffic.startedMb <= TARGET_MB ? "met" : "NOT met"}**). Then ${TRAFFIC_SECONDS} s of the load test's traffic
(${LOAD_FACTOR}× the stated peak, the three public endpoints together, ${traffic.requests.toLocaleString("en")} requests, ${traffic.errors} errors; docs/benchmarks.md
"Load test"): ${traffic.endOfTrafficMb} MB at its end; then ${AFTER_IDLE_SECONDS} s idle: **${traffic.afterIdleMb} MB** (goal ≤ ${AFTER_TRAFFIC_TARGET_MB} MB:
**${traffic.afterIdleMb <= AFTER_TRAFFIC_TARGET_MB ? "met" : "NOT met"}**); peak ${traffic.peakMb} MB. What each cache holds at most: [docs/architecture.md](architecture.md#caches).
${TRAFFIC_SECONDS < 600 || AFTER_IDLE_SECONDS < 300 ? `\nShorter than the issue's ten minutes of traffic and five of idle (MEMORY_TRAFFIC_SECONDS=${TRAFFIC_SECONDS}, MEMORY_IDLE_SECONDS=${AFTER_IDLE_SECONDS}).\n` : ""}`
    : ""
}
Machine: ${sh("nproc")} CPUs (${cpus()[0]?.model ?? "unknown"}), ${sh("free -h | awk '/^Mem:/ {print $2}'")} memory, Node ${process.version};
load average (1, 5, 15 min) before: ${load[0]}, after: ${load[1]}. Command: \`pnpm bench memory\` in apps/api
(it builds the API from the current source first).
`;
}

async function main(): Promise<void> {
  prepareBuild();
  const before = loadAverage();
  const dataDir = mkdtempSync(join(tmpdir(), "floow-memory-bench-"));
  try {
    const runs = [
      await measure("fresh data folder (created, migrated)", dataDir),
      await measure("restarted on the same folder", dataDir),
      await measure(
        "restarted, with glibc's and V8's defaults (for comparison)",
        dataDir,
        { MALLOC_MMAP_THRESHOLD_: undefined },
        false,
        ["--enable-source-maps"],
      ),
    ];
    const traffic = TRAFFIC_SECONDS > 0 ? await measureAfterTraffic() : null;
    if (process.argv.includes("--no-write")) return;
    writeBenchmarkSection(
      "## Embedded server memory",
      render(runs, traffic, [before, loadAverage()]),
    );
    const worst = Math.max(...runs.filter((run) => run.judged).map((run) => run.idleMb));
    if (worst > TARGET_MB) {
      console.error(`idle RSS ${worst} MB is over the ${TARGET_MB} MB target`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
