import { Migrator } from "kysely";
import type { Kysely } from "kysely";
import { migrations } from "./migrations";

/** Brings the schema up to date. Throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`, {
      cause: error,
    });
  }
  return results
    .filter((result) => result.status === "Success")
    .map((result) => result.migrationName);
}
