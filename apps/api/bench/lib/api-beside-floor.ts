/**
 * Dashboard calls timed over HTTP against the production server (bench/lib/production-server.ts,
 * every plugin on, TRUST_PROXY=true and each request from another client address in
 * X-Forwarded-For, as requests arrive behind a proxy), beside their floor
 * (bench/lib/query-floor.ts: the same queries in a plain node:http process on the same
 * database), alternating API and floor, ROUNDS rounds. On PGlite only one process can open the
 * data folder, so each side is started for its turn and stopped after it; on the server the same,
 * so both databases are measured the same way.
 */
import { startFloorProcess } from "./floor-process";
import type { FloorProcess } from "./floor-process";
import { startProductionServer } from "./production-server";
import type { BenchDatabase } from "./bench-data";

/** A tRPC query of the dashboard: the procedure and its input. */
export interface BenchCall {
  label: string;
  procedure: string;
  input: unknown;
  /** Reads the answer (API and floor alike); overrides the run's `check`. */
  check?: AnswerCheck;
}

export interface CallFigures {
  label: string;
  side: "API" | "floor";
  round: number;
  /** Milliseconds to the whole answer (body read), and to the answer's head. */
  p50: number;
  p95: number;
  max: number;
  firstByteP95: number;
  bytes: number;
  /** What `check` said of the last answer. */
  checked?: string;
}

/** Reads an answer (the parsed JSON) and says what it holds; throws when it is not the expected one. */
export type AnswerCheck = (body: unknown) => string;

/** A member of a new organization, signed up through better-auth's HTTP endpoint; its session cookie. */
export async function signUpMember(
  base: string,
  name: string,
): Promise<{ cookie: string; organizationId: string }> {
  const origin = { origin: base, "content-type": "application/json" };
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: origin,
    body: JSON.stringify({ email, password: "correct horse battery staple", name }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const created = await fetch(`${base}/trpc/organization.create`, {
    method: "POST",
    headers: { ...origin, cookie },
    body: JSON.stringify({ name: `${name}'s shop` }),
  });
  if (!created.ok)
    throw new Error(`organization.create: ${created.status} ${await created.text()}`);
  const body = (await created.json()) as { result: { data: { id: string } } };
  return { cookie, organizationId: body.result.data.id };
}

/** The floor server on the bench's database, in its own process (bench/lib/floor-process.ts). */
export function startFloor(database: BenchDatabase, organizationId: string): Promise<FloorProcess> {
  return startFloorProcess("query-floor.ts", {
    ...(database.databaseUrl
      ? { DATABASE_URL: database.databaseUrl }
      : { DATA_DIR: database.dataDir }),
    ORGANIZATION_ID: organizationId,
  });
}

let address = 0;
/** The next of 50,000 client addresses (X-Forwarded-For): each request from another one, as behind a proxy. */
export function nextClientAddress(): string {
  address = (address + 1) % 50_000;
  return `198.18.${address >> 8}.${address & 255}`;
}

/** One call: milliseconds to the head and to the end of the body, and the body's size. */
async function timeOne(url: string, cookie: string | undefined) {
  const clientAddress = nextClientAddress();
  const start = performance.now();
  const response = await fetch(url, {
    headers: {
      "accept-encoding": "br, gzip",
      "x-forwarded-for": clientAddress,
      ...(cookie ? { cookie } : {}),
    },
  });
  const head = performance.now() - start;
  const body = await response.arrayBuffer();
  const total = performance.now() - start;
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
  return { head, total, bytes: body.byteLength, body };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function timeCalls(
  side: CallFigures["side"],
  round: number,
  calls: BenchCall[],
  urlOf: (call: BenchCall) => string,
  cookie: string | undefined,
  options: { samples: number; warmup: number; check?: AnswerCheck },
): Promise<CallFigures[]> {
  const figures: CallFigures[] = [];
  for (const call of calls) {
    const url = urlOf(call);
    for (let i = 0; i < options.warmup; i++) await timeOne(url, cookie);
    const totals: number[] = [];
    const heads: number[] = [];
    let bytes = 0;
    let last: ArrayBuffer | undefined;
    for (let i = 0; i < options.samples; i++) {
      const one = await timeOne(url, cookie);
      totals.push(one.total);
      heads.push(one.head);
      bytes = one.bytes;
      last = one.body;
    }
    const check = call.check ?? options.check;
    const checked =
      check && last ? check(JSON.parse(new TextDecoder().decode(last)) as unknown) : undefined;
    totals.sort((a, b) => a - b);
    heads.sort((a, b) => a - b);
    figures.push({
      label: call.label,
      side,
      round,
      p50: quantile(totals, 0.5),
      p95: quantile(totals, 0.95),
      max: totals.at(-1)!,
      firstByteP95: quantile(heads, 0.95),
      bytes,
      checked,
    });
    console.log(
      `round ${round} ${side.padEnd(5)} ${call.label}: p50 ${figures.at(-1)!.p50.toFixed(1)} ms, p95 ${figures.at(-1)!.p95.toFixed(1)} ms, ${bytes.toLocaleString("en")} B${checked ? `; ${checked}` : ""}`,
    );
  }
  return figures;
}

/** ROUNDS rounds of: the API (started for its turn), then the floor; every call SAMPLES times after WARMUP. */
export async function measureBesideFloor(options: {
  database: BenchDatabase;
  organizationId: string;
  cookie: string;
  calls: BenchCall[];
  rounds: number;
  samples: number;
  warmup: number;
  check?: AnswerCheck;
}): Promise<CallFigures[]> {
  const { database, organizationId, cookie, calls, rounds } = options;
  const figures: CallFigures[] = [];
  for (let round = 1; round <= rounds; round++) {
    const server = await startProductionServer(database.dataDir, {
      ...database.env,
      TRUST_PROXY: "true",
    });
    try {
      figures.push(
        ...(await timeCalls(
          "API",
          round,
          calls,
          (call) =>
            `${server.base}/trpc/${call.procedure}?input=${encodeURIComponent(JSON.stringify(call.input))}`,
          cookie,
          options,
        )),
      );
    } finally {
      await server.stop();
    }
    const floor = await startFloor(database, organizationId);
    try {
      figures.push(
        ...(await timeCalls(
          "floor",
          round,
          calls,
          (call) =>
            `${floor.base}/${call.procedure}?input=${encodeURIComponent(JSON.stringify(call.input))}`,
          undefined,
          options,
        )),
      );
    } finally {
      await floor.stop();
    }
  }
  return figures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Per call, the median over the rounds of each side's p50 and p95, and API p95 / floor p95. */
export function summarize(figures: CallFigures[]) {
  const labels = [...new Set(figures.map((f) => f.label))];
  return labels.map((label) => {
    const of = (side: CallFigures["side"]) =>
      figures.filter((f) => f.label === label && f.side === side);
    const api = of("API");
    const floor = of("floor");
    const apiP95 = median(api.map((f) => f.p95));
    const floorP95 = median(floor.map((f) => f.p95));
    return {
      label,
      apiP50: median(api.map((f) => f.p50)),
      apiP95,
      apiFirstByteP95: median(api.map((f) => f.firstByteP95)),
      floorP50: median(floor.map((f) => f.p50)),
      floorP95,
      ratio: floorP95 > 0 ? apiP95 / floorP95 : 0,
      apiBytes: api[0]?.bytes ?? 0,
      floorBytes: floor[0]?.bytes ?? 0,
      apiRoundsP95: api.map((f) => f.p95),
      floorRoundsP95: floor.map((f) => f.p95),
    };
  });
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

/** The table of a summary: one row per call. */
export function renderTable(rows: ReturnType<typeof summarize>, goalMs: number): string {
  return [
    "| call | API p50 / **p95** (rounds' p95) | floor p50 / p95 (rounds' p95) | API / floor p95 | goal p95 ≤ " +
      goalMs +
      " ms |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.label} | ${ms(r.apiP50)} / **${ms(r.apiP95)}** ms (${r.apiRoundsP95.map(ms).join(", ")}) | ${ms(r.floorP50)} / ${ms(r.floorP95)} ms (${r.floorRoundsP95.map(ms).join(", ")}) | ${r.ratio.toFixed(2)} | ${r.apiP95 <= goalMs ? "met" : "NOT met"} |`,
    ),
  ].join("\n");
}
