import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { insertEvents } from "../../db/queries/event";
import type { EventToStore } from "../../db/queries/event";

/**
 * Stores accepted interaction events, and in the same transaction everything that must follow
 * from them (the webhook and integration outbox), so an event is never stored without its
 * deliveries nor delivered without being stored. The one writer of the `event` table.
 */
export async function storeEvents(db: Kysely<DB>, events: readonly EventToStore[]): Promise<void> {
  if (events.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await insertEvents(trx, events);
  });
}
