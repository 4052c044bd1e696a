import { eventBatchEnvelopeSchema, floowEventMessageSchema } from "@floow/domain/events";
import { fieldErrorsFrom } from "@floow/domain/errors";
import type { FieldError } from "@floow/domain/errors";
import type { FloowEventMessage } from "@floow/domain/events";
import type { PublicEventsAccepted } from "@floow/domain/public";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { findLiveFloowRefs, findVersionContent } from "../../db/queries/floow-version";
import type { LiveFloowRef } from "../../db/queries/floow-version";
import { CACHES, createTtlCache } from "../../services/cache";
import type { EventDevice, EventToStore } from "../../db/queries/event";
import { eventDevice } from "../../services/events/device";
import type { EventIngest } from "../../services/events/ingest";
import { trustedMessage, versionIds } from "../../services/events/trusted-message";
import type { VersionIds } from "../../services/events/trusted-message";
import { sendError, sendValidationError } from "../errors";
import { readJsonBody } from "./body";

/** A message's floow and the ids of its version: null until loaded, or when the floow has no such version. */
interface VersionLoad {
  floow: LiveFloowRef;
  ids: VersionIds | null;
}

/** 100 events, a few with a product list. */
export const EVENTS_BODY_LIMIT = 512 * 1024;

/**
 * The batch's messages that pass `floowEventMessageSchema` (each checked on its own), and the
 * field errors of the others, with their paths under `events.<index>`.
 */
function validMessages(events: readonly unknown[]): {
  valid: FloowEventMessage[];
  fieldErrors: FieldError[];
} {
  const valid: FloowEventMessage[] = [];
  const fieldErrors: FieldError[] = [];
  for (let index = 0; index < events.length; index++) {
    const parsed = floowEventMessageSchema.safeParse(events[index]);
    if (parsed.success) valid.push(parsed.data);
    else
      for (const error of fieldErrorsFrom(parsed.error))
        fieldErrors.push({ ...error, path: ["events", index, ...error.path] });
  }
  return { valid, fieldErrors };
}

export function registerEventsRoute(
  scope: FastifyInstance,
  deps: { db: Kysely<DB>; ingest: EventIngest; floowCacheMs: number },
  rateLimit: { max: number },
): void {
  // Which floows are live, by id: looked up once per few seconds, not per request (a page
  // sends a batch a second). Named like the results' floow cache, so a publish or an archive
  // that invalidates one (here and in other processes) invalidates both.
  const liveFloows = createTtlCache<LiveFloowRef | null>({
    ...CACHES.liveFloows,
    ttlMs: deps.floowCacheMs,
  });
  const lookUp = async (ids: readonly string[]) => {
    const unique = [...new Set(ids)];
    const refs = await Promise.all(
      unique.map((id) =>
        liveFloows.get(id, async () => (await findLiveFloowRefs(deps.db, [id])).get(id) ?? null),
      ),
    );
    return new Map(unique.map((id, index) => [id, refs[index]]));
  };
  // The step, choice and form-input ids of each published version a message names (or, when
  // it names none, of the live one). A version never changes: its time only frees memory.
  const versionIdsCache = createTtlCache<VersionIds | null>(CACHES.versionIds);
  const idsOf = (floow: LiveFloowRef, number: number) =>
    versionIdsCache.get(`${floow.id}:${number}`, async () => {
      const content = await findVersionContent(deps.db, floow.organizationId, floow.id, number);
      return content ? versionIds(content) : null;
    });

  /**
   * The messages to store, each under its floow's organization and domain (`trustedMessage`);
   * messages of unknown or non-live floows or versions, or naming ids their version does not
   * have, are left out.
   */
  const eventsToStore = async (
    valid: readonly FloowEventMessage[],
    device: EventDevice,
  ): Promise<EventToStore[]> => {
    const floows = await lookUp(valid.map((event) => event.floowId));
    // Each version named once, whatever the number of its events: by floow, then number (not
    // a joined "floow:number" key built and hashed for every message, about 2 % of the
    // ingest's CPU in a profile). A request's events are mostly of one floow and version.
    const versions = new Map<string, Map<number, VersionLoad>>();
    const loads: Promise<void>[] = [];
    const versionOf = (message: FloowEventMessage, floow: LiveFloowRef): VersionLoad => {
      const number = message.floowVersion ?? floow.floowVersion;
      let ofFloow = versions.get(floow.id);
      if (!ofFloow) versions.set(floow.id, (ofFloow = new Map()));
      let version = ofFloow.get(number);
      if (!version) {
        const load: VersionLoad = { floow, ids: null };
        loads.push(idsOf(floow, number).then((ids) => void (load.ids = ids)));
        ofFloow.set(number, (version = load));
      }
      return version;
    };
    const named: (VersionLoad | undefined)[] = [];
    for (const message of valid) {
      const floow = floows.get(message.floowId);
      named.push(floow ? versionOf(message, floow) : undefined);
    }
    await Promise.all(loads);
    const known: EventToStore[] = [];
    for (let index = 0; index < valid.length; index++) {
      const version = named[index];
      if (!version?.ids) continue;
      const { floow, ids } = version;
      const message = valid[index]!;
      const { organizationId, domainId } = floow;
      const trusted = trustedMessage(message, {
        organizationId,
        domainId,
        floowId: floow.id,
        floowVersion: message.floowVersion,
        ids,
      });
      if (trusted) known.push({ organizationId, domainId, message: trusted, device });
    }
    return known;
  };

  /**
   * `{ events: FloowEventMessage[] }` (1 to 100) → 202 `{ accepted, ignored }` once stored.
   * Each event is stored, and delivered to webhooks and integrations, under its floow's
   * organization, domain and version, written into its message too (`trustedMessage`: never
   * the ones the message claims, docs/webhooks.md "What a receiver can trust"); events of
   * unknown or non-live floows, of a version the floow does not have, or naming a step, choice
   * or form input that version does not have are ignored and counted. Each message is
   * checked on its own: when some are invalid the valid ones are still stored, and the answer
   * is a 400 naming the first invalid field (`events.3.product`), with the counts beside the
   * error. Takes `text/plain` bodies (sendBeacon) as well as JSON.
   */
  scope.post(
    "/events",
    // No compression hook: the answer is a few dozen bytes, under any threshold, and the
    // hook's checks cost about 3.5% of the ingest's server CPU (docs/analytics.md "Ingest speed").
    { bodyLimit: EVENTS_BODY_LIMIT, config: { rateLimit }, compress: false },
    async (request, reply) => {
      const body = readJsonBody(request.body);
      if (!body.ok) return sendError(reply, 400, "BAD_REQUEST", body.message);
      const envelope = eventBatchEnvelopeSchema.safeParse(body.value);
      if (!envelope.success) return sendValidationError(reply, envelope.error);
      const received = envelope.data.events.length;
      const { valid, fieldErrors } = validMessages(envelope.data.events);
      // Only the messages to store are kept while the write runs (tens of milliseconds, under
      // load): the parsed body and the validated copies are garbage already, not objects the
      // garbage collector copies and promotes with every request in flight.
      const known = await eventsToStore(valid, eventDevice(request.headers));
      const stored = deps.ingest.add(known);
      if (stored === false) {
        reply.header("retry-after", "2");
        return sendError(
          reply,
          503,
          "UNAVAILABLE",
          "Too many events are waiting to be stored. Try again in a few seconds.",
        );
      }
      await stored;
      const answer: PublicEventsAccepted = {
        accepted: known.length,
        ignored: received - known.length,
      };
      if (fieldErrors.length > 0) {
        const first = fieldErrors[0]!;
        return reply.code(400).send({
          error: {
            code: "BAD_REQUEST",
            message: `${first.path.join(".")}: ${first.message}`,
            fieldErrors,
          },
          ...answer,
        });
      }
      return reply.code(202).send(answer);
    },
  );
}
