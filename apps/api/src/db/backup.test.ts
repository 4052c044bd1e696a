import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { jsonWrite, testEnv } from "../../test/server";
import { createServer } from "../server";

/**
 * The backup and restore procedures of docs/self-hosting.md, run as written: data made through
 * the app, the backup taken with the documented command, the data wiped, the backup restored,
 * the app started on it again the way `pnpm start` does (createServer: open, migrate), and the
 * data is there for the user: the floow, and the session cookie from before the backup.
 */

const password = "correct horse battery";

interface Made {
  admin: TestUser;
  floowId: string;
  cookie: string;
}

/** An organization with a domain and a floow, and a signed-in session, made through the app. */
async function makeData(app: FastifyInstance): Promise<Made> {
  const admin = await createUser(app, "Ada Admin");
  await createOrganization(app, admin, "Backup Co");
  const api = callerFor(app, admin);
  const domain = await api.domain.create({
    id: randomUUID(),
    name: "Shop",
    host: "backup.example",
  });
  const floow = await api.floow.create({ domainId: domain.id, type: "data", name: "Kept floow" });
  const signIn = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: jsonWrite,
    payload: { email: admin.email, password },
  });
  expect(signIn.statusCode).toBe(200);
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { admin, floowId: floow.id, cookie };
}

/** What the user finds after the restore: the floow in their organization, and their session. */
async function expectData(app: FastifyInstance, made: Made): Promise<void> {
  const floow = await callerFor(app, made.admin).floow.byId({ id: made.floowId });
  expect(floow.name).toBe("Kept floow");
  const session = await app.inject({
    method: "GET",
    url: "/api/auth/get-session",
    headers: { cookie: made.cookie },
  });
  expect(session.statusCode).toBe(200);
  expect(session.json()?.user?.email).toBe(made.admin.email);
}

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: ["ignore", "ignore", "pipe"] });
}

const work = mkdtempSync(path.join(tmpdir(), "floow-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("backup and restore of the embedded database folder (DATA_DIR)", () => {
  it(
    "a tarball of the stopped server's DATA_DIR, restored into an empty place, opens with every row and the auth secret",
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(work, "data");
      // No BETTER_AUTH_SECRET: the generated one in DATA_DIR/auth-secret signs the sessions, so
      // a backup without it would sign everyone out.
      const env = testEnv({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: "" });
      const first = await createServer(env);
      const made = await makeData(first);
      await first.close();
      expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(true);

      const archive = path.join(work, "floow-data.tar.gz");
      run("tar", ["-czf", archive, "-C", work, "data"]);
      rmSync(dataDir, { recursive: true, force: true });
      expect(existsSync(dataDir)).toBe(false);
      run("tar", ["-xzf", archive, "-C", work]);

      const restored = await createServer(env);
      try {
        await expectData(restored, made);
      } finally {
        await restored.close();
      }
    },
  );
});

/** pg_dump and pg_restore on PATH, of a major version that can read and write the server's. */
function hasPgTools(): boolean {
  try {
    run("pg_dump", ["--version"]);
    run("pg_restore", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl && hasPgTools())(
  "backup and restore of a PostgreSQL server database",
  () => {
    it(
      "pg_dump -Fc, database dropped and created again, pg_restore: the app opens it with every row",
      { timeout: 120_000 },
      async () => {
        const name = `floow_backup_${randomBytes(6).toString("hex")}`;
        const url = new URL(serverUrl!);
        url.pathname = `/${name}`;
        const databaseUrl = url.toString();
        const admin = new Kysely<unknown>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({ connectionString: serverUrl, max: 1 }),
          }),
        });
        const dropDatabase = () =>
          sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
        try {
          await sql`create database ${sql.id(name)}`.execute(admin);
          const env = testEnv({ DATABASE_URL: databaseUrl });
          const first = await createServer(env);
          const made = await makeData(first);
          await first.close();

          const dump = path.join(work, "floow.dump");
          run("pg_dump", ["--format=custom", "--file", dump, databaseUrl]);
          await dropDatabase();
          await sql`create database ${sql.id(name)}`.execute(admin);
          run("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", databaseUrl, dump]);

          const restored = await createServer(env);
          try {
            await expectData(restored, made);
          } finally {
            await restored.close();
          }
        } finally {
          await dropDatabase();
          await admin.destroy();
        }
      },
    );
  },
);
