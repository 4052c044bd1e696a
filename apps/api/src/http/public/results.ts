import { resultsRequestSchema } from "@floow/domain";
import type { FastifyInstance } from "fastify";
import type { ResultsService } from "../../services/results";
import { sendError, sendValidationError } from "../errors";
import { readJsonBody } from "./body";

/** choiceIds are at most 500 ids. */
export const RESULTS_BODY_LIMIT = 32 * 1024;

export function registerResultsRoute(scope: FastifyInstance, deps: { results: ResultsService }, rateLimit: { max: number }): void {
  /**
   * `{ floowId, choiceIds }` → `{ products, partial }` (spec: the results call). Only live
   * floows; a data floow or one without a feed has no products. Not cached: answers depend
   * on the choices and the feed.
   */
  scope.post("/results", { bodyLimit: RESULTS_BODY_LIMIT, config: { rateLimit } }, async (request, reply) => {
    const body = readJsonBody(request.body);
    if (!body.ok) return sendError(reply, 400, "BAD_REQUEST", body.message);
    const parsed = resultsRequestSchema.safeParse(body.value);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    const results = await deps.results.compute(parsed.data.floowId, parsed.data.choiceIds);
    if (!results) {
      return sendError(reply, 404, "NOT_FOUND", "floowId: no such live floow.", [{ path: ["floowId"], message: "No such live floow." }]);
    }
    return reply.header("cache-control", "no-store").send(results);
  });
}
