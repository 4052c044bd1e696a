import { publicConversionSchema } from "@floow/domain/conversion";
import type { PublicConversionAccepted } from "@floow/domain/conversion";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { findDomainOrganization } from "../../db/queries/conversion";
import { recordConversion } from "../../services/conversions/record";
import { sendError, sendValidationError } from "../errors";
import { readJsonBody } from "./body";

/** An order with up to 500 items. */
export const CONVERSIONS_BODY_LIMIT = 128 * 1024;

/**
 * `POST /api/public/conversions`: the runtime's `floow.conversion()` and the page's GA4
 * `purchase` (`publicConversionSchema`) → 202 `{ counted }`. The domain's organization is
 * the server's to find (the body names only the domain); an unknown domain is a 404. An order
 * counts once per organization (services/conversions/record.ts): a second report of it is
 * a 202 with `counted: false`, and fills in what the first lacked. Bad input is a 400 naming
 * the field. Takes `text/plain` bodies (sendBeacon) as well as JSON.
 */
export function registerConversionsRoute(
  scope: FastifyInstance,
  deps: { db: Kysely<DB> },
  rateLimit: { max: number },
): void {
  scope.post(
    "/conversions",
    { bodyLimit: CONVERSIONS_BODY_LIMIT, config: { rateLimit } },
    async (request, reply) => {
      const body = readJsonBody(request.body);
      if (!body.ok) return sendError(reply, 400, "BAD_REQUEST", body.message);
      const parsed = publicConversionSchema.safeParse(body.value);
      if (!parsed.success) return sendValidationError(reply, parsed.error);
      const { domainId, source, ...order } = parsed.data;
      const organizationId = await findDomainOrganization(deps.db, domainId);
      if (!organizationId) return sendError(reply, 404, "NOT_FOUND", "Domain not found.");
      const { duplicate } = await recordConversion(deps.db, { ...order, organizationId, source });
      const answer: PublicConversionAccepted = { counted: !duplicate };
      return reply.code(202).send(answer);
    },
  );
}
