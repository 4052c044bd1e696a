import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { FloowEventMessage } from "@floow/domain";
import type { DB } from "../database";

export interface EventToStore {
  organizationId: string;
  domainId: string;
  message: FloowEventMessage;
}

/** Stores events; a message already stored for its floow (a resent batch) is skipped. */
export async function insertEvents(db: Kysely<DB>, events: readonly EventToStore[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto("event")
    .values(
      events.map(({ organizationId, domainId, message }) => ({
        id: randomUUID(),
        organization_id: organizationId,
        domain_id: domainId,
        floow_id: message.floowId,
        session_id: message.sessionId,
        client_event_id: message.id,
        type: message.type,
        payload: JSON.stringify(message),
      })),
    )
    .onConflict((oc) => oc.columns(["floow_id", "client_event_id"]).doNothing())
    .execute();
}
