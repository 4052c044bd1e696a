/**
 * Load test of the public endpoints (issue 13): `pnpm bench load` in apps/api (or at the root).
 *
 * The production build (built from the current source by the bench, as `pnpm build` builds it) on an embedded PGlite in a fresh data
 * folder, seeded with a live selling floow of five questions on a 10,000-product feed. Three
 * autocannon instances in this process, at fixed rates, together for DURATION_SECONDS, all on
 * 127.0.0.1:
 *
 * - `GET /api/public/domains/:id/floows` (the embed loader on every page view),
 * - `POST /api/public/results` (a selection out of the floow's 120, so answers are computed
 *   and kept as visitors would make them),
 * - `POST /api/public/events` (a batch of three new events each, stored).
 *
 * At LOAD_FACTOR × the stated PEAK (see `render` for why these rates). Each request comes from
 * one of VISITORS addresses (`X-Forwarded-For`, the server has TRUST_PROXY on), so the per-address
 * rate limits act as they would for real visitors. Bounded: fixed rates and duration, every
 * request has a timeout, the server is stopped at the end.
 *
 * Thresholds: errors (non-2xx, failed or timed-out requests) < 0.1 % and p95 latency < 150 ms
 * per endpoint; the exit code is 1 when one is missed. Writes the "Load test" section of
 * docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { loadAverage, sh, writeBenchmarkSection } from "@floow/test-kit/bench";
import { createDb } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { prepareBuild, startProductionServer } from "./lib/production-server";
import {
  LOAD_FACTOR,
  PEAK,
  runPublicTraffic,
  VISITORS,
  warmPublicTraffic,
} from "./lib/public-traffic";
import type { Figures } from "./lib/public-traffic";
import { seedSellingFloow } from "./lib/selling-data";

const DURATION_SECONDS = Number(process.env.LOAD_DURATION_SECONDS ?? 60);
const PRODUCTS = 10_000;
const THRESHOLDS = { errorRate: 0.001, p95Ms: 150 };

async function main(): Promise<void> {
  prepareBuild();
  const loadBefore = loadAverage();
  const dataDir = mkdtempSync(join(tmpdir(), "floow-load-bench-"));
  try {
    const seeded = await seedSellingFloow(async () => {
      const handle = await createDb({ dataDir });
      await migrateToLatest(handle.db);
      return handle;
    }, PRODUCTS);
    const server = await startProductionServer(dataDir, { TRUST_PROXY: "true" });
    try {
      // Warm-up: the feed's results index is built at the first results call.
      await warmPublicTraffic(server.base, seeded);
      const loadDuring = loadAverage();
      const figures = await runPublicTraffic(server.base, seeded, DURATION_SECONDS);
      for (const figure of figures) console.log(figure);
      const loadAfter = loadAverage();
      writeBenchmarkSection("## Load test", render(figures, [loadBefore, loadDuring, loadAfter]));
      const missed = figures.filter(
        (f) =>
          f.errors / Math.max(1, f.requests) >= THRESHOLDS.errorRate || f.p95 >= THRESHOLDS.p95Ms,
      );
      if (missed.length > 0) {
        console.error(`thresholds missed: ${missed.map((f) => f.endpoint).join(", ")}`);
        process.exitCode = 1;
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function render(figures: Figures[], load: [string, string, string]): string {
  const pct = (f: Figures) => `${((100 * f.errors) / Math.max(1, f.requests)).toFixed(3)} %`;
  const met = (f: Figures) =>
    f.errors / Math.max(1, f.requests) < THRESHOLDS.errorRate && f.p95 < THRESHOLDS.p95Ms;
  const rows = figures
    .map(
      (f) =>
        `| ${f.endpoint} | ${f.rate} | ${Math.round(f.requests / DURATION_SECONDS)} | ${f.requests.toLocaleString("en")} | ${f.errors} (${pct(f)}) | ${f.p50} ms | **${f.p95} ms** | ${f.p99} ms | ${f.max} ms | ${met(f) ? "met" : "**NOT met**"} |`,
    )
    .join("\n");
  return `## Load test

Measured by \`apps/api/bench/load.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: \`pnpm bench load\` (at the root, or in apps/api; the bench builds the
API from the current source first).

**The stated peak**, for one API process: ${PEAK.floows} page views per second that show a floow (180,000 an
hour, a large merchant's sale day or many merchants together), each asking once for the
domain's floows (\`GET /api/public/domains/:id/floows\`, ${PEAK.floows}/s; browsers then reuse it for a minute),
with about two results calls (\`POST /api/public/results\`, ${PEAK.results}/s) and two event batches
(\`POST /api/public/events\`, ${PEAK.events}/s) per view. **The test runs at ${LOAD_FACTOR}× that peak for ${DURATION_SECONDS} s**: the three
endpoints at the same time, each at a fixed rate (autocannon's \`overallRate\`), on 127.0.0.1.

The server is the production build (\`node dist/main.js\` with compression, security headers,
rate limits) on an embedded PGlite, seeded with a live selling floow of five questions on a
${PRODUCTS.toLocaleString("en")}-product feed. Requests carry a browser's \`Accept-Encoding\`; each comes from one of
${VISITORS.toLocaleString("en")} visitor addresses (\`X-Forwarded-For\`, \`TRUST_PROXY=true\`), so the per-address rate limits
apply as for real visitors. A results call asks for one of the floow's 120 selections at random
(answers are computed at first and then kept); an event batch holds three new events (mount,
start, choice) of a new session, all stored. Latency is measured per response by the load
generator, which shares the two CPUs with the server.

"Served" below the rate asked means the server (or the load generator beside it) could not
keep up, and the latencies then include the queueing. Thresholds per endpoint: errors (non-2xx answers, failed or timed-out requests) < ${THRESHOLDS.errorRate * 100} %,
p95 latency < ${THRESHOLDS.p95Ms} ms.

| Endpoint | Rate asked (req/s) | Served (req/s) | Requests | Errors | p50 | p95 | p99 | max | Thresholds |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---|
${rows}

Machine: ${sh("nproc")} CPUs (${cpus()[0]?.model ?? "unknown"}), ${sh("free -h | awk '/^Mem:/ {print $2}'")} memory, Node ${process.version}. Load average
(1, 5, 15 min) before seeding: ${load[0]}; when the load started: ${load[1]}; at the end: ${load[2]}. The
machine was shared with other agents building and testing at the same time, so these figures
are worse than on a quiet machine.
`;
}

await main();
