import { eventBatchSchema } from "@floow/domain";
import type { PublicEventsAccepted } from "@floow/domain";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { findLiveFloowRefs } from "../../db/queries/floow";
import { storeEvents } from "../../services/events/store-events";
import { sendError, sendValidationError } from "../errors";
import { readJsonBody } from "./body";

/** 100 events, a few with a product list. */
export const EVENTS_BODY_LIMIT = 512 * 1024;

export function registerEventsRoute(scope: FastifyInstance, deps: { db: Kysely<DB> }, rateLimit: { max: number }): void {
  /**
   * `{ events: FloowEventMessage[] }` (1 to 100) → 202 `{ accepted, ignored }`. Each event is
   * stored under its floow's organization and domain (never the ones the message claims);
   * events of unknown or non-live floows are ignored and counted. Takes `text/plain` bodies
   * (sendBeacon) as well as JSON.
   */
  scope.post("/events", { bodyLimit: EVENTS_BODY_LIMIT, config: { rateLimit } }, async (request, reply) => {
    const body = readJsonBody(request.body);
    if (!body.ok) return sendError(reply, 400, "BAD_REQUEST", body.message);
    const parsed = eventBatchSchema.safeParse(body.value);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    const { events } = parsed.data;
    const floows = await findLiveFloowRefs(deps.db, events.map((event) => event.floowId));
    const known = events.flatMap((message) => {
      const floow = floows.get(message.floowId);
      return floow ? [{ organizationId: floow.organizationId, domainId: floow.domainId, message }] : [];
    });
    await storeEvents(deps.db, known);
    const answer: PublicEventsAccepted = { accepted: known.length, ignored: events.length - known.length };
    return reply.code(202).send(answer);
  });
}
