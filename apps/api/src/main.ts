import { EnvError, loadEnv } from "./env";
import { createServer } from "./server";

/** Time the close hooks (job release, event flush, database) get after the drain. */
const CLOSE_HOOKS_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const env = loadEnv();
  const app = await createServer(env);

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const drainMs = env.shutdownTimeoutSeconds * 1000;
    app.log.info(
      {
        signal,
        inFlight: app.gracefulShutdown.inFlight(),
        timeoutSeconds: env.shutdownTimeoutSeconds,
      },
      "shutting down: finishing in-flight requests",
    );
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long: exiting");
      process.exit(1);
    }, drainMs + CLOSE_HOOKS_GRACE_MS);
    timer.unref();
    // Drain (readyz 503, new requests 503 + Retry-After, in-flight ones finish within
    // SHUTDOWN_TIMEOUT), then close: preClose hooks (the job worker releases its jobs), the
    // server stops listening, onClose hooks last-registered first (events flushed, database last).
    app.gracefulShutdown.shutdown(drainMs).then(
      ({ drained, cut }) => {
        app.log.info({ drained, cut }, "shut down");
        process.exit(drained ? 0 : 1);
      },
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);

  await app.listen({ port: env.port, host: env.host });
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(`Floow API: configuration error\n${error.message}`);
  } else {
    console.error("Floow API failed to start:", error);
  }
  process.exit(1);
});
