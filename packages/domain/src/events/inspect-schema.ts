import { z } from "zod";
import { idSchema } from "../shared/schema";
import { EVENT_TYPES } from "./constants";
import type { FloowEventType } from "./constants";
import type { FloowEventMessage } from "./types";

/** The inspector's page size: 50 unless asked, at most 100 (one public events batch). */
export const EVENT_RECENT_LIMIT_DEFAULT = 50;
export const EVENT_RECENT_LIMIT_MAX = 100;

/**
 * `event.recent`'s cursor: the last event's `created_at` to the microsecond (the database's
 * precision: a millisecond cursor would skip events of the same millisecond) and its id,
 * as `2026-11-23T17:30:00.123456Z~<id>`. Only the API writes it; the dashboard passes it back.
 */
export const EVENT_CURSOR_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z~[^~\s]{1,100}$/;

/** A real UTC date and time (the pattern alone lets `2026-02-30` through, which PostgreSQL refuses). */
/** A cursor is a microsecond instant, `~` and an event id (EVENT_CURSOR_PATTERN): at most 128 characters. */
const EVENT_CURSOR_MAX = 160;

function isRealInstant(cursor: string): boolean {
  const match = EVENT_CURSOR_PATTERN.exec(cursor);
  if (!match) return false;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

/** `event.recent` (the /inspect screen): the organization's newest events, optionally of one floow or type. */
export const eventRecentSchema = z
  .object({
    floowId: idSchema.optional(),
    type: z.enum(EVENT_TYPES, { error: "Please choose an event type." }).optional(),
    limit: z
      .number({ error: `The limit is a whole number from 1 to ${EVENT_RECENT_LIMIT_MAX}.` })
      .int({ error: `The limit is a whole number from 1 to ${EVENT_RECENT_LIMIT_MAX}.` })
      .min(1, { error: `The limit is a whole number from 1 to ${EVENT_RECENT_LIMIT_MAX}.` })
      .max(EVENT_RECENT_LIMIT_MAX, {
        error: `The limit is a whole number from 1 to ${EVENT_RECENT_LIMIT_MAX}.`,
      })
      .default(EVENT_RECENT_LIMIT_DEFAULT),
    /** The `nextCursor` of the previous page: events older than its last one. */
    before: z
      .string({ error: "Please pass the nextCursor of an earlier answer." })
      .max(EVENT_CURSOR_MAX, { error: "Please pass the nextCursor of an earlier answer." })
      .refine(isRealInstant, { error: "Please pass the nextCursor of an earlier answer." })
      .optional(),
  })
  .default({ limit: EVENT_RECENT_LIMIT_DEFAULT });

export type EventRecentInput = z.input<typeof eventRecentSchema>;
export type EventRecentQuery = z.output<typeof eventRecentSchema>;

/**
 * One stored event as the inspector shows it. Kept beside its schema rather than in
 * `types.ts`: it is the dashboard's view of `event.recent`, not part of the runtime's contract.
 */
export interface InspectedEvent {
  id: string;
  floowId: string;
  floowName: string;
  domainId: string;
  sessionId: string;
  type: FloowEventType;
  /** When Floow stored it (ISO 8601); the message's own `createdAt` is the visitor's clock. */
  createdAt: string;
  /** The message as the runtime posted it. */
  payload: FloowEventMessage;
}

/** A page of `event.recent`: newest first; `nextCursor` is null on the last page. */
export interface InspectedEventPage {
  events: InspectedEvent[];
  nextCursor: string | null;
}

/**
 * `event.live` (the /inspect screen's long poll): the events stored after `after` (a `cursor`
 * of an earlier answer), waiting up to about 25 seconds for one. Without `after`: no events,
 * only the cursor to start from (the newest stored event).
 */
export const eventLiveSchema = z
  .object({
    floowId: idSchema.optional(),
    type: z.enum(EVENT_TYPES, { error: "Please choose an event type." }).optional(),
    after: z
      .string({ error: "Please pass the cursor of an earlier answer." })
      .max(EVENT_CURSOR_MAX, { error: "Please pass the cursor of an earlier answer." })
      .refine((cursor) => cursor === "" || isRealInstant(cursor), {
        error: "Please pass the cursor of an earlier answer.",
      })
      .optional(),
  })
  .default({});

export type EventLiveQuery = z.output<typeof eventLiveSchema>;

/** An `event.live` answer: new events, newest first, and the cursor to ask from next. */
export interface LiveEventPage {
  events: InspectedEvent[];
  cursor: string;
}
