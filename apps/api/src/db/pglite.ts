import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * PGlite's start parameters: its defaults, with PostgreSQL's memory settings sized for an
 * embedded database (docs/architecture.md, "Embedded database memory"). PGlite runs
 * PostgreSQL in WebAssembly, whose memory only grows: what PostgreSQL touches once stays
 * resident for the life of the process.
 *
 * - `shared_buffers` 16 MB instead of 128 MB: the buffer pool is touched at start, so its
 *   size is resident at once (idle RSS 368 → 237 MB in the bench). The data files are read
 *   through the operating system's page cache anyway, which a second large pool in the
 *   process only duplicates.
 * - `maintenance_work_mem` 16 MB instead of 64 MB: index builds and vacuum (after a feed
 *   import) use up to this much once, and the WebAssembly memory never gives it back.
 * - `max_wal_size` 256 MB instead of 1 GB: a running PGlite never checkpoints on its own, so
 *   the API's upkeep does (db/maintenance.ts), and a checkpoint keeps old log files for reuse up
 *   to this size; the rest it removes. So after a burst of imports the log folder comes back
 *   down to at most this, where 1 GB would stay on the disk.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "maintenance_work_mem=16MB",
  "-c",
  "max_wal_size=256MB",
];

/**
 * Creates the database in an empty data folder in a short-lived child process. PGlite's
 * initdb runs a second PostgreSQL instance and the initdb program, each with its own
 * WebAssembly memory; in this process that memory would stay resident after they close
 * (about 450 MB: a fresh embedded server idled at 845 MB, a restarted one at 380 MB). The
 * child gives it back to the system when it exits.
 */
async function initDataFolder(folder: string): Promise<void> {
  const code = [
    "const { PGlite } = await import(process.argv[1]);",
    "const db = await PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) });",
    "await db.close();",
  ].join("\n");
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      code,
      import.meta.resolve("@electric-sql/pglite"),
      folder,
      JSON.stringify(PGLITE_START_PARAMS),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (exitCode !== 0)
    throw new Error(
      `creating the embedded database in ${folder} failed (exit ${exitCode}): ${stderr.trim().slice(-2000)}`,
    );
}

/**
 * An embedded PostgreSQL: in `folder` (created there on first use), or in memory without one.
 * In memory, `dump` (a `dumpDataDir()` tarball) is the starting data instead of a new empty
 * database: tests start from one migrated dump, which skips initdb (about 4 s of CPU each).
 */
export async function openPGlite(folder?: string, dump?: Blob): Promise<PGlite> {
  if (!folder) return PGlite.create({ startParams: [...PGLITE_START_PARAMS], loadDataDir: dump });
  if (!existsSync(path.join(folder, "PG_VERSION"))) await initDataFolder(folder);
  return PGlite.create(folder, { startParams: [...PGLITE_START_PARAMS] });
}
