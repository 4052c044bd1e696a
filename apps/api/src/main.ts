import { EnvError, loadEnv } from "./env";
import { createServer } from "./server";

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const env = loadEnv();
  const app = await createServer(env);

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long: exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // close() stops accepting connections, waits for in-flight requests, then runs the
    // onClose hooks (the database closes last).
    app.close().then(
      () => process.exit(0),
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
