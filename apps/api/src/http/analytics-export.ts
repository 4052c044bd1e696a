import { Readable } from "node:stream";
import { constants as zlibConstants } from "node:zlib";
import { analyticsFloowSchema } from "@floow/domain/analytics";
import { DomainError } from "@floow/domain/errors";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Auth } from "../auth/auth";
import type { DB } from "../db/database";
import { findFloow } from "../db/queries/floow";
import { sessionCsv, sessionCsvFilename } from "../services/analytics/csv";
import { requireOrganization } from "../trpc/middleware/organization";
import { sendError, sendValidationError, useErrorBody } from "./errors";

/** What the stream buffers ahead of a slow client, besides the page being written. */
const STREAM_HIGH_WATER_MARK = 64 * 1024;

/** The query string as `analyticsFloowSchema` reads it: `version` a number when it is one. */
function exportInput(query: Record<string, unknown>) {
  const { version, ...rest } = query;
  return {
    ...rest,
    ...(version !== undefined && {
      version: typeof version === "string" && /^-?\d+$/.test(version) ? Number(version) : version,
    }),
  };
}

/**
 * `GET /api/analytics/sessions.csv?id=<floow>&from=<day>&to=<day>[&version=<n>]`: the dashboard's
 * CSV export of a floow's sessions (docs/analytics.md "The CSV export"), streamed as it is read,
 * so the first bytes leave after the first page of sessions and memory stays flat however long
 * the period (issue 22). The checks of `orgProcedure`, as tRPC makes them: the session cookie
 * (401), the active organization and the caller's role in it (403; every member may export, as
 * they may read analytics), the input by the same schema as `analytics.floow` (400 naming the
 * field), the floow in that organization (404 otherwise). A GET that reads, as tRPC's queries
 * are: no Origin check (another site cannot read the answer). Compressed as every answer is,
 * with a flush after each page, so the first page is not held back in the compressor.
 */
export async function registerAnalyticsExportRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; auth: Auth },
): Promise<void> {
  await app.register(async (scope) => {
    useErrorBody(scope);
    scope.get<{ Querystring: Record<string, unknown> }>(
      "/api/analytics/sessions.csv",
      {
        compress: {
          encodings: ["br", "gzip"],
          threshold: 1024,
          zlibOptions: { flush: zlibConstants.Z_SYNC_FLUSH },
          brotliOptions: {
            flush: zlibConstants.BROTLI_OPERATION_FLUSH,
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
          },
        },
      },
      async (request, reply) => {
        const found = await deps.auth.api.getSession({
          headers: fromNodeHeaders(request.headers),
        });
        if (!found) return sendError(reply, 401, "UNAUTHORIZED", "Please sign in.");
        let organizationId: string;
        try {
          const org = await requireOrganization(deps.db, {
            user: { id: found.user.id, name: found.user.name, email: found.user.email },
            session: {
              id: found.session.id,
              activeOrganizationId: found.session.activeOrganizationId ?? null,
            },
          });
          organizationId = org.id;
        } catch (error) {
          if (error instanceof DomainError && error.code === "FORBIDDEN")
            return sendError(reply, 403, error.code, error.message);
          throw error;
        }
        const parsed = analyticsFloowSchema.safeParse(exportInput(request.query));
        if (!parsed.success) return sendValidationError(reply, parsed.error);
        const input = parsed.data;
        const floow = await findFloow(deps.db, organizationId, input.id);
        if (!floow) return sendError(reply, 404, "NOT_FOUND", "Floow not found.");

        const csvHead = () =>
          reply
            .type("text/csv; charset=utf-8")
            .header(
              "content-disposition",
              `attachment; filename="${sessionCsvFilename(floow.name, input)}"`,
            )
            .header("cache-control", "private, no-store");
        // HEAD (the dashboard asks before it starts the download): the checks, no sessions read.
        if (request.method === "HEAD") return csvHead().send();

        const pieces = sessionCsv(deps.db, { organizationId, floowId: floow.id }, input);
        // The first page is read before the answer's head: a database that fails here is
        // still a 503 (useErrorBody); later, the download breaks off instead of ending short.
        const first = await pieces.next();
        async function* all() {
          if (!first.done) yield first.value;
          yield* pieces;
        }
        return csvHead().send(
          Readable.from(all(), { objectMode: false, highWaterMark: STREAM_HIGH_WATER_MARK }),
        );
      },
    );
  });
}
