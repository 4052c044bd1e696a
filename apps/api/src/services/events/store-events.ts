import { sql } from "kysely";
import type { Kysely } from "kysely";
import { prepareOnServer } from "../../db/client";
import type { DB } from "../../db/database";
import { rawDatabase } from "../../db/raw";
import { eventBatch, newEventsSql } from "../../db/queries/event";
import type { EventToStore } from "../../db/queries/event";
import { eventItemsSql } from "../../db/queries/event-items";
import { eventSessionsSql } from "../../db/queries/event-session";
import { announceQueuedJobs } from "../../db/queries/job";
import { eventDeliveriesSql, WEBHOOK_DELIVERY_JOB } from "../webhooks/outbox";

const fresh = sql`"fresh"`;

/**
 * Stores accepted interaction events, and with them everything that must follow from them (the
 * analytics session rollup and daily items, the webhook and integration outbox), in ONE
 * statement: its common table expressions insert the events (`ON CONFLICT DO NOTHING`: a
 * resent event is not stored twice), and from the rows that insert returns, the newly stored
 * ones only, write the session rollup, the items and the deliveries with their jobs. One
 * statement is one transaction, so an event is never stored without its deliveries nor
 * delivered without being stored, and the batch costs the database one round trip
 * (docs/analytics.md "Ingest speed"). Every insert writes its rows sorted by its key (events
 * by floow and message id, sessions by floow and session, items by their key), so two writes
 * at once (two writers, two API processes) lock rows in one order and never deadlock. The one
 * writer of the `event` table (the ingest's group-commit writer, services/events/ingest.ts,
 * calls it with the events of many requests at once). Returns the events newly stored (a
 * resent one is not), in arrival order.
 *
 * On the PostgreSQL server the statement's transaction commits without waiting for its WAL
 * flush (`synchronous_commit = off` for this transaction only, set by the statement itself):
 * a crash of the database server (not of the API) may lose the last fraction of a second of
 * accepted events (at most about three times `wal_writer_delay`, 200 ms by default), never
 * corrupts or half-applies a transaction; a graceful shutdown of either loses none. PGlite
 * keeps the default: it has no WAL writer that would flush such a commit later.
 */
export async function storeEvents(
  db: Kysely<DB>,
  events: readonly EventToStore[],
): Promise<EventToStore[]> {
  if (events.length === 0) return [];
  const now = new Date();
  const batch = eventBatch(events, now);
  const server = rawDatabase(db)?.kind === "postgres";
  // One row: `o`, the places of the newly stored events as one array (not a row each for the
  // driver to parse and make an object of); `d`, how many deliveries the batch queued, so the
  // job worker hears of them.
  const query = sql<{ o: number[] | null; d: number }>`
    with ${newEventsSql(batch, server ? sql`set_config('synchronous_commit', 'off', true)` : undefined, server)},
    ${eventSessionsSql(fresh)},
    ${eventItemsSql(batch.items, fresh)},
    ${eventDeliveriesSql(fresh, now, batch.domainIds)}
    select (select array_agg("o" order by "o") from "fresh") as "o",
      (select count(*) from "deliveries")::int as "d"`.compile(db);
  // Its text is the same for every batch (the rows are parameters): parsed and planned once per connection.
  if (server) prepareOnServer(query.sql);
  const { rows } = await db.executeQuery(query);
  // Committed (one statement is one transaction): the deliveries start now, not at the next poll.
  if ((rows[0]?.d ?? 0) > 0) announceQueuedJobs(db, WEBHOOK_DELIVERY_JOB);
  return (rows[0]?.o ?? []).map((o) => batch.events[o]!);
}
