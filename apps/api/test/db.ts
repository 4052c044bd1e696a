import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createDb } from "../src/db/client";
import type { DbHandle, DbKind, DbTimeouts } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";

/**
 * The databases every database test runs on: PGlite always, and the PostgreSQL server too when
 * DATABASE_URL is set. Use as `describe.each(testDbKinds)("… (%s)", (kind) => …)`.
 */
export const testDbKinds: DbKind[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * How long a test waits to open a connection to the PostgreSQL server. The product's 1 s
 * (DB_CONNECT_TIMEOUT_MS) is for a server that answers or is down; under CI, dozens of test
 * files create databases from the template at once and the first connection to a new one
 * has taken over a second, failing a whole suite with "connect timeout" (a CI run of
 * 2026-11-27). Fault tests that want the short timeout pass their own.
 */
export const TEST_DB_TIMEOUTS: Partial<DbTimeouts> = { connectMs: 15_000 };

/** The migrated PGlite dump of test/global-setup.ts, read once per test file. */
let pgliteTemplate: Blob | undefined;
function pgliteDump(): Blob | undefined {
  const file = process.env.FLOOW_TEST_PGLITE_TEMPLATE;
  if (file && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh, migrated database: an in-memory PGlite, or a throwaway `floow_test_<random>`
 * database on the DATABASE_URL server, dropped again by `close()`. Under Vitest both start as
 * copies of the templates test/global-setup.ts migrated once (outside it, e.g. in a bench,
 * the migrations run here).
 */
export async function createTestDb(kind: DbKind): Promise<DbHandle> {
  if (kind === "pglite") {
    const dump = pgliteDump();
    const handle = await createDb({ pgliteDump: dump });
    if (!dump) await migrateToLatest(handle.db);
    return handle;
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set");
  const name = `floow_test_${randomBytes(6).toString("hex")}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serverUrl, max: 1 }) }),
  });
  const template = process.env.FLOOW_TEST_POSTGRES_TEMPLATE;
  await (
    template
      ? sql`create database ${sql.id(name)} template ${sql.id(template)}`
      : sql`create database ${sql.id(name)}`
  ).execute(admin);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({
    databaseUrl: url.toString(),
    onConnectionError: () => undefined,
    timeouts: TEST_DB_TIMEOUTS,
  });
  if (!template) await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropDatabase(admin, name);
      await admin.destroy();
    },
  };
}

/** Drops a test database once its connections are gone (they close asynchronously). */
async function dropDatabase(admin: Kysely<unknown>, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await sql`drop database if exists ${sql.id(name)}`.execute(admin);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
