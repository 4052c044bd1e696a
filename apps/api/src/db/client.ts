import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import type { PostgresPool, PostgresPoolClient } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { DB } from "./database";
import { openPGlite } from "./pglite";
import { registerRawDatabase } from "./raw";
import {
  currentQueryTimeout,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  unavailableReason,
} from "./unavailable";

export type DbKind = "pglite" | "postgres";

/** A Kysely instance with what it runs on and how to close it. */
export interface DbHandle {
  /** Background work (jobs, imports, migrations): a query may run up to the statement timeout. */
  db: Kysely<DB>;
  /**
   * The same database for HTTP requests (server.ts hands it to the routes): on the PostgreSQL
   * server a second Kysely over the same pool whose queries give up after `requestQueryMs`, so
   * a silent server is a 503 within about two seconds. Absent, or `db` itself on PGlite.
   */
  requestDb?: Kysely<DB>;
  kind: DbKind;
  close(): Promise<void>;
}

/** The Kysely instance HTTP requests use (`DbHandle.requestDb`, else `db`). */
export function requestDbOf(handle: DbHandle): Kysely<DB> {
  return handle.requestDb ?? handle.db;
}

export interface DbOptions {
  /** A PostgreSQL server; without it an embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's data folder; its data lives in `<dataDir>/pglite`. Without it PGlite runs in memory. */
  dataDir?: string;
  /** Errors of server connections (the server restarted, an admin killed a backend); the pool replaces them. */
  onConnectionError?: (error: Error) => void;
  /** Timeouts on the PostgreSQL server (ignored by PGlite); see `DbTimeouts`. */
  timeouts?: Partial<DbTimeouts>;
  /** In-memory PGlite only: start from this `dumpDataDir()` tarball (tests: a migrated template). */
  pgliteDump?: Blob;
}

/**
 * How long to wait for a PostgreSQL server before calling it unavailable. HTTP requests run
 * their queries with `requestQueryMs` (through `DbHandle.requestDb`), so a silent server
 * gives 503s within about two seconds; background work (imports, migrations) gets `statementMs`.
 */
export interface DbTimeouts {
  /** Opening a connection, or waiting for a free one in the pool (DB_CONNECT_TIMEOUT_MS). */
  connectMs: number;
  /** One query of an HTTP request, measured on the client (DB_REQUEST_TIMEOUT_MS). */
  requestQueryMs: number;
  /** One statement anywhere: the server's statement_timeout; the client gives up 5 s later (DB_STATEMENT_TIMEOUT_MS). */
  statementMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  connectMs: 1000,
  requestQueryMs: 1500,
  statementMs: 300_000,
};

type PoolClient = pg.PoolClient & { connection?: { stream?: { destroy(): void } } };

/** The names of the SQL texts `prepareOnServer` was given, in the order given. */
const preparedNames = new Map<string, string>();

/**
 * Runs this exact SQL text as a named prepared statement on the PostgreSQL server from now on:
 * each connection parses and plans it once (PostgreSQL keeps the plan while it is valid) rather
 * than per query. For a hot statement whose text never changes (every value a parameter), such
 * as the events ingest's; each text given stays for the life of the process, so never give it
 * texts made per call. PGlite ignores it.
 */
export function prepareOnServer(text: string): void {
  if (!preparedNames.has(text)) preparedNames.set(text, `floow_prepared_${preparedNames.size + 1}`);
}

/**
 * The pool as Kysely sees it, with a client-side timeout on every text query: `queryTimeoutMs`
 * (the request timeout for `requestDb`, the statement timeout plus 5 s for `db`), or a longer
 * one where a bulk read asks for it (`withBulkQueryTimeout`). A query that times out leaves its
 * connection waiting for an answer, so that connection is destroyed and not given back. Other
 * queries (cursors, COPY streams) pass through untouched.
 *
 * The timeout belongs to the Kysely instance rather than to an AsyncLocalStorage scope per
 * request: on Node 20 an enabled AsyncLocalStorage runs a hook on every promise the process
 * makes, which cost the conversions API a fifth of its CPU per order (docs/architecture.md).
 */
function withQueryTimeouts(pool: pg.Pool, queryTimeoutMs: number): PostgresPool {
  return {
    async connect() {
      let client: PoolClient;
      try {
        client = (await pool.connect()) as PoolClient;
      } catch (error) {
        if (isDatabaseUnavailable(error))
          throw new DatabaseUnavailableError(`database unavailable: ${unavailableReason(error)}`, {
            cause: error,
          });
        throw error;
      }
      let broken: Error | undefined;
      const wrapped = {
        query(...args: unknown[]) {
          const [text, values] = args;
          if (typeof text !== "string")
            return (client.query as (...a: unknown[]) => unknown)(...args);
          const queryTimeout = Math.max(queryTimeoutMs, currentQueryTimeout() ?? 0);
          // query_timeout per query is read by pg's Client.query but missing from its types.
          const name = preparedNames.get(text);
          const config = {
            text,
            values: values as unknown[] | undefined,
            query_timeout: queryTimeout,
            ...(name !== undefined && { name }),
          } as pg.QueryConfig;
          return client.query(config).catch((error: unknown) => {
            if (error instanceof Error && /query read timeout/i.test(error.message)) {
              broken = error;
              client.connection?.stream?.destroy();
              throw new DatabaseUnavailableError(
                `database unavailable: the server did not answer within ${queryTimeout} ms`,
                { cause: error },
              );
            }
            throw error;
          });
        },
        release() {
          client.release(broken);
        },
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** Opens the database: a PostgreSQL server (`pg`) when a URL is given, else an embedded PGlite. */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      // A dead peer (cable cut, host gone) is noticed by TCP instead of never.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Without a listener an idle connection's error (server restart, admin kill) ends the process.
    pool.on("error", (error) => options.onConnectionError?.(error));
    // pg-pool removes its idle listener while a client is checked out: a connection that breaks
    // mid-query then emits 'error' with no listener, which ends the process. Every client gets
    // its own listener for its whole life; the query in flight fails and the pool drops the client.
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onConnectionError?.(error));
    });
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: withQueryTimeouts(pool, timeouts.statementMs + 5000) }),
    });
    registerRawDatabase(db, { kind: "postgres", pool });
    // Shares the pool; closing `db` ends it (`requestDb` is never destroyed on its own).
    const requestDb = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: withQueryTimeouts(pool, timeouts.requestQueryMs) }),
    });
    registerRawDatabase(requestDb, { kind: "postgres", pool });
    // Fail at start, with the server's own message, rather than on the first request.
    await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
    return { db, requestDb, kind: "postgres", close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (options.dataDir) {
    const folder = path.join(options.dataDir, "pglite");
    mkdirSync(folder, { recursive: true });
    pglite = await openPGlite(folder);
  } else {
    pglite = await openPGlite(undefined, options.pgliteDump);
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  registerRawDatabase(db, { kind: "pglite", pglite });
  // Kysely's destroy closes PGlite, which flushes its files to the data folder.
  return { db, kind: "pglite", close: () => db.destroy() };
}
