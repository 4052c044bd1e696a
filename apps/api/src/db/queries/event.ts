import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import type {
  EventRecentQuery,
  FloowEventMessage,
  FloowEventType,
  InspectedEvent,
  InspectedEventPage,
} from "@floow/domain/events";
import type { DB } from "../database";
import { eventItems, SessionItems } from "./event-items";
import type { EventItem } from "./event-items";
import { sessionFields } from "./event-session";

export interface EventToStore {
  organizationId: string;
  domainId: string;
  message: FloowEventMessage;
  /** The shopper's device and language, read from the request that brought the event. */
  device?: EventDevice;
  /** When Floow received it (default: the database's now; the demo data generator sets it). */
  receivedAt?: Date;
}

export interface EventDevice {
  os: string;
  language: string;
}

/** A batch of events as the ingest's statement takes them (`newEventsSql`). */
export interface EventBatch {
  /** One event per floow and message id (the last of repeats), in arrival order: `o` is the place here. */
  events: EventToStore[];
  /** Their rows as JSON, in key order. */
  rows: string;
  /** The floows they are of, each once. */
  floowIds: string[];
  /** The domains they are stored under, each once (the outbox looks for their webhooks once). */
  domainIds: string[];
  /** The time of the rows that have none of their own: `now` as ISO text and in epoch ms. */
  now: { text: string; ms: number };
  /** What each adds to the daily items (`eventItemsSql`). */
  items: EventItem[];
}

/**
 * One event's row of the batch's JSON: only what its message does not hold (the statement reads
 * the floow, session, ids, type, version, visitor and arm from `payload`, and the organization
 * and domain when the message's are the event's, as the ingest's trusted messages' are) and
 * no key for what is absent (`created_at` and `t` only for an event with a time of its own, `step_id` and
 * `answer` only for an answer): the JSON is both built and sent here and parsed by the
 * database, so its length is CPU on both sides (docs/analytics.md "Ingest speed").
 */
interface EventRow {
  organization_id?: string;
  domain_id?: string;
  created_at?: string;
  o: number;
  t?: number;
  os: string;
  language: string;
  step_id?: string;
  answer?: string;
  payload: FloowEventMessage;
}

/** The batch's events, one per key (their rows' time their own or `now`), rows in key order. */
export function eventBatch(events: readonly EventToStore[], now = new Date()): EventBatch {
  // One event per floow and message id: the first one's place, the last one's content. Keyed
  // by floow, then id, not by a joined string: building and hashing a 70-character key per
  // event was a measurable part of the ingest's CPU (docs/analytics.md "Ingest speed").
  const places = new Map<string, Map<string, number>>();
  const latest: EventToStore[] = [];
  for (const event of events) {
    const { floowId, id } = event.message;
    let ofFloow = places.get(floowId);
    if (!ofFloow) places.set(floowId, (ofFloow = new Map()));
    const place = ofFloow.get(id);
    if (place === undefined) {
      ofFloow.set(id, latest.length);
      latest.push(event);
    } else latest[place] = event;
  }
  const rows: EventRow[] = [];
  const items: EventItem[] = [];
  const sessionItems = new SessionItems();
  const domainIds = new Set<string>();
  for (let o = 0; o < latest.length; o++) {
    const event = latest[o]!;
    const { message, receivedAt } = event;
    domainIds.add(event.domainId);
    eventItems(message, o, items, sessionItems.of(message.floowId, message.sessionId));
    const { step_id, answer } = sessionFields(message);
    const row: EventRow = {
      o,
      os: event.device?.os ?? "unknown",
      language: event.device?.language ?? "unknown",
      payload: message,
    };
    // The ingest's messages carry the organization and domain the event is stored under
    // (trustedMessage); other callers' need not.
    if (event.organizationId !== message.organizationId) row.organization_id = event.organizationId;
    if (event.domainId !== message.domainId) row.domain_id = event.domainId;
    if (receivedAt) {
      row.created_at = receivedAt.toISOString();
      row.t = receivedAt.getTime();
    }
    if (step_id !== null) row.step_id = step_id;
    if (answer !== null) row.answer = answer;
    rows.push(row);
  }
  // In key order (floow, then message id), so two writes at once lock the unique index's
  // entries in the same order.
  rows.sort((a, b) => compareKeys(a.payload, b.payload));
  return {
    events: latest,
    rows: JSON.stringify(rows),
    floowIds: [...places.keys()],
    domainIds: [...domainIds],
    now: { text: now.toISOString(), ms: now.getTime() },
    items,
  };
}

/** The order of the `event` table's unique key (`floow_id`, `client_event_id`). */
function compareKeys(a: FloowEventMessage, b: FloowEventMessage): number {
  if (a.floowId !== b.floowId) return a.floowId < b.floowId ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The common table expressions that store a batch's events (`inserted`: a message already
 * stored for its floow, a resent batch, is skipped) and name the newly stored ones (`fresh`:
 * their columns and what `eventBatch` sends with them), from which everything that follows
 * from an event (its rollups, its deliveries) is written, so it follows only once. All rows
 * go as one JSON parameter split by the database: a statement of thousands of rows parses and
 * plans in the time of a small one, and the messages go as they are; the columns a message
 * holds are read from it (`->>` of the parsed `payload`), not sent twice. `before` runs first
 * (a setting for the transaction). `jsonb`: the parameter is read as `jsonb`, parsed once (as
 * `json` it is checked, split, and each message parsed again into its `jsonb` column): less
 * CPU on the PostgreSQL server, but measured about a tenth more per event on PGlite (WASM).
 */
export function newEventsSql(batch: EventBatch, before?: RawBuilder<unknown>, jsonb = false) {
  const rows = jsonb
    ? sql`jsonb_to_recordset(${batch.rows}::jsonb)`
    : sql`json_to_recordset(${batch.rows}::json)`;
  return sql`${before ? sql`"before" as materialized (select ${before}), ` : sql``}"input" as materialized (
      select coalesce(u."organization_id", u."payload"->>'organizationId') as "organization_id",
        coalesce(u."domain_id", u."payload"->>'domainId') as "domain_id", u."payload"->>'floowId' as "floow_id", u."payload"->>'sessionId' as "session_id",
        u."payload"->>'id' as "client_event_id", u."payload"->>'type' as "type", (u."payload"->>'floowVersion')::integer as "floow_version",
        u."payload"->>'visitorId' as "visitor_id", u."payload"->>'variantId' as "variant_id",
        coalesce(u."created_at", ${batch.now.text}::timestamptz) as "created_at", u."o", coalesce(u."t", ${batch.now.ms}::bigint) as "t",
        u."os", u."language", u."step_id", u."answer", u."payload"
      from ${rows} as u("organization_id" text, "domain_id" text, "created_at" timestamptz, "o" integer, "t" bigint,
        "os" text, "language" text, "step_id" text, "answer" text, "payload" jsonb)
    ), "floows" as materialized (
      -- The group's floows that exist, locked until its commit as the foreign key dropped by
      -- migration 20261126213000 locked them for each row: a floow deleted meanwhile waits, and
      -- its trigger then deletes these events too; the events of one already deleted are skipped.
      select "id" from "floow" where "id" = any (${batch.floowIds}::text[]) order by "id" for key share
    ), "inserted" as (
      insert into "event" ("id", "organization_id", "domain_id", "floow_id", "session_id", "client_event_id", "type", "floow_version", "visitor_id", "variant_id", "payload", "created_at")
      select gen_random_uuid()::text, "organization_id", "domain_id", "floow_id", "session_id", "client_event_id", "type", "floow_version", "visitor_id", "variant_id", "payload", "created_at"
      from "input"${before ? sql` cross join "before"` : sql``}
      -- A filter on the scan of "input" (an array of the few ids, not a join): the rows stay in key order.
      where "floow_id" = any (array(select "id" from "floows"))
      on conflict ("floow_id", "client_event_id") do nothing
      returning "floow_id", "client_event_id"
    ), "fresh" as materialized (
      select i.* from "input" i join "inserted" using ("floow_id", "client_event_id")
    )`;
}

/**
 * Stores events in one insert, without their rollups or deliveries (tests that need only
 * rows); a message already stored for its floow is skipped. Returns the events stored.
 */
export async function insertEvents(
  db: Kysely<DB>,
  events: readonly EventToStore[],
): Promise<EventToStore[]> {
  if (events.length === 0) return [];
  const batch = eventBatch(events);
  const { rows } = await sql<{
    o: number;
  }>`with ${newEventsSql(batch)} select "o" from "fresh" order by "o"`.execute(db);
  return rows.map((row) => batch.events[row.o]!);
}

/** `created_at` to the microsecond, in UTC: the exact point a cursor continues from. */
const cursorInstant = sql<string>`to_char("event"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The organization's events with their floow's name and cursor, optionally of one floow or
 * type: what /inspect lists, in pages and live. A floow of another organization finds nothing.
 */
function inspectedEvents(
  db: Kysely<DB>,
  organizationId: string,
  query: { floowId?: string | undefined; type?: FloowEventType | undefined },
) {
  let select = db
    .selectFrom("event")
    .innerJoin("floow", (join) =>
      join
        .onRef("floow.id", "=", "event.floow_id")
        .onRef("floow.organization_id", "=", "event.organization_id"),
    )
    .select([
      "event.id",
      "event.floow_id",
      "floow.name as floow_name",
      "event.domain_id",
      "event.session_id",
      "event.type",
      "event.created_at",
      "event.payload",
      cursorInstant.as("cursor_at"),
    ])
    .where("event.organization_id", "=", organizationId);
  if (query.floowId !== undefined) select = select.where("event.floow_id", "=", query.floowId);
  if (query.type !== undefined) select = select.where("event.type", "=", query.type);
  return select;
}

type InspectedEventRow = Awaited<ReturnType<ReturnType<typeof inspectedEvents>["execute"]>>[number];

function toInspectedEvent(row: InspectedEventRow): InspectedEvent {
  return {
    id: row.id,
    floowId: row.floow_id,
    floowName: row.floow_name,
    domainId: row.domain_id,
    sessionId: row.session_id,
    type: row.type as FloowEventType,
    createdAt: iso(row.created_at),
    payload: row.payload,
  };
}

/**
 * The organization's events, newest first (ties by id, so paging is stable), optionally of
 * one floow or type, older than the cursor. A floow of another organization finds nothing,
 * like an unknown one. Reads `limit + 1` rows to know whether another page follows.
 */
export async function listRecentEvents(
  db: Kysely<DB>,
  organizationId: string,
  query: EventRecentQuery,
): Promise<InspectedEventPage> {
  let select = inspectedEvents(db, organizationId, query);
  if (query.before !== undefined) {
    const [at, id] = query.before.split("~") as [string, string];
    select = select.where((eb) =>
      eb(
        eb.refTuple("event.created_at", "event.id"),
        "<",
        eb.tuple(sql<Date>`${at}::timestamptz`, id),
      ),
    );
  }
  const rows = await select
    .orderBy("event.created_at", "desc")
    .orderBy("event.id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map(toInspectedEvent),
    nextCursor: rows.length > query.limit && last ? `${last.cursor_at}~${last.id}` : null,
  };
}

/**
 * The organization's events stored after `after` (a cursor, `""` for none: then only the cursor
 * of the newest event), newest first, at most `limit`, and the cursor to continue from.
 */
export async function listEventsAfter(
  db: Kysely<DB>,
  organizationId: string,
  query: { floowId?: string; type?: FloowEventType; after: string },
  limit = 100,
): Promise<{ events: InspectedEvent[]; cursor: string }> {
  let select = inspectedEvents(db, organizationId, query);
  if (query.after !== "") {
    const [at, id] = query.after.split("~") as [string, string];
    select = select.where((eb) =>
      eb(
        eb.refTuple("event.created_at", "event.id"),
        ">",
        eb.tuple(sql<Date>`${at}::timestamptz`, id),
      ),
    );
  }
  const rows = await select
    .orderBy("event.created_at", "desc")
    .orderBy("event.id", "desc")
    .limit(query.after === "" ? 1 : limit)
    .execute();
  const newest = rows[0];
  return {
    events: query.after === "" ? [] : rows.map(toInspectedEvent),
    cursor: newest
      ? `${newest.cursor_at}~${newest.id}`
      : query.after || "1970-01-01T00:00:00.000000Z~0",
  };
}
