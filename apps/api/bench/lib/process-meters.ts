/**
 * What the benchmarks read about a process they did not start in-process (the production
 * server, a PostgreSQL backend): CPU time and memory from Linux's /proc, and `/healthz`
 * latency from a prober process of its own.
 */
import { execSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import pg from "pg";

let ticksPerSecond: number | undefined;
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execSync("getconf CLK_TCK", { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU time of a process so far, in ms (`/proc/<pid>/stat`), if it still runs. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command name (in parentheses, may hold spaces): utime is the 12th field, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond();
  } catch {
    return undefined;
  }
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
    readFileSync(`/proc/${pid}/status`, "utf8"),
  );
  return Number(match?.[1] ?? 0);
}

/**
 * The peak RSS growth of a process from now until `stop()` (MB): the larger of a 20 ms sample and
 * the kernel's peak-RSS mark (VmHWM, reset now through `/proc/<pid>/clear_refs` where allowed).
 */
export function startRssMeter(pid: number): { stop(): number } {
  const baseline = statusKb(pid, "VmRSS");
  let hwmReset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    hwmReset = true;
  } catch {
    // Not allowed: the samples alone.
  }
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, statusKb(pid, "VmRSS"))), 20);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, statusKb(pid, "VmRSS"), hwmReset ? statusKb(pid, "VmHWM") : 0);
      return (peak - baseline) / 1024;
    },
  };
}

/**
 * CPU time of the PostgreSQL server's backends for `database` (same machine) from now until
 * `stop()`: the backends are looked up every 200 ms, as a pool opens them.
 */
export async function startBackendMeter(
  serverUrl: string,
  database: string,
): Promise<{ stop(): Promise<number> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const start = new Map<number, number>();
  const latest = new Map<number, number>();
  const sample = async (first: boolean) => {
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1",
      [database],
    );
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms === undefined) continue;
      if (!start.has(pid)) start.set(pid, first ? ms : 0);
      latest.set(pid, ms);
    }
  };
  await sample(true);
  let sampling: Promise<void> | undefined;
  const timer = setInterval(
    () =>
      void (sampling ??= sample(false)
        .catch(() => undefined)
        .finally(() => (sampling = undefined))),
    200,
  );
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample(false);
      await admin.end();
      let total = 0;
      for (const [pid, ms] of latest) total += ms - (start.get(pid) ?? 0);
      return total;
    },
  };
}

export interface HealthzStats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** A prober process that asks `url` every 10 ms over a keep-alive connection until stopped. */
export async function startHealthProber(url: string): Promise<{ stop(): Promise<HealthzStats> }> {
  const code = `
    const http = require("node:http");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const latencies = [];
    let stopping = false;
    process.stdin.on("end", () => (stopping = true));
    process.stdin.resume();
    const one = () => {
      if (stopping) {
        latencies.sort((a, b) => a - b);
        const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
        console.log(JSON.stringify({ count: latencies.length, p50: q(0.5), p99: q(0.99), max: latencies.at(-1) ?? 0 }));
        process.exit(0);
      }
      const started = process.hrtime.bigint();
      http.get(${JSON.stringify(url)}, { agent }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          setTimeout(one, 10);
        });
      }).on("error", () => setTimeout(one, 10));
    };
    console.log("ready");
    one();
  `;
  const prober = spawn(process.execPath, ["-e", code], { stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  prober.stdout.setEncoding("utf8");
  await new Promise<void>((resolve) =>
    prober.stdout.on("data", (data: string) => {
      output += data;
      if (output.includes("ready")) resolve();
    }),
  );
  return {
    async stop() {
      const exited = new Promise((resolve) => prober.once("exit", resolve));
      prober.stdin.end();
      await exited;
      return JSON.parse(output.trim().split("\n").at(-1)!) as HealthzStats;
    },
  };
}
