import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { DB } from "./database";

export type DbKind = "pglite" | "postgres";

/** A Kysely instance with what it runs on and how to close it. */
export interface DbHandle {
  db: Kysely<DB>;
  kind: DbKind;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A PostgreSQL server; without it an embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's data folder; its data lives in `<dataDir>/pglite`. Without it PGlite runs in memory. */
  dataDir?: string;
  /** Errors of idle server connections (e.g. the server restarted); the pool replaces them. */
  onConnectionError?: (error: Error) => void;
}

/** Opens the database: a PostgreSQL server (`pg`) when a URL is given, else an embedded PGlite. */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener an idle connection's error (server restart, admin kill) ends the process.
    pool.on("error", (error) => options.onConnectionError?.(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // Fail at start, with the server's own message, rather than on the first request.
    await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (options.dataDir) {
    const folder = path.join(options.dataDir, "pglite");
    mkdirSync(folder, { recursive: true });
    pglite = await PGlite.create(folder);
  } else {
    pglite = await PGlite.create();
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  // Kysely's destroy closes PGlite, which flushes its files to the data folder.
  return { db, kind: "pglite", close: () => db.destroy() };
}
