import type { FastifyInstance } from "fastify";

/** Seconds a client is asked to wait when it reaches a process that is shutting down. */
export const DRAIN_RETRY_AFTER_SECONDS = 5;

export interface GracefulShutdown {
  /**
   * True from the moment shutdown begins (the drain: new requests get 503) or `app.close()`
   * begins (after a drain, or alone, as tests close the app): `/readyz` answers 503, and every
   * answer asks the client to close its keep-alive connection.
   */
  isStopping(): boolean;
  /** Requests being answered right now (the drain waits for them). */
  inFlight(): number;
  /**
   * Drains, then closes the app: `/readyz` turns 503 at once, new requests are answered 503
   * with Retry-After (the port keeps listening, so a proxy's connection is never refused), and
   * in-flight requests get up to `timeoutMs` to finish; then `app.close()` runs the close hooks
   * (docs/architecture.md, "Shutdown"). Resolves with whether every request finished in time.
   */
  shutdown(timeoutMs: number): Promise<{ drained: boolean; cut: number }>;
}

/**
 * Registers the drain on the root instance. Call before any route so its onRequest hook runs
 * first. The health checks answer for themselves during the drain: `/healthz` (liveness) stays
 * 200, `/readyz` says "shutting down" with a 503.
 */
export function registerGracefulShutdown(
  app: FastifyInstance,
  options: { healthPaths?: readonly string[] } = {},
): GracefulShutdown {
  const healthPaths = new Set(options.healthPaths ?? ["/healthz", "/readyz"]);
  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | null = null;

  // A callback hook (no promise per request: the public API answers thousands a second).
  app.addHook("onRequest", (request, reply, done) => {
    if (draining && !healthPaths.has(request.url)) {
      reply.header("retry-after", String(DRAIN_RETRY_AFTER_SECONDS)).header("connection", "close");
      reply.code(503).send({
        error: {
          code: "UNAVAILABLE",
          message: "This server is restarting. Try again in a few seconds.",
          fieldErrors: [],
        },
      });
      return;
    }
    inFlight += 1;
    let over = false;
    // 'close' fires once the answer is sent or the client went away: either way it is over.
    reply.raw.once("close", () => {
      if (over) return;
      over = true;
      inFlight -= 1;
      if (inFlight === 0) onIdle?.();
    });
    done();
  });
  // While draining, and once the app is closing (`app.close()` alone, as tests close it),
  // every answer asks the client to close its keep-alive connection. One synchronous hook for
  // both: an async one costs a promise per answer, and each hook a turn of Fastify's runner.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (draining || closing) reply.header("connection", "close");
    done(null, payload);
  });

  return {
    isStopping: () => draining || closing,
    inFlight: () => inFlight,
    async shutdown(timeoutMs) {
      draining = true;
      let drained = inFlight === 0;
      if (!drained) {
        drained = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), timeoutMs);
          timer.unref();
          onIdle = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
      }
      const cut = inFlight;
      if (!drained)
        app.log.warn(
          { inFlight: cut, timeoutMs },
          "shutdown: requests still running after SHUTDOWN_TIMEOUT are cut",
        );
      await app.close();
      return { drained, cut };
    },
  };
}
