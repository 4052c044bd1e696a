import { randomBytes } from "node:crypto";
import net from "node:net";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createDb } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { TEST_DB_TIMEOUTS } from "./db";

/**
 * Helpers for fault tests on the PostgreSQL server (DATABASE_URL): a throwaway migrated
 * database of the test's own, the killing of ITS backends only, and a TCP proxy that can go
 * silent. The shared server itself is never stopped.
 */

export interface ServerTestDatabase {
  name: string;
  /** The database's URL on the server. */
  url: string;
  /** Terminates every backend of this database (not the admin's): `pg_terminate_backend` filtered by datname. */
  terminateBackends(): Promise<number>;
  /** How many backends of this database are connected. */
  backendCount(): Promise<number>;
  drop(): Promise<void>;
}

export async function createServerTestDatabase(): Promise<ServerTestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set");
  const name = `floow_test_${randomBytes(6).toString("hex")}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serverUrl, max: 1 }) }),
  });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const migrator = await createDb({ databaseUrl: url.toString(), timeouts: TEST_DB_TIMEOUTS });
  await migrateToLatest(migrator.db);
  await migrator.close();
  return {
    name,
    url: url.toString(),
    async terminateBackends() {
      const { rows } = await sql<{ pid: number }>`
        select pid from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(
        admin,
      );
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(
        admin,
      );
      // Wait until they are gone, so "later" really is later.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows: left } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity where pid = any(${rows.map((row) => row.pid)}::int[])`.execute(
          admin,
        );
        if (left[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return rows.length;
    },
    async backendCount() {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin);
      return rows[0]!.n;
    },
    async drop() {
      for (let attempt = 0; ; attempt++) {
        try {
          await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await admin.destroy();
    },
  };
}

/**
 * A TCP proxy on 127.0.0.1 in front of the PostgreSQL server. `silence()` makes it a black
 * hole (connections stay open, nothing goes through either way, like a dead network path);
 * `restore()` lets new traffic through again.
 */
export class TcpProxy {
  private server: net.Server;
  private sockets = new Set<net.Socket>();
  private silent = false;
  port = 0;

  constructor(private target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.handle(client));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  /** The given URL pointed at this proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  silence(): void {
    this.silent = true;
  }

  restore(): void {
    this.silent = false;
  }

  /** Cuts every open connection at once (both sides see a reset). */
  cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const forward = (from: net.Socket, to: net.Socket) => {
      from.on("data", (chunk) => {
        if (!this.silent) to.write(chunk);
      });
    };
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  }
}
