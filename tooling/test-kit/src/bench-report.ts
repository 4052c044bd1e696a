/**
 * `@floow/test-kit/bench`: what every benchmark (`apps/api/bench/*.bench.ts`,
 * `packages/runtime/bench/time-to-visible.ts`) needs to write its report: its own section of
 * docs/benchmarks.md, the machine's load average, and a shell command's answer for the
 * machine lines (`nproc`, `free -h`, `uname -sr`); and the API's start script's settings, so
 * each starts the server as `pnpm start` does.
 */
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

/**
 * The environment and Node options of the API's `start` script (apps/api/package.json:
 * `VAR=${VAR:-default} … node <options> dist/main.js`), so the benchmarks run the server as
 * `pnpm start` does: the allocator and V8 settings there change its memory and speed.
 */
export function apiStartScript(): { env: Record<string, string>; nodeOptions: string[] } {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL("../../../apps/api/package.json", import.meta.url)), "utf8"),
  ) as { scripts: { start: string } };
  const words = manifest.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let index = 0;
  for (; index < words.length; index++) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(words[index]!);
    if (!assignment) break;
    // `${NAME:-default}`: the default (the benchmarks set what they need themselves).
    env[assignment[1]!] = assignment[2]!.replace(/^\$\{[A-Za-z0-9_]+:-(.*)\}$/, "$1");
  }
  const main = words.indexOf("dist/main.js");
  if (words[index] !== "node" || main === -1)
    throw new Error(`unexpected start script: ${manifest.scripts.start}`);
  return { env, nodeOptions: words.slice(index + 1, main) };
}

/** The start script's settings as a report lists them: `` `NODE_ENV=production`, `--v8-pool-size=1` ``. */
export function apiStartSettings(): string {
  const start = apiStartScript();
  return [
    ...Object.entries(start.env).map(([name, value]) => `\`${name}=${value}\``),
    ...start.nodeOptions.map((option) => `\`${option}\``),
  ].join(", ");
}

/** docs/benchmarks.md at the repository's root. */
export const BENCHMARKS_FILE = fileURLToPath(
  new URL("../../../docs/benchmarks.md", import.meta.url),
);

/**
 * Replaces the section of docs/benchmarks.md that starts with the line `heading` (`## Load
 * test`) up to the next `## ` heading with `section`, leaving the others alone; a section not
 * there yet goes at the end.
 */
export function writeBenchmarkSection(heading: string, section: string, file = BENCHMARKS_FILE) {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const found = current.startsWith(heading) ? 0 : current.indexOf(`\n${heading}`);
  let next: string;
  if (found === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const start = current.startsWith(heading) ? 0 : found + 1;
    const after = current.indexOf("\n## ", start + 1);
    next =
      current.slice(0, start) + section + (after === -1 ? "" : `\n${current.slice(after + 1)}`);
  }
  writeFileSync(file, `${next.trimEnd()}\n`);
}

/** The load average over 1, 5 and 15 minutes, as `0.52, 0.61, 0.70`. */
export function loadAverage(values: number[] = loadavg()): string {
  return values.map((value) => value.toFixed(2)).join(", ");
}

/** A shell command's output, trimmed, or `fallback` when it fails. */
export function sh(command: string, fallback = "n/a"): string {
  try {
    return execSync(command, { encoding: "utf8" }).trim();
  } catch {
    return fallback;
  }
}
