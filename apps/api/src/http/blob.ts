import { randomUUID } from "node:crypto";
import {
  BLOB_MAX_BYTES,
  BLOB_MAX_PIXELS,
  BLOB_MESSAGES,
  blobUploadSchema,
} from "@floow/domain/blob";
import { ID_PATTERN } from "@floow/domain/shared";
import { imageSize } from "image-size";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "../auth/auth";
import type { DB } from "../db/database";
import { findBlob, insertBlobWithinQuota } from "../db/queries/blob";
import { resolveActiveMembership } from "../db/queries/member";
import { registerRateLimit } from "../services/rate-limit";
import { sendError, sendValidationError, useErrorBody } from "./errors";
import { isAllowedOrigin, isJsonContentType } from "./origins";

/** A 5 MB image as a base64 data URL, plus the JSON around it. */
const UPLOAD_BODY_LIMIT = Math.ceil(BLOB_MAX_BYTES / 3) * 4 + 64 * 1024;
const UPLOADS_PER_MINUTE = 60;

/** Whether the bytes are what the type claims (no HTML or script under an image type). */
export function looksLike(contentType: string, bytes: Uint8Array): boolean {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  switch (contentType) {
    case "image/png":
      return bytes.length > 8 && bytes[0] === 0x89 && ascii(1, 4) === "PNG";
    case "image/jpeg":
      return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case "image/gif":
      return bytes.length > 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a");
    case "image/webp":
      return bytes.length > 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
    case "image/svg+xml":
      return /<svg[\s>]/i.test(new TextDecoder().decode(bytes.subarray(0, 4096)));
    default:
      return false;
  }
}

/**
 * The pixels a raster image declares (width × height, the largest frame's for animations),
 * read from its header without decoding it. SVG is vector: 0. Null when the
 * header cannot be read.
 */
export function rasterPixels(contentType: string, bytes: Uint8Array): number | null {
  if (contentType === "image/svg+xml") return 0;
  try {
    const size = imageSize(bytes);
    const frames = size.images?.length ? size.images : [size];
    return Math.max(...frames.map((frame) => (frame.width ?? 0) * (frame.height ?? 0)));
  } catch {
    return null;
  }
}

/**
 * `POST /api/blob` (spec section 7): an image upload from the dashboard, with the session
 * cookie, as JSON from an allowed origin (like every cookie-authenticated write), stored for
 * the active organization: `{ url: "/blobs/<id>" }`. `GET /blobs/:id` serves it to anyone
 * (images show on merchants' sites); blobs never change, so it caches for a year. SVG can
 * carry script, so it is served with a CSP that allows none and as an attachment (an `<img>`
 * still shows it; opened directly it downloads).
 */
export async function registerBlobRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    auth: Auth;
    trustedOrigins: readonly string[];
    /** Bytes of uploads one organization may store (STORAGE_QUOTA_MB); 0 or absent: no limit. */
    storageQuotaBytes?: number;
  },
): Promise<void> {
  // The app's one limiter (services/rate-limit.ts), per user.
  const limiter = await registerRateLimit(app);

  await app.register(async (scope) => {
    useErrorBody(scope);

    /** The uploader's organization, found before the body is read. */
    const organizationOf = new WeakMap<FastifyRequest, string>();

    scope.post(
      "/api/blob",
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        // Who may upload is settled before a body of megabytes is read.
        onRequest: async (request, reply) => {
          if (!isJsonContentType(request.headers["content-type"])) {
            return sendError(reply, 415, "BAD_REQUEST", "Uploads accept only application/json.");
          }
          if (!isAllowedOrigin(request.headers, deps.trustedOrigins)) {
            return sendError(reply, 403, "FORBIDDEN", "This origin may not send requests here.");
          }
          const session = await deps.auth.api.getSession({
            headers: fromNodeHeaders(request.headers),
          });
          if (!session) return sendError(reply, 401, "UNAUTHORIZED", "Please sign in.");
          const membership = await resolveActiveMembership(deps.db, {
            user: { id: session.user.id },
            session: {
              id: session.session.id,
              activeOrganizationId: session.session.activeOrganizationId ?? null,
            },
          });
          if (!membership)
            return sendError(reply, 403, "FORBIDDEN", "Create or join an organization first.");
          const { allowed, retryAfter } = await limiter.consume(`blob:${session.user.id}`, {
            window: 60,
            max: UPLOADS_PER_MINUTE,
          });
          if (!allowed) {
            reply.header("retry-after", String(retryAfter));
            return sendError(
              reply,
              429,
              "RATE_LIMITED",
              `Too many uploads. Try again in ${retryAfter} seconds.`,
            );
          }
          organizationOf.set(request, membership.organizationId);
        },
      },
      async (request, reply) => {
        const organizationId = organizationOf.get(request);
        if (!organizationId) throw new Error("blob upload without an organization");
        const parsed = blobUploadSchema.safeParse(request.body);
        if (!parsed.success) return sendValidationError(reply, parsed.error);
        const { contentType, base64 } = parsed.data.data;
        const bytes = Buffer.from(base64, "base64");
        if (bytes.byteLength > BLOB_MAX_BYTES) {
          return sendError(reply, 413, "PAYLOAD_TOO_LARGE", BLOB_MESSAGES.tooLarge, [
            { path: ["data"], message: BLOB_MESSAGES.tooLarge },
          ]);
        }
        if (!looksLike(contentType, bytes)) {
          const message = `The data is not a ${contentType} image.`;
          return sendError(reply, 400, "BAD_REQUEST", `data: ${message}`, [
            { path: ["data"], message },
          ]);
        }
        const pixels = rasterPixels(contentType, bytes);
        if (pixels === null) {
          return sendError(reply, 400, "BAD_REQUEST", `data: ${BLOB_MESSAGES.unreadable}`, [
            { path: ["data"], message: BLOB_MESSAGES.unreadable },
          ]);
        }
        if (pixels > BLOB_MAX_PIXELS) {
          return sendError(reply, 400, "BAD_REQUEST", `data: ${BLOB_MESSAGES.tooManyPixels}`, [
            { path: ["data"], message: BLOB_MESSAGES.tooManyPixels },
          ]);
        }
        const id = randomUUID();
        const stored = await insertBlobWithinQuota(
          deps.db,
          organizationId,
          { id, contentType, bytes },
          deps.storageQuotaBytes ?? 0,
        );
        if (!stored) {
          request.log.warn(
            { organizationId, quotaBytes: deps.storageQuotaBytes },
            "upload refused: organization storage quota reached",
          );
          return sendError(reply, 413, "PAYLOAD_TOO_LARGE", BLOB_MESSAGES.quotaExceeded, [
            { path: ["data"], message: BLOB_MESSAGES.quotaExceeded },
          ]);
        }
        return reply.code(201).send({ url: `/blobs/${id}` });
      },
    );

    scope.get<{ Params: { id: string } }>("/blobs/:id", async (request, reply) => {
      const { id } = request.params;
      const blob = ID_PATTERN.test(id) ? await findBlob(deps.db, id) : null;
      if (!blob) return sendError(reply, 404, "NOT_FOUND", "No such image.");
      const etag = `"${blob.id}"`;
      reply
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("etag", etag)
        .header("x-content-type-options", "nosniff")
        .header("cross-origin-resource-policy", "cross-origin")
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      if (blob.contentType === "image/svg+xml") {
        reply.header("content-disposition", `attachment; filename="${blob.id}.svg"`);
      }
      if (
        request.headers["if-none-match"]
          ?.split(",")
          .some((tag) => tag.trim().replace(/^W\//, "") === etag)
      ) {
        return reply.code(304).send();
      }
      return reply
        .type(blob.contentType)
        .send(Buffer.from(blob.bytes.buffer, blob.bytes.byteOffset, blob.bytes.byteLength));
    });
  });
}
