import type { ErrorCode } from "@floow/domain/errors";
import type { FastifyInstance } from "fastify";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import type { FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Kysely } from "kysely";
import type { Auth } from "../auth/auth";
import type { DB } from "../db/database";
import type { FeedFetchOptions } from "../services/feeds";
import { appRouter } from "../trpc/app-router";
import type { AppRouter } from "../trpc/app-router";
import { createContextFactory } from "../trpc/context";
import type { MailContext } from "../services/mail";
import type { AiModelConfig } from "../services/ai-suggest";
import { batchRetryAfterOf } from "../trpc/errors";
import { isAllowedOrigin, isJsonContentType } from "./origins";
import { registerRateLimit } from "../services/rate-limit";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * tRPC at `/trpc`. Writes (every non-GET request, so every mutation) must be JSON and come
 * from an allowed Origin: a form or a script on another site cannot send one with the cookie.
 */
export async function registerTrpcRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    auth: Auth;
    trustedOrigins: readonly string[];
    fetch?: FeedFetchOptions;
    supportEmail?: string;
    mail?: MailContext;
    ai?: AiModelConfig;
  },
): Promise<void> {
  // The app's limiter (createServer registers it with Redis first), or one in memory.
  const rateLimiter = await registerRateLimit(app);
  await app.register(async (scope) => {
    scope.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!isJsonContentType(request.headers["content-type"])) {
        return reply
          .code(415)
          .send(
            trpcLikeError(
              "BAD_REQUEST",
              "UNSUPPORTED_MEDIA_TYPE",
              415,
              "Mutations accept only application/json.",
            ),
          );
      }
      if (!isAllowedOrigin(request.headers, deps.trustedOrigins)) {
        request.log.warn(
          { origin: request.headers.origin ?? null },
          "tRPC write refused: origin not allowed",
        );
        return reply
          .code(403)
          .send(
            trpcLikeError("FORBIDDEN", "FORBIDDEN", 403, "This origin may not send requests here."),
          );
      }
    });

    await scope.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: createContextFactory({
          db: deps.db,
          auth: deps.auth,
          rateLimiter,
          fetch: deps.fetch,
          supportEmail: deps.supportEmail,
          mail: deps.mail,
          ai: deps.ai,
        }),
        onError({ error, path, req }) {
          if (error.code === "INTERNAL_SERVER_ERROR")
            req.log.error({ err: error, path }, "tRPC procedure failed");
          // The database or the AI model (its error is the cause: the dialog closes silently, the log says why).
          if (error.code === "SERVICE_UNAVAILABLE")
            req.log.warn(
              { err: error.cause, path },
              "tRPC procedure: a service it needs is unavailable",
            );
        },
        // A 429 or 503 says when to try again (Retry-After, in seconds).
        responseMeta: ({ errors }) => {
          const retryAfter = batchRetryAfterOf(errors);
          return retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {};
        },
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  });
}

/** The refusal in tRPC's error shape, so the tRPC client reports it like any other error. */
function trpcLikeError(code: ErrorCode, trpcCode: string, httpStatus: number, message: string) {
  return {
    error: { message, code: -32600, data: { code, trpcCode, httpStatus, fieldErrors: [] } },
  };
}
