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
  await db
    .insertInto("event_session")
    .values(deltas)
    .onConflict((oc) =>
      oc.columns(["floow_id", "session_id"]).doUpdateSet({
        first_at: sql`least("event_session"."first_at", excluded."first_at")`,
        last_at: sql`greatest("event_session"."last_at", excluded."last_at")`,
        mounts: sql`"event_session"."mounts" + excluded."mounts"`,
        starts: sql`"event_session"."starts" + excluded."starts"`,
        answers: sql`"event_session"."answers" + excluded."answers"`,
        finishes: sql`"event_session"."finishes" + excluded."finishes"`,
        clicks: sql`"event_session"."clicks" + excluded."clicks"`,
        last_step_id: sql`case when excluded."last_step_at" is not null and ("event_session"."last_step_at" is null or excluded."last_step_at" >= "event_session"."last_step_at") then excluded."last_step_id" else "event_session"."last_step_id" end`,
        last_step_at: sql`greatest("event_session"."last_step_at", excluded."last_step_at")`,
        os: sql`case when "event_session"."os" = 'unknown' then excluded."os" else "event_session"."os" end`,
        language: sql`case when "event_session"."language" = 'unknown' then excluded."language" else "event_session"."language" end`,
      }),
    )
    .execute();
}
