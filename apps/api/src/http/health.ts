import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { FastifyInstance } from "fastify";
import type { DB } from "../db/database";
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableReason } from "../db/unavailable";

/**
 * `/healthz`: the process is up (liveness). `/readyz`: it can serve, i.e. the database
 * answers and the server is not shutting down (readiness; 503 otherwise).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  db: Kysely<DB>,
  isStopping: () => boolean,
): void {
  app.get("/healthz", { logLevel: "warn" }, async () => ({ status: "ok" }));

  app.get("/readyz", { logLevel: "warn" }, async (request, reply) => {
    if (isStopping())
      return reply.code(503).header("retry-after", "5").send({ status: "shutting down" });
    try {
      await sql`select 1`.execute(db);
      return { status: "ready" };
    } catch (error) {
      const reason = unavailableReason(error);
      request.log.error({ err: error, reason }, "readiness check: database unavailable");
      return reply
        .code(503)
        .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ status: "database unavailable", reason });
    }
  });
}
