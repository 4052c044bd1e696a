import { DomainError } from "@floow/domain/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import type { RateLimitRule } from "../../services/rate-limit";
import { sendError, sendValidationError, useErrorBody } from "../errors";
import { authenticate, createKeyCache } from "./auth";
import { openApiDocument } from "./openapi";
import { V1_ROUTES } from "./routes";
import type { V1Route } from "./routes";

/**
 * Requests per API key, over all `/api/v1` routes: 1,200 a minute, refilled evenly (20 a
 * second), so a burst of 1,200 passes and a steady 20 a second never waits (docs/api.md).
 */
export const V1_RATE_LIMIT: RateLimitRule = { window: 60, max: 1200 };

export interface V1RouteDeps {
  db: Kysely<DB>;
  rateLimit?: RateLimitRule;
}

const STATUS_OF: Partial<Record<DomainError["code"], number>> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  FORBIDDEN: 403,
  UNAUTHORIZED: 401,
};

/**
 * The public REST API at `/api/v1` (docs/api.md): API keys as bearer tokens, per-key rate
 * limits, server to server (no CORS, no cookies), and its OpenAPI document at
 * `/api/v1/openapi.json`, made from the same route table. Errors are the public API's
 * `{ error: { code, message, fieldErrors } }`; a 400 names the field.
 */
export async function registerV1Routes(app: FastifyInstance, deps: V1RouteDeps): Promise<void> {
  const auth = {
    db: deps.db,
    keys: createKeyCache(),
    rateLimiter: app.rateLimiter,
    rateLimit: deps.rateLimit ?? V1_RATE_LIMIT,
  };
  const document = JSON.stringify(openApiDocument());

  await app.register(
    async (scope) => {
      useErrorBody(scope);
      scope.get("/openapi.json", async (_request, reply) =>
        reply
          .header("content-type", "application/json; charset=utf-8")
          .header("cache-control", "public, max-age=300")
          .header("access-control-allow-origin", "*")
          .send(document),
      );
      for (const route of V1_ROUTES) {
        scope.route({
          method: route.method,
          url: route.path,
          handler: (request, reply) => handle(route, request, reply),
        });
      }
      // Anything else under /api/v1: the same error body.
      scope.setNotFoundHandler((_request, reply) =>
        sendError(reply, 404, "NOT_FOUND", "No such endpoint. See /api/v1/openapi.json."),
      );
    },
    { prefix: "/api/v1" },
  );

  async function handle(route: V1Route, request: FastifyRequest, reply: FastifyReply) {
    const caller = await authenticate(request, reply, auth, route.scope);
    if (!caller) return reply;
    const input: Record<"params" | "query" | "body", unknown> = {
      params: undefined,
      query: undefined,
      body: undefined,
    };
    for (const part of ["params", "query", "body"] as const) {
      const schema = part === "body" && route.bodyOf ? route.bodyOf(request.body) : route[part];
      if (!schema) continue;
      const parsed = schema.safeParse(request[part] ?? {});
      if (!parsed.success) return sendValidationError(reply, parsed.error);
      input[part] = parsed.data;
    }
    try {
      const { status, body } = await route.handler({
        db: deps.db,
        caller,
        params: input.params as never,
        query: input.query as never,
        body: input.body as never,
      });
      return reply.code(status).send(body);
    } catch (error) {
      if (error instanceof DomainError) {
        return sendError(
          reply,
          STATUS_OF[error.code] ?? 400,
          error.code === "VALIDATION" ? "BAD_REQUEST" : error.code,
          error.message,
          error.fieldErrors,
        );
      }
      throw error;
    }
  }
}
