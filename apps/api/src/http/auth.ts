import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { CLIENT_IP_HEADER } from "../auth/auth";
import type { Auth } from "../auth/auth";

/**
 * better-auth at `/api/auth/*`: the Fastify request becomes a Web Request for `auth.handler`,
 * and its Response goes back through Fastify. Bodies stay raw (better-auth parses them itself).
 */
export async function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    scope.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      handler: (request, reply) => handleAuth(auth, publicUrl, request, reply),
    });
  });
}

async function handleAuth(auth: Auth, publicUrl: string, request: FastifyRequest, reply: FastifyReply) {
  const headers = fromNodeHeaders(request.headers);
  // The client address for better-auth's rate limiter, from Fastify (which honours TRUST_PROXY),
  // replacing anything the client sent under that name.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const body = request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
  const webRequest = new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
  });
  const response = await auth.handler(webRequest);
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}
