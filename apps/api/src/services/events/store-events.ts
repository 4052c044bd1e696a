import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { rawDatabase } from "../../db/raw";
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
 *
 * On the PostgreSQL server the transaction commits without waiting for its WAL flush
 * (`synchronous_commit = off`, this transaction only; docs/analytics.md "Ingest speed"): a crash
 * of the database server (not of the API) may lose the last fraction of a second of accepted
 * events (at most about three times `wal_writer_delay`, 200 ms by default), never corrupts or
 * half-applies a transaction; a graceful shutdown of either loses none. PGlite keeps the
 * default: it has no WAL writer that would flush such a commit later.
 */
export async function storeEvents(
  db: Kysely<DB>,
  events: readonly EventToStore[],
): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  const server = rawDatabase(db)?.kind === "postgres";
  return db.transaction().execute(async (trx) => {
    if (server) await sql`set local synchronous_commit = off`.execute(trx);
    const stored = await insertEvents(trx, events);
    await addToEventSessions(trx, stored);
    await addToEventItems(trx, stored);
    await enqueueEventDeliveries(trx, stored);
    return stored;
  });
}
