import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "../database";
import type { StoredEvent } from "./event";

interface SessionDelta {
  floow_id: string;
  session_id: string;
  organization_id: string;
  domain_id: string;
  first_at: Date;
  last_at: Date;
  mounts: number;
  starts: number;
  answers: number;
  finishes: number;
  clicks: number;
  last_step_id: string | null;
  last_step_at: Date | null;
  os: string;
  language: string;
}

/** What a set of newly stored events adds to their sessions, one delta per floow and session. */
function sessionDeltas(events: readonly StoredEvent[]): SessionDelta[] {
  const deltas = new Map<string, SessionDelta>();
  for (const { organizationId, domainId, message, device, receivedAt } of events) {
    const key = `${message.floowId}\u0000${message.sessionId}`;
    let delta = deltas.get(key);
    if (!delta) {
      delta = {
        floow_id: message.floowId,
        session_id: message.sessionId,
        organization_id: organizationId,
        domain_id: domainId,
        first_at: receivedAt,
        last_at: receivedAt,
        mounts: 0,
        starts: 0,
        answers: 0,
        finishes: 0,
        clicks: 0,
        last_step_id: null,
        last_step_at: null,
        os: device?.os ?? "unknown",
        language: device?.language ?? "unknown",
      };
      deltas.set(key, delta);
    }
    if (receivedAt < delta.first_at) delta.first_at = receivedAt;
    if (receivedAt > delta.last_at) delta.last_at = receivedAt;
    switch (message.type) {
      case "mount":
        delta.mounts++;
        break;
      case "start":
        delta.starts++;
        break;
      case "choice":
      case "form":
        delta.answers++;
        // Events of one batch share their arrival time: the later one in the batch wins.
        if (message.step && (!delta.last_step_at || receivedAt >= delta.last_step_at)) {
          delta.last_step_id = message.step.id;
          delta.last_step_at = receivedAt;
        }
        break;
      case "finish":
        delta.finishes++;
        break;
      case "product":
        delta.clicks++;
        break;
      default:
        break;
    }
  }
  // A fixed order, so two writers (two API processes) lock the rows in the same order.
  return [...deltas.values()].sort((a, b) =>
    a.floow_id === b.floow_id ? (a.session_id < b.session_id ? -1 : 1) : a.floow_id < b.floow_id ? -1 : 1,
  );
}

/**
 * Adds newly stored events to their sessions' rollup rows (`event_session`), in the caller's
 * transaction: one multi-row upsert.
 */
export async function addToEventSessions(db: Kysely<DB>, events: readonly StoredEvent[]): Promise<void> {
  const deltas = sessionDeltas(events);
  if (deltas.length === 0) return;
  const column = <T>(pick: (delta: SessionDelta) => T) => deltas.map(pick);
  const time = (value: Date | null) => (value === null ? null : value.toISOString());
  // Arrays unnested by the database: one parameter per column, however many sessions.
  await sql`
    insert into "event_session" ("floow_id", "session_id", "organization_id", "domain_id", "first_at", "last_at", "mounts", "starts",
      "answers", "finishes", "clicks", "last_step_id", "last_step_at", "os", "language")
    select "floow_id", "session_id", "organization_id", "domain_id", "first_at"::timestamptz, "last_at"::timestamptz, "mounts", "starts",
      "answers", "finishes", "clicks", "last_step_id", "last_step_at"::timestamptz, "os", "language"
    from unnest(
      ${column((d) => d.floow_id)}::text[], ${column((d) => d.session_id)}::text[], ${column((d) => d.organization_id)}::text[],
      ${column((d) => d.domain_id)}::text[], ${column((d) => time(d.first_at))}::text[], ${column((d) => time(d.last_at))}::text[],
      ${column((d) => d.mounts)}::int[], ${column((d) => d.starts)}::int[], ${column((d) => d.answers)}::int[],
      ${column((d) => d.finishes)}::int[], ${column((d) => d.clicks)}::int[], ${column((d) => d.last_step_id)}::text[],
      ${column((d) => time(d.last_step_at))}::text[], ${column((d) => d.os)}::text[], ${column((d) => d.language)}::text[]
    ) as u("floow_id", "session_id", "organization_id", "domain_id", "first_at", "last_at", "mounts", "starts", "answers",
      "finishes", "clicks", "last_step_id", "last_step_at", "os", "language")
    on conflict ("floow_id", "session_id") do update set
      "first_at" = least("event_session"."first_at", excluded."first_at"),
      "last_at" = greatest("event_session"."last_at", excluded."last_at"),
      "mounts" = "event_session"."mounts" + excluded."mounts",
      "starts" = "event_session"."starts" + excluded."starts",
      "answers" = "event_session"."answers" + excluded."answers",
      "finishes" = "event_session"."finishes" + excluded."finishes",
      "clicks" = "event_session"."clicks" + excluded."clicks",
      "last_step_id" = case when excluded."last_step_at" is not null and ("event_session"."last_step_at" is null
        or excluded."last_step_at" >= "event_session"."last_step_at") then excluded."last_step_id" else "event_session"."last_step_id" end,
      "last_step_at" = greatest("event_session"."last_step_at", excluded."last_step_at"),
      "os" = case when "event_session"."os" = 'unknown' then excluded."os" else "event_session"."os" end,
      "language" = case when "event_session"."language" = 'unknown' then excluded."language" else "event_session"."language" end`.execute(db);
}
