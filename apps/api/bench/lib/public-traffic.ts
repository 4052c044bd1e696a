/**
 * Shoppers' traffic on the public endpoints at LOAD_FACTOR × the stated PEAK (the load test's
 * mix, docs/benchmarks.md "Load test"): `GET /api/public/domains/:id/floows`, `POST
 * /api/public/results` (one of the floow's selections at random) and `POST /api/public/events`
 * (three new events of a new session), each at a fixed rate, together, each request from one of
 * VISITORS client addresses (X-Forwarded-For; the server needs TRUST_PROXY=true). Used by the
 * load test and by the memory benchmark's "after traffic" run.
 *
 * The same `seed` gives the same requests: per endpoint the same addresses in the same order,
 * the same selections, the same event and session ids (only `createdAt` is the clock's), so
 * the load test's API and floor turns of a round get the same traffic. `capturePublicAnswers`
 * keeps the API's answers to the GET and every selection for the load test's floor.
 */
import autocannon from "autocannon";
import type { Request as LoadRequest } from "autocannon";
import { rng } from "./catalog";
import { captureAnswer } from "./floor-answers";
import type { Answer } from "./floor-answers";
import type { SellingData } from "./selling-data";

/** Requests per second at the stated peak (see the load test's section for why these rates). */
export const PEAK = { floows: 50, results: 100, events: 100 } as const;
export const LOAD_FACTOR = 3;
export const VISITORS = 5_000;

export type Endpoint = keyof typeof PEAK;

export interface Figures {
  endpoint: Endpoint;
  rate: number;
  /** Seconds from the first request to the last answer. */
  seconds: number;
  requests: number;
  ok: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const browser = {
  "accept-encoding": "gzip, deflate, br, zstd",
  "content-type": "text/plain;charset=UTF-8",
};

/** One results call, so the feed's results index is built before the traffic starts. */
export async function warmPublicTraffic(base: string, seeded: SellingData): Promise<void> {
  await fetch(`${base}/api/public/results`, {
    method: "POST",
    headers: browser,
    body: JSON.stringify({ floowId: seeded.floowId, choiceIds: seeded.selections[0] }),
  }).then((response) => response.arrayBuffer());
}

/** The floows GET's path (the floor's key for its answer). */
const floowsPath = (seeded: SellingData) => `/api/public/domains/${seeded.domainId}/floows`;

/** Every selection the traffic can ask for: one choice per question. */
function everySelection(steps: string[][]): string[][] {
  return steps.reduce<string[][]>(
    (all, choices) => all.flatMap((selection) => choices.map((id) => [...selection, id])),
    [[]],
  );
}

/**
 * The API's answers to the floows GET (keyed by its path) and to every selection's results
 * call (keyed by the choice ids joined by commas), raw, as a browser asked for them.
 */
export async function capturePublicAnswers(base: string, seeded: SellingData): Promise<Answer[]> {
  const answers = [
    await captureAnswer(floowsPath(seeded), `${base}${floowsPath(seeded)}`, {
      method: "GET",
      headers: { "accept-encoding": browser["accept-encoding"] },
    }),
  ];
  for (const choiceIds of everySelection(seeded.steps))
    answers.push(
      await captureAnswer(choiceIds.join(","), `${base}/api/public/results`, {
        method: "POST",
        headers: browser,
        body: JSON.stringify({ floowId: seeded.floowId, choiceIds }),
      }),
    );
  return answers;
}

/** A UUID (v4 in form) out of a seeded generator. */
function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(random() * 4)]!;
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The three endpoints at their rates for `durationSeconds`; figures per endpoint. The same
 * `seed` sends the same requests (see the top).
 */
export function runPublicTraffic(
  base: string,
  seeded: SellingData,
  durationSeconds: number,
  seed = 7,
): Promise<Figures[]> {
  // Per endpoint its own generator and address sequence, so what one endpoint sends does not
  // hang on how its requests interleave with the others'.
  const sequence = (offset: number) => {
    const random = rng(seed * 3 + offset);
    let visitor = 0;
    return {
      random,
      nextAddress() {
        visitor = (visitor + 1) % VISITORS;
        return `198.18.${visitor >> 8}.${visitor & 255}`;
      },
    };
  };
  const sequences: Record<Endpoint, ReturnType<typeof sequence>> = {
    floows: sequence(0),
    results: sequence(1),
    events: sequence(2),
  };
  const selection = () => {
    const { random } = sequences.results;
    return seeded.steps.map((choices) => choices[Math.floor(random() * choices.length)]!);
  };
  const event = (sessionId: string, type: string) => ({
    event: "floows",
    v: 1,
    id: seededUuid(sequences.events.random),
    organizationId: seeded.orgId,
    domainId: seeded.domainId,
    floowId: seeded.floowId,
    sessionId,
    createdAt: new Date().toISOString(),
    type,
  });

  const endpoints: Record<Endpoint, LoadRequest> = {
    floows: {
      method: "GET",
      path: floowsPath(seeded),
      headers: { "accept-encoding": browser["accept-encoding"] },
    },
    results: { method: "POST", path: "/api/public/results", headers: browser },
    events: { method: "POST", path: "/api/public/events", headers: browser },
  };
  const bodies: Record<Endpoint, () => string | undefined> = {
    floows: () => undefined,
    results: () => JSON.stringify({ floowId: seeded.floowId, choiceIds: selection() }),
    events: () => {
      const sessionId = seededUuid(sequences.events.random);
      return JSON.stringify({
        events: [event(sessionId, "mount"), event(sessionId, "start"), event(sessionId, "choice")],
      });
    },
  };

  const run = (endpoint: Endpoint) =>
    new Promise<Figures>((resolve, reject) => {
      const rate = PEAK[endpoint] * LOAD_FACTOR;
      const latencies: number[] = [];
      let ok = 0;
      const started = performance.now();
      const instance = autocannon(
        {
          url: base,
          connections: Math.max(8, Math.ceil(rate / 10)),
          overallRate: rate,
          duration: durationSeconds,
          timeout: 10,
          requests: [
            {
              ...endpoints[endpoint],
              setupRequest: (request) => {
                const body = bodies[endpoint]();
                return {
                  ...request,
                  ...(body !== undefined && { body }),
                  headers: {
                    ...request.headers,
                    "x-forwarded-for": sequences[endpoint].nextAddress(),
                  },
                };
              },
            },
          ],
        },
        (error, result) => {
          if (error) return reject(error);
          latencies.sort((a, b) => a - b);
          const requests = result.requests.total;
          resolve({
            endpoint,
            rate,
            seconds: (performance.now() - started) / 1000,
            requests,
            ok,
            errors: requests - ok + result.errors + result.timeouts,
            p50: Math.round(percentile(latencies, 50)),
            p95: Math.round(percentile(latencies, 95)),
            p99: Math.round(percentile(latencies, 99)),
            max: Math.round(latencies.at(-1) ?? 0),
          });
        },
      );
      instance.on("response", (_client, statusCode, _bytes, responseTime) => {
        latencies.push(responseTime);
        if (statusCode >= 200 && statusCode < 300) ok++;
      });
    });
  return Promise.all((Object.keys(PEAK) as Endpoint[]).map(run));
}
