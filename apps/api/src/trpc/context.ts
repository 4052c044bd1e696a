import type { Kysely } from "kysely";
import { fromNodeHeaders } from "better-auth/node";
import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { Auth } from "../auth/auth";
import type { SessionData } from "../auth/session";
import type { DB } from "../db/database";
import { isDatabaseUnavailable } from "../db/unavailable";
import { databaseUnavailable, toTRPCError } from "./errors";
import type { FeedFetchOptions } from "../services/feeds";
import type { MailContext } from "../services/mail";
import type { AiModelConfig } from "../services/ai-suggest";
import { createRateLimiter } from "../services/rate-limit";
import type { RateLimiter } from "../services/rate-limit";

/**
 * The inner context: everything a procedure needs that does not come from the HTTP request.
 * Tests build it directly (`createInnerContext`) and call procedures through `createCaller`.
 */
export interface InnerContext {
  db: Kysely<DB>;
  auth: Auth;
  session: SessionData | null;
  /** Who to count in rate limits when there is no session: the client address. */
  clientKey: string;
  /** The API's rate limiter (services/rate-limit.ts; `rateLimit()` in init.ts). */
  rateLimiter: RateLimiter;
  /** safeFetch options for user-supplied URLs (the test-only loopback setting, from the env). */
  fetch?: FeedFetchOptions;
  /** Where users may e-mail support (SUPPORT_EMAIL): the support dialog's fallback. */
  supportEmail: string;
  /** Outgoing e-mail and the origin its links point at (PUBLIC_URL); absent in bare unit tests. */
  mail?: MailContext;
  /** The OpenAI-compatible model of the AI Suggestion (AI_*); absent: the offline suggester. */
  ai?: AiModelConfig;
}

/** The support address when none is configured (tests and local use). */
export const DEFAULT_SUPPORT_EMAIL = "support@localhost";

export function createInnerContext(
  opts: Pick<InnerContext, "db" | "auth"> &
    Partial<
      Pick<
        InnerContext,
        "session" | "clientKey" | "rateLimiter" | "fetch" | "supportEmail" | "mail" | "ai"
      >
    >,
): InnerContext {
  return {
    session: null,
    clientKey: "local",
    rateLimiter: (localRateLimiter ??= createRateLimiter()),
    supportEmail: DEFAULT_SUPPORT_EMAIL,
    ...opts,
  };
}

/** Without a server (createCaller in tests): one limiter in this process's memory. */
let localRateLimiter: RateLimiter | undefined;

/** The outer context, per HTTP request: the session from the request's cookie. */
export function createContextFactory(
  deps: Pick<InnerContext, "db" | "auth" | "fetch" | "rateLimiter"> &
    Partial<Pick<InnerContext, "supportEmail" | "mail" | "ai">>,
) {
  return async ({ req }: CreateFastifyContextOptions): Promise<InnerContext> => {
    const result = await deps.auth.api
      .getSession({ headers: fromNodeHeaders(req.headers) })
      .catch((error: unknown) => {
        // The session lives in the database: without it, a 503 the client may retry. Made a
        // TRPCError here: an error of the context reaches no middleware (init.ts's `domainErrors`).
        throw isDatabaseUnavailable(error) ? toTRPCError(databaseUnavailable(error)) : error;
      });
    const session: SessionData | null = result
      ? {
          user: { id: result.user.id, name: result.user.name, email: result.user.email },
          session: {
            id: result.session.id,
            activeOrganizationId: result.session.activeOrganizationId ?? null,
          },
        }
      : null;
    return createInnerContext({ ...deps, session, clientKey: req.ip });
  };
}

export type Context = InnerContext;
