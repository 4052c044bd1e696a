import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createDb } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { TEST_DB_TIMEOUTS } from "./db";
import { rawDatabase } from "../src/db/raw";

/**
 * Vitest's global set-up (vitest.config.ts): the migrations run once per test run, on each
 * database kind, into a template that every test database then starts from (test/db.ts).
 *
 * - PGlite: a migrated in-memory database dumped to a file. A new in-memory PGlite runs initdb
 *   (about 4 s of CPU) and then the migrations (0.6 s); one loaded from the dump costs about 1 s.
 * - PostgreSQL (DATABASE_URL): a migrated `floow_template_<random>` database; test databases
 *   are `create database … template` copies of it instead of 24 migrations each.
 *
 * The workers read both through the environment, which they inherit from this process.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), "floow-test-template-"));
  const pglite = await createDb({});
  await migrateToLatest(pglite.db);
  const raw = rawDatabase(pglite.db);
  if (raw?.kind !== "pglite") throw new Error("expected an in-memory PGlite");
  const dump = await raw.pglite.dumpDataDir("none");
  const dumpFile = path.join(folder, "pglite.tar");
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  process.env.FLOOW_TEST_PGLITE_TEMPLATE = dumpFile;

  const serverUrl = process.env.DATABASE_URL;
  let admin: Kysely<unknown> | undefined;
  const template = `floow_template_${randomBytes(6).toString("hex")}`;
  if (serverUrl) {
    admin = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serverUrl, max: 1 }) }),
    });
    await sql`create database ${sql.id(template)}`.execute(admin);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    // Closed before any copy: a template must have no connections while it is copied.
    const migrator = await createDb({ databaseUrl: url.toString(), timeouts: TEST_DB_TIMEOUTS });
    await migrateToLatest(migrator.db);
    await migrator.close();
    process.env.FLOOW_TEST_POSTGRES_TEMPLATE = template;
  }

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (admin) {
      await sql`drop database if exists ${sql.id(template)} with (force)`.execute(admin);
      await admin.destroy();
    }
  };
}
