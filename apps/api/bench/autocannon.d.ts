// autocannon ships no types; this declares the part the benchmarks use.
declare module "autocannon" {
  interface Request {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send: return the request to send (e.g. with fresh ids). */
    setupRequest?: (request: Request) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    requests?: Request[];
    /** Requests per second across all connections (a fixed rate instead of as fast as possible). */
    overallRate?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }
  interface Histogram {
    average: number;
    p50: number;
    p97_5: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Instance {
    /** Every response, with its latency in milliseconds. */
    on(
      event: "response",
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): Instance;
  }
  export type { Request, Options, Result, Instance };
  function autocannon(options: Options): Promise<Result>;
  function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
  export default autocannon;
}
