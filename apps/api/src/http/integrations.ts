import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/database";
import { findIntegrationForReceiver } from "../db/queries/integration";
import { receiverOf } from "../services/integrations";
import type { SecretBox } from "../services/integrations";
import { sendError, useErrorBody } from "./errors";

/** Shopify sends orders of up to a few hundred kB; a little room above that. */
const RECEIVE_BODY_LIMIT = 2 * 1024 * 1024;

/** Requests per sending address and minute: a shop's busiest sale stays far below. */
export const RECEIVE_RATE_LIMIT = 1_200;

/**
 * `POST /api/integrations/{integration id}/receive`: where a tool posts to Floow (Shopify's
 * orders/create; docs/integrations.md). The id finds the integration (any organization's: the
 * caller has no session), its definition's receiver checks the signature with the integration's
 * own secret and handles the body, which it gets raw (a signature covers the exact bytes).
 * An unknown id, or an integration that receives nothing, is a 404.
 */
export async function registerIntegrationRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; secretBox: SecretBox },
): Promise<void> {
  await app.register(
    async (scope) => {
      useErrorBody(scope);
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) =>
        done(null, body),
      );
      scope.post<{ Params: { id: string } }>(
        "/:id/receive",
        { bodyLimit: RECEIVE_BODY_LIMIT, config: { rateLimit: { max: RECEIVE_RATE_LIMIT } } },
        async (request, reply) => {
          const row = await findIntegrationForReceiver(deps.db, request.params.id);
          const receiver = row && receiverOf(row.integration_configuration_id);
          if (!row || !receiver || !row.encrypted_key)
            return sendError(reply, 404, "NOT_FOUND", "No integration receives here.");
          let secret: string;
          try {
            secret = deps.secretBox.open(row.encrypted_key);
          } catch {
            request.log.warn({ integration: row.id }, "an integration's secret cannot be opened");
            return sendError(
              reply,
              401,
              "UNAUTHORIZED",
              "The integration's secret cannot be read: save the integration again.",
            );
          }
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const answer = await receiver.receive(
            deps.db,
            {
              id: row.id,
              organizationId: row.organization_id,
              domainId: row.domain_id,
              settings: row.settings,
              secret,
            },
            { headers: request.headers, rawBody },
          );
          if (answer.ok) return reply.code(200).send(answer.body);
          return sendError(
            reply,
            answer.status,
            answer.status === 401 ? "UNAUTHORIZED" : "BAD_REQUEST",
            answer.message,
          );
        },
      );
    },
    { prefix: "/api/integrations" },
  );
}
