import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { insertEvents } from "../../db/queries/event";
import type { EventToStore, StoredEvent } from "../../db/queries/event";
import { addToEventItems } from "../../db/queries/event-items";
import { addToEventSessions } from "../../db/queries/event-session";
import { enqueueEventDeliveries } from "../webhooks/outbox";

/**
 * Stores accepted interaction events, and in the same transaction everything that must follow
 * from them (the analytics session rollup, the webhook and integration outbox), so an event is
 * never stored without its deliveries nor delivered without being stored. The one writer of
 * the `event` table (the ingest's group-commit writer, services/events/ingest.ts, calls it
 * with the events of many requests at once). Returns the events newly stored (a resent one is not).
 */
export async function storeEvents(db: Kysely<DB>, events: readonly EventToStore[]): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const stored = await insertEvents(trx, events);
    await addToEventSessions(trx, stored);
    await addToEventItems(trx, stored);
    await enqueueEventDeliveries(trx, stored);
    return stored;
  });
}
