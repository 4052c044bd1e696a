import { LogController } from "fastify";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Fastify's request log lines with one line per request (`request completed`, at info: method,
 * URL, client address, status and time taken; `request errored` at error), instead of the
 * default two (`incoming request` when it arrives, then `request completed`). Each pino line is
 * serialized and written on the request's path: the second one cost 7-12 µs of CPU per request
 * in the conversions bench (docs/deployment.md, "What to monitor"). The arrival line is still
 * there at `debug`, for tracing a request that never completes (pino's disabled levels are
 * no-ops). Every other line Fastify writes (its error handler's, a route not found, a stream
 * error) stays as it is.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    else
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        "request completed",
      );
  }
}
