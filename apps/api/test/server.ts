import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DbKind } from "../src/db/client";
import { loadEnv } from "../src/env";
import type { Env } from "../src/env";
import type { DB } from "../src/db/database";
import { registerPublicRoutes } from "../src/http/public";
import { createServer } from "../src/server";
import { createResultsService } from "../src/services/results";
import { createTestDb, TEST_DB_TIMEOUTS } from "./db";

export const TEST_ORIGIN = "http://localhost:3000";

/**
 * A test environment: silent, a fixed secret, nothing read from the real environment, and the
 * tests' patient connect timeout (TEST_DB_TIMEOUTS; a fault test of the product's own passes
 * DB_CONNECT_TIMEOUT_MS).
 */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: "/nonexistent/floow-test-data",
    RUNTIME_DIST: "/nonexistent/runtime-dist",
    DASHBOARD_DIST: "/nonexistent/dashboard-dist",
    DB_CONNECT_TIMEOUT_MS: String(TEST_DB_TIMEOUTS.connectMs),
    ...overrides,
  });
}

export interface TestServer {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The whole API on a fresh migrated database of the given kind. */
export async function createTestServer(
  kind: DbKind,
  overrides: Record<string, string> = {},
): Promise<TestServer> {
  const database = await createTestDb(kind);
  const app = await createServer(testEnv(overrides), { database });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Headers of a same-site JSON write, as the dashboard sends them. */
export const jsonWrite = { "content-type": "application/json", origin: TEST_ORIGIN } as const;

/**
 * The public routes a shopper's runtime calls, on `db`, without their caches (floows answered
 * afresh, the live floow looked up at every results call), for tests that publish or change a
 * floow and then ask as a shopper. Close it after the test.
 */
export async function startShopperRoutes(db: Kysely<DB>): Promise<FastifyInstance> {
  const shop = Fastify();
  await registerPublicRoutes(shop, {
    db,
    floowsCacheMs: 0,
    results: createResultsService(db, { floowTtlMs: 0 }),
  });
  await shop.ready();
  return shop;
}
