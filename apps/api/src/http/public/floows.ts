/// <reference types="@fastify/compress" />
// Types the routes' `compress: false` also where this file is compiled without server.ts
// (the dashboard's typecheck reaches it through the router's types).
import { createHash } from "node:crypto";
import type {
  PublicDomain,
  PublicDomainFloows,
  PublicFloow,
  PublicFloowResponse,
} from "@floow/domain/public";
import { brandPaints } from "@floow/domain/domain";
import { floowIcons } from "@floow/domain/floow";
import { floowTexts } from "@floow/domain/public";
import { siteHostOf } from "@floow/domain/shared";
import { assignmentOf } from "@floow/domain/experiment";
import type { Assignment, ExperimentSplit } from "@floow/domain/experiment";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { findRuntimeDomain } from "../../db/queries/domain";
import type { RuntimeDomain } from "../../db/queries/domain";
import { runtimeSettings } from "../../services/integrations";
import { findRunningExperiments } from "../../db/queries/experiment";
import {
  findLiveFloow,
  findLiveFloowVersion,
  listLiveFloows,
} from "../../db/queries/floow-version";
import type { LiveFloow } from "../../db/queries/floow-version";
import { CACHES, createTtlCache, encodedBodyBytes, publicFloowsKey } from "../../services/cache";
import { encodedBody, pickEncoding } from "../../services/encoded-body";
import { safeHttpUrl } from "../../services/sanitize-product";
import { sanitizeFloowTexts } from "../../services/sanitize-rich-text";
import type { EncodedBody } from "../../services/encoded-body";
import { sendError } from "../errors";

/** Browsers and CDNs reuse an answer for a minute and may serve it stale for ten while revalidating. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

/**
 * What the runtime gets of a floow, field by field (so a field added to Floow later is not
 * published by accident): no feed, author, status or creation time, and no results filters
 * (the server applies those in the results call). Its rich texts are sanitized here
 * (`sanitizeFloowTexts`, links opening per its domain's host `domainHost`: the merchant's own
 * site in the shopper's tab, others in a new one): the script-tag renderer shows them without
 * sanitizing again. It carries the runtime's texts and validation messages in its own
 * language (`texts`): the script-tag renderer has no others (one language sent instead of
 * four bundled), and, for the same renderer, the paths of the icons it draws (`icons`). Both
 * are part of the answer's bytes, so its ETag changes with the floow's language, its icons,
 * and the texts. It is always the live version's content, with that version's number
 * (`floowVersion`, which the runtime stamps on every event) and publish time (`updatedAt`).
 */
export function toPublicFloow(floow: LiveFloow, domainHost: string): PublicFloow {
  return sanitizeFloowTexts(
    {
      id: floow.id,
      organizationId: floow.organizationId,
      domainId: floow.domainId,
      updatedAt: floow.updatedAt,
      type: floow.type,
      language: floow.language,
      name: floow.name,
      closeOnClickOutside: floow.closeOnClickOutside,
      skipTrigger: floow.skipTrigger,
      showBackButton: floow.showBackButton,
      showNextButton: floow.showNextButton,
      showRestartButton: floow.showRestartButton,
      container: floow.container,
      progress: floow.progress,
      buttons: floow.buttons,
      start: floow.start,
      steps: floow.steps,
      finish: floow.finish,
      triggers: floow.triggers,
      texts: floowTexts(floow.language),
      icons: floowIcons(floow.buttons),
      floowVersion: floow.floowVersion,
    },
    siteHostOf(domainHost),
  );
}

/**
 * What the runtime gets of a domain: its brand colours and fonts, and the colours its floows
 * paint with (`paints`: the accent, text on each colour, each colour as text on white), worked
 * out here once per kept answer so the script-tag renderer carries no colour arithmetic. Only
 * fonts with an http(s) URL.
 */
function toPublicDomain(domain: RuntimeDomain): PublicDomain {
  return {
    id: domain.id,
    colors: domain.colors,
    // Saved fonts are validated as http(s) URLs; checked again here because the script-tag
    // renderer loads them without a check of its own.
    fonts: domain.fonts.filter((font) => safeHttpUrl(font.url) !== ""),
    paints: brandPaints(domain.colors),
    // Consent (docs/events.md "Consent") and the runtime integrations' settings (the GA4
    // purchase pick-up's `datalayerPurchases`, services/integrations).
    consent: domain.consent,
    ...runtimeSettings(domain),
  };
}

/** A strong ETag: a hash of the exact body. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

interface Answer {
  /** The JSON and its brotli and gzip encodings, made once per kept answer. */
  body: EncodedBody;
  etag: string;
}

/** An answer's body and its ETag. */
function answer(payload: unknown): Answer {
  const body = JSON.stringify(payload);
  return { body: encodedBody(Buffer.from(body)), etag: etagOf(body) };
}

/**
 * Sends a kept JSON body with its ETag and the public cache headers, compressed as the client
 * accepts (the routes compress themselves: the kept encodings cost nothing per request);
 * 304 when the client has it.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, { body, etag }: Answer) {
  reply
    .header("etag", etag)
    .header("cache-control", PUBLIC_CACHE_CONTROL)
    .header("vary", "accept-encoding");
  if (matches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  reply.type("application/json; charset=utf-8");
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  const encoded = encoding ? body.encoded(encoding) : null;
  if (encoding && encoded) return reply.header("content-encoding", encoding).send(encoded);
  return reply.send(body.json);
}

const idParam = { type: "string", minLength: 1, maxLength: 100 } as const;
/** The visitor key the runtime sends (its visitor id, or its session id without consent). */
const visitorQuery = {
  type: "object",
  properties: { visitor: { type: "string", minLength: 1, maxLength: 200 } },
} as const;

/** A kept answer with what it was made of, for the answers of an experiment's arms. */
interface Served {
  answer: Answer;
  domain: PublicDomain;
  floows: PublicFloow[];
  /** The domain's host (links in the variants' rich texts open by it). */
  host: string;
  /** The running experiment of each floow in the answer that has one. */
  experiments: Map<string, ExperimentSplit>;
}

export function registerFloowRoutes(
  scope: FastifyInstance,
  deps: { db: Kysely<DB>; cacheMs: number },
  rateLimit: { max: number },
): void {
  // Answers kept for `cacheMs` per key (404s too): every page view of a merchant's site
  // without the floows in its browser cache asks, and a popular domain should not cost two
  // queries each. A publish, a rollback, an archive, a restore or a delete clears the floow's keys,
  // and so does an experiment's start, pause, stop or promote
  // (`invalidateFloowCaches`, services/cache/caches.ts).
  // Sized by the answer's JSON: its bytes, its encodings and the parsed floows kept beside it
  // (about three times the JSON).
  const cache = createTtlCache<Served | null>({
    ...CACHES.publicFloows,
    ttlMs: deps.cacheMs,
    sizeOf: (served) => (served ? encodedBodyBytes(served.answer.body) * 2.5 : 64),
  });
  const cached = (key: string, load: () => Promise<Served | null>) => cache.get(key, load);
  // An experiment's arms: the base answer with each assigned floow swapped for its variant's
  // version (or marked as held out), per base ETag and arm ids, so every visitor of one arm
  // shares one kept answer.
  const variants = createTtlCache<Answer>({
    ...CACHES.publicFloowVariants,
    ttlMs: deps.cacheMs,
    sizeOf: (kept) => encodedBodyBytes(kept.body),
  });

  /** The floow as the visitor's arm shows it: the variant's version, or the live one held out. */
  async function armFloow(
    floow: PublicFloow,
    assignment: Assignment,
    domainHost: string,
  ): Promise<PublicFloow> {
    if (assignment.holdout) return { ...floow, variantId: assignment.variantId, holdout: true };
    if (assignment.version === floow.floowVersion)
      return { ...floow, variantId: assignment.variantId };
    const version = await findLiveFloowVersion(deps.db, floow.id, assignment.version);
    // A variant's version deleted since (only the newest 100 are kept): the live one, unlabelled.
    if (!version) return floow;
    return { ...toPublicFloow(version, domainHost), variantId: assignment.variantId };
  }

  /**
   * The answer for a visitor: the kept one, or, while one of its floows runs an experiment,
   * the answer of the visitor's arms (sticky: `assignmentOf` is a pure function of the
   * experiment and the visitor key).
   */
  async function forVisitor(
    served: Served,
    visitor: string | undefined,
    shape: (floows: PublicFloow[]) => unknown,
  ): Promise<Answer> {
    if (!visitor || served.experiments.size === 0) return served.answer;
    const arms = new Map<string, Assignment>();
    for (const [floowId, experiment] of served.experiments) {
      const assignment = assignmentOf(experiment, visitor);
      if (assignment) arms.set(floowId, assignment);
    }
    if (arms.size === 0) return served.answer;
    const key = `${served.answer.etag}|${[...arms.values()].map((a) => a.variantId).join(",")}`;
    return variants.get(key, async () =>
      answer(
        shape(
          await Promise.all(
            served.floows.map((floow) => {
              const assignment = arms.get(floow.id);
              return assignment ? armFloow(floow, assignment, served.host) : floow;
            }),
          ),
        ),
      ),
    );
  }

  /** The domain's colours and fonts and its live floows: what the embed loader needs on a page. */
  scope.get<{ Params: { domainId: string }; Querystring: { visitor?: string } }>(
    "/domains/:domainId/floows",
    {
      compress: false,
      config: { rateLimit },
      schema: {
        params: { type: "object", properties: { domainId: idParam }, required: ["domainId"] },
        querystring: visitorQuery,
      },
    },
    async (request, reply) => {
      const { domainId } = request.params;
      const result = await cached(publicFloowsKey.domain(domainId), async () => {
        const found = await findRuntimeDomain(deps.db, domainId);
        if (!found) return null;
        const live = await listLiveFloows(deps.db, found.domain.id);
        const domain = toPublicDomain(found.domain);
        const floows = live.map((floow) => toPublicFloow(floow, found.domain.host));
        return {
          answer: answer({ domain, floows } satisfies PublicDomainFloows),
          domain,
          floows,
          host: found.domain.host,
          experiments: await findRunningExperiments(
            deps.db,
            floows.map((floow) => floow.id),
          ),
        };
      });
      if (!result) return sendError(reply, 404, "NOT_FOUND", "No such domain.");
      const personal = await forVisitor(
        result,
        request.query.visitor,
        (floows) => ({ domain: result.domain, floows }) satisfies PublicDomainFloows,
      );
      return sendCached(request, reply, personal);
    },
  );

  /** One live floow with its domain's colours and fonts (the /floow/:id page, a direct link). */
  scope.get<{ Params: { id: string }; Querystring: { visitor?: string } }>(
    "/floows/:id",
    {
      compress: false,
      config: { rateLimit },
      schema: {
        params: { type: "object", properties: { id: idParam }, required: ["id"] },
        querystring: visitorQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await cached(publicFloowsKey.floow(id), async () => {
        const floow = await findLiveFloow(deps.db, id);
        const found = floow ? await findRuntimeDomain(deps.db, floow.domainId) : null;
        if (!floow || !found) return null;
        const domain = toPublicDomain(found.domain);
        const shown = toPublicFloow(floow, found.domain.host);
        return {
          answer: answer({ domain, floow: shown } satisfies PublicFloowResponse),
          domain,
          floows: [shown],
          host: found.domain.host,
          experiments: await findRunningExperiments(deps.db, [id]),
        };
      });
      if (!result) return sendError(reply, 404, "NOT_FOUND", "No such live floow.");
      const personal = await forVisitor(
        result,
        request.query.visitor,
        ([floow]) => ({ domain: result.domain, floow: floow! }) satisfies PublicFloowResponse,
      );
      return sendCached(request, reply, personal);
    },
  );
}
