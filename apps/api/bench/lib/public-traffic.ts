/**
 * Shoppers' traffic on the public endpoints at LOAD_FACTOR × the stated PEAK (the load test's
 * mix, docs/benchmarks.md "Load test"): `GET /api/public/domains/:id/floows`, `POST
 * /api/public/results` (one of the floow's selections at random) and `POST /api/public/events`
 * (three new events of a new session), each at a fixed rate, together, each request from one of
 * VISITORS client addresses (X-Forwarded-For; the server needs TRUST_PROXY=true). Used by the
 * load test and by the memory benchmark's "after traffic" run.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import type { Request as LoadRequest } from "autocannon";
import { rng } from "./catalog";
import type { SellingData } from "./selling-data";

/** Requests per second at the stated peak (see the load test's section for why these rates). */
export const PEAK = { floows: 50, results: 100, events: 100 } as const;
export const LOAD_FACTOR = 3;
export const VISITORS = 5_000;

export type Endpoint = keyof typeof PEAK;

export interface Figures {
  endpoint: Endpoint;
  rate: number;
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

/** The three endpoints at their rates for `durationSeconds`; figures per endpoint. */
export function runPublicTraffic(
  base: string,
  seeded: SellingData,
  durationSeconds: number,
): Promise<Figures[]> {
  const random = rng(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  let visitor = 0;
  const nextAddress = () => {
    visitor = (visitor + 1) % VISITORS;
    return `198.18.${visitor >> 8}.${visitor & 255}`;
  };
  const selection = () => seeded.steps.map((choices) => pick(choices));
  const event = (sessionId: string, type: string) => ({
    event: "floows",
    v: 1,
    id: randomUUID(),
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
      path: `/api/public/domains/${seeded.domainId}/floows`,
      headers: { "accept-encoding": browser["accept-encoding"] },
    },
    results: { method: "POST", path: "/api/public/results", headers: browser },
    events: { method: "POST", path: "/api/public/events", headers: browser },
  };
  const bodies: Record<Endpoint, () => string | undefined> = {
    floows: () => undefined,
    results: () => JSON.stringify({ floowId: seeded.floowId, choiceIds: selection() }),
    events: () => {
      const sessionId = randomUUID();
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
                  headers: { ...request.headers, "x-forwarded-for": nextAddress() },
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
