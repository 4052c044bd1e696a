/// <reference types="@fastify/compress" />
// Types the routes' `compress: false` also where this file is compiled without server.ts
// (the dashboard's typecheck reaches it through the router's types).
import { resultsRequestSchema } from "@floow/domain/floow";
import type { FastifyInstance } from "fastify";
import { pickEncoding } from "../../services/encoded-body";
import type { ResultsService } from "../../services/results";
import { sendError, sendValidationError } from "../errors";
import { readJsonBody } from "./body";

/** choiceIds are at most 500 ids. */
export { pickEncoding };

export const RESULTS_BODY_LIMIT = 32 * 1024;

export function registerResultsRoute(
  scope: FastifyInstance,
  deps: { results: ResultsService },
  rateLimit: { max: number },
): void {
  /**
   * `{ floowId, choiceIds }` → `{ products, partial }` (spec: the results call). Only live
   * floows; a data floow or one without a feed has no products. Not cached by browsers
   * (`no-store`: answers depend on the choices and the feed); the server keeps each answer's
   * bytes, compressed too, per floow version, feed load and selection (services/results),
   * so this route compresses itself instead of the global compression.
   */
  scope.post(
    "/results",
    { bodyLimit: RESULTS_BODY_LIMIT, compress: false, config: { rateLimit } },
    async (request, reply) => {
      const body = readJsonBody(request.body);
      if (!body.ok) return sendError(reply, 400, "BAD_REQUEST", body.message);
      const parsed = resultsRequestSchema.safeParse(body.value);
      if (!parsed.success) return sendValidationError(reply, parsed.error);
      const answer = await deps.results.answer(
        parsed.data.floowId,
        parsed.data.choiceIds,
        parsed.data.floowVersion,
      );
      if (!answer) {
        return sendError(reply, 404, "NOT_FOUND", "floowId: no such live floow.", [
          { path: ["floowId"], message: "No such live floow." },
        ]);
      }
      const encoding = pickEncoding(request.headers["accept-encoding"]);
      const encoded = encoding ? answer.encoded(encoding) : null;
      reply
        .header("cache-control", "no-store")
        .header("vary", "accept-encoding")
        .type("application/json; charset=utf-8");
      if (encoding && encoded) return reply.header("content-encoding", encoding).send(encoded);
      return reply.send(answer.json);
    },
  );
}
