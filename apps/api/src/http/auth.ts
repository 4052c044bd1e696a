import { sql } from "kysely";
import { requestDbOf } from "../db/client";
import { isDatabaseUnavailable } from "../db/unavailable";
import { sendDatabaseUnavailable } from "./errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { CLIENT_IP_HEADER } from "../auth/auth";
import type { Auth } from "../auth/auth";

/**
 * better-auth at `/api/auth/*`: the Fastify request becomes a Web Request for `auth.handler`,
 * and its Response goes back through Fastify. Bodies stay raw (better-auth parses them itself).
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  publicUrl: string,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: 1024 * 1024 },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      handler: (request, reply) => handleAuth(auth, publicUrl, request, reply),
    });
  });
}

/**
 * The better-auth endpoints Floow uses, by method and path under `/api/auth`. Everything else
 * better-auth (and its organization plugin) would answer is a 404 here: the organization,
 * member and invitation endpoints (`organization/delete`, `accept-invitation` by id,
 * `update-member-role`, …), `update-user`, `change-email`, `delete-user`, and any endpoint
 * a better-auth upgrade adds. Floow does those through its tRPC procedures, which check the
 * role and validate input (docs/permissions.md). The server's own `auth.api.*` calls are
 * not affected.
 */
export const AUTH_ENDPOINTS: readonly {
  method: "GET" | "POST";
  path: string | RegExp;
  why: string;
}[] = [
  { method: "POST", path: "/sign-up/email", why: "/login: create an account" },
  { method: "POST", path: "/sign-in/email", why: "/login: sign in" },
  { method: "POST", path: "/sign-in/social", why: "/login: External login (OIDC)" },
  { method: "GET", path: /^\/callback\/[a-z0-9-]+$/, why: "OIDC redirect back" },
  { method: "POST", path: /^\/callback\/[a-z0-9-]+$/, why: "OIDC redirect back (form_post)" },
  {
    method: "GET",
    path: /^\/oauth2\/callback\/[a-z0-9-]+$/,
    why: "OIDC redirect back (generic OAuth)",
  },
  { method: "GET", path: "/get-session", why: "the dashboard's session check" },
  { method: "POST", path: "/sign-out", why: "/logout" },
  {
    method: "POST",
    path: "/request-password-reset",
    why: "Forgot password on /login (answers the same for unknown addresses)",
  },
  {
    method: "POST",
    path: "/reset-password",
    why: "/reset-password: set a new password with the e-mailed token",
  },
  { method: "GET", path: "/ok", why: "health" },
  { method: "GET", path: "/error", why: "better-auth's error page (OIDC failures)" },
];

/** The path under /api/auth when the method and path are on the list, else null. */
export function allowedAuthPath(method: string, pathname: string): string | null {
  if (!pathname.startsWith("/api/auth/")) return null;
  const path = pathname.slice("/api/auth".length).replace(/\/+$/, "");
  if (!/^(\/[a-z0-9-]+)+$/.test(path)) return null;
  const allowed = AUTH_ENDPOINTS.some(
    (endpoint) =>
      endpoint.method === method &&
      (typeof endpoint.path === "string" ? endpoint.path === path : endpoint.path.test(path)),
  );
  return allowed ? path : null;
}

async function handleAuth(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const requested = new URL(request.url, publicUrl);
  const path = allowedAuthPath(request.method, requested.pathname);
  if (!path) {
    return reply.status(404).send({ code: "NOT_FOUND", message: "Not found." });
  }
  const headers = fromNodeHeaders(request.headers);
  // The client address for better-auth's rate limiter, from Fastify (which honours TRUST_PROXY),
  // replacing anything the client sent under that name.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const body = request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
  const webRequest = new Request(new URL(`/api/auth${path}${requested.search}`, publicUrl), {
    method: request.method,
    headers,
    body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
  });
  const response = await auth.handler(webRequest);
  // better-auth answers its own failures with a 500; when the database is what failed, say so
  // as everywhere else: a 503 the client may retry (docs/deployment.md).
  if (response.status >= 500) {
    const problem = await sql`select 1`.execute(requestDbOf(request.server.database)).then(
      () => null,
      (error: unknown) => (isDatabaseUnavailable(error) ? error : null),
    );
    if (problem) return sendDatabaseUnavailable(request, reply, problem);
  }
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}
