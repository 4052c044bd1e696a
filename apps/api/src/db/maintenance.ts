import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "./database";

/*
 * Autovacuum's work, for PGlite. PGlite runs PostgreSQL in single-user mode, which has no
 * autovacuum (the setting says `on`; no worker ever runs): nothing reclaims the rows that
 * updates and deletes leave behind, and nothing gathers the planner's statistics. Measured on
 * PGlite 0.4.6 (2026-11-27): a table with 100,000 dead rows still had them 80 s later; a feed
 * of 50,000 products refreshed four times grew `product` from 22 to 75 MB, by the feed's size
 * at every refresh (an import deletes the old products and inserts the new ones, and the
 * space of the old ones was never reused), so a data folder grew without end.
 *
 * So the API does on PGlite what autovacuum does on a server, with autovacuum's own rules
 * (PostgreSQL 15's defaults): a table is vacuumed once its dead rows pass 50 + 20 % of its
 * rows, and analyzed once the rows changed since its last analysis pass 50 + 10 %. The
 * PostgreSQL server has its own autovacuum; this is not run there.
 */

/** A table autovacuum's rules say is due, and for what. */
export interface MaintenanceDue {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/** autovacuum_vacuum_threshold, autovacuum_vacuum_scale_factor (PostgreSQL's defaults). */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
/** autovacuum_analyze_threshold, autovacuum_analyze_scale_factor. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/**
 * The application's tables that are due, most dead rows first. A PGlite import's staging
 * tables (`product_stage_…`) are left out: they live only while their import runs.
 */
export async function tablesDueForMaintenance(db: Kysely<DB>): Promise<MaintenanceDue[]> {
  const { rows } = await sql<MaintenanceDue>`
    select "table", "vacuum", "analyze" from (
      select s."relname" as "table", s."n_dead_tup" as "dead",
        s."n_dead_tup" > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE} * greatest(c."reltuples", 0) as "vacuum",
        s."n_mod_since_analyze" > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE} * greatest(c."reltuples", 0) as "analyze"
      from "pg_stat_user_tables" s join "pg_class" c on c."oid" = s."relid"
      where s."schemaname" = 'public' and s."relname" not like 'product\\_stage\\_%'
    ) t
    where "vacuum" or "analyze"
    order by "dead" desc, "table"
  `.execute(db);
  return rows;
}

/** Vacuums and/or analyzes one table (a name from `tablesDueForMaintenance`). */
async function maintainTable(db: Kysely<DB>, due: MaintenanceDue): Promise<void> {
  const table = sql.id(due.table);
  if (due.vacuum && due.analyze) await sql`vacuum (analyze) ${table}`.execute(db);
  else if (due.vacuum) await sql`vacuum ${table}`.execute(db);
  else if (due.analyze) await sql`analyze ${table}`.execute(db);
}

/** Write-ahead log written since the last checkpoint past which the tick runs one (a segment). */
const CHECKPOINT_AFTER_BYTES = 16 * 1024 * 1024;

/** The bytes of write-ahead log written since the last checkpoint began. */
export async function walSinceCheckpoint(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{
    bytes: string;
  }>`select pg_wal_lsn_diff(pg_current_wal_lsn(), "redo_lsn") as "bytes" from pg_control_checkpoint()`.execute(
    db,
  );
  return Number(rows[0]?.bytes ?? 0);
}

export interface MaintenanceDone {
  tables: MaintenanceDue[];
  /** Whether a checkpoint ran (the log had grown past `checkpointAfterBytes`). */
  checkpoint: boolean;
}

/**
 * Vacuums and analyzes every table that is due, one statement each, the event loop running
 * between them (PGlite works in this thread: each statement holds it, about 70 ms for a
 * table of 300,000 rows and 200 ms with as many dead ones); then a checkpoint, when more than
 * a segment of log was written since the last one. A running PGlite never checkpoints on its
 * own (only when it closes), and the log is removed or recycled only at a checkpoint: its
 * folder grew by about 40 MB per refresh of a 50,000-product feed, past 1.4 GB with no end
 * (max_wal_size did not stop it); with this it stays at `min_wal_size` (80 MB). A checkpoint
 * writes the few dirty buffers (shared_buffers is 16 MB; PGlite does not fsync): 13-20 ms.
 */
export async function runMaintenance(
  db: Kysely<DB>,
  options: { checkpointAfterBytes?: number } = {},
): Promise<MaintenanceDone> {
  const tables = await tablesDueForMaintenance(db);
  for (const each of tables) {
    await yieldToEventLoop();
    await maintainTable(db, each);
  }
  const checkpoint =
    (await walSinceCheckpoint(db)) > (options.checkpointAfterBytes ?? CHECKPOINT_AFTER_BYTES);
  if (checkpoint) {
    await yieldToEventLoop();
    await sql`checkpoint`.execute(db);
  }
  return { tables, checkpoint };
}
