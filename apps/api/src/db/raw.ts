import type { PGlite } from "@electric-sql/pglite";
import type { Kysely } from "kysely";
import type pg from "pg";
import type { DB } from "./database";

/**
 * What a Kysely instance runs on, for the few things Kysely cannot do: bulk loading with
 * COPY (feed imports, `db/queries/product-load.ts`). Everything else goes through Kysely.
 */
export type RawDatabase = { kind: "postgres"; pool: pg.Pool } | { kind: "pglite"; pglite: PGlite };

const registry = new WeakMap<object, RawDatabase>();

/** Called by createDb for the instances it opens. */
export function registerRawDatabase(db: Kysely<DB>, raw: RawDatabase): void {
  registry.set(db, raw);
}

/** The database under `db`, when createDb opened it (not for a transaction's instance). */
export function rawDatabase(db: Kysely<DB>): RawDatabase | undefined {
  return registry.get(db);
}
