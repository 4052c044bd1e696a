import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createEventMessage } from "@floow/domain/events";
import { createId } from "@floow/domain/shared";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_DB_TIMEOUTS } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import { startReceiver } from "../../../test/webhook-receiver";
import type { Receiver } from "../../../test/webhook-receiver";
import { createDb } from "../../db/client";
import type { DbHandle } from "../../db/client";
import { insertWebhook } from "../../db/queries/webhook";
import { storeEvents } from "../events/store-events";
import { createJobWorker } from "../jobs/worker";
import { registerWebhookJobs } from "./jobs";
import { generateWebhookSecret } from "./secrets";
import { randomPort } from "../../../test/process";

const serverUrl = process.env.DATABASE_URL;
const apiRoot = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The real thing the fault list asks for: the API process (main.ts, its job worker running)
 * is killed with SIGKILL while its delivery waits for the receiver's answer; after the
 * restart (a new worker on the same PostgreSQL database) the delivery is made, with the same
 * webhook-id. Needs a PostgreSQL server (two processes share the database).
 */
describe.skipIf(!serverUrl)("a worker process killed mid-delivery (postgres)", () => {
  const name = `floow_test_${randomBytes(6).toString("hex")}`;
  let admin: Kysely<unknown>;
  let handle: DbHandle;
  let receiver: Receiver;
  let url: string;

  beforeAll(async () => {
    admin = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serverUrl, max: 1 }) }),
    });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const target = new URL(serverUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await handle?.close();
    // The killed process's connections close with it; the drop waits until they are gone.
    for (let attempt = 0; ; attempt++) {
      try {
        await sql`drop database if exists ${sql.id(name)}`.execute(admin);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await admin.destroy();
  });

  it("delivers after the restart", { timeout: 180_000 }, async () => {
    const port = randomPort();
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH ?? "",
        // Not "test": the API starts its job worker, as on a server.
        NODE_ENV: "development",
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: url,
        DB_CONNECT_TIMEOUT_MS: String(TEST_DB_TIMEOUTS.connectMs),
        DATA_DIR: mkdtempSync(join(tmpdir(), "floow-crash-")),
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
        FETCH_ALLOW_LOOPBACK: "true",
        FEED_REFRESH_INTERVAL: "off",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    try {
      await vi.waitFor(
        async () => {
          const response = await fetch(`http://127.0.0.1:${port}/healthz`);
          if (!response.ok) throw new Error("not ready");
        },
        // tsx compiles main.ts and its imports first: slow on a busy machine.
        { timeout: 120_000, interval: 200 },
      );
      // The process migrated the database: seed a webhook and store an event as the ingest does.
      handle = await createDb({
        databaseUrl: url,
        onConnectionError: () => undefined,
        timeouts: TEST_DB_TIMEOUTS,
      });
      const db = handle.db;
      const organizationId = await seedOrganization(db, "Crash");
      const domainId = (await seedDomain(db, organizationId)).id;
      const floowId = (await seedFloow(db, organizationId, domainId, "data", { status: "live" }))
        .id;
      const secret = generateWebhookSecret();
      receiver.secret = secret;
      receiver.behave = () => "hang";
      await insertWebhook(
        db,
        organizationId,
        {
          id: createId(),
          domainId,
          floowId: null,
          name: "CRM",
          url: receiver.url,
          headers: {},
          method: "POST",
          status: "active",
          events: ["finish"],
        },
        secret,
      );
      const message = createEventMessage(
        { organizationId, domainId, floowId, sessionId: "s-1" },
        "finish",
      );
      await storeEvents(db, [{ organizationId, domainId, message }]);

      // The process's worker sends it; the receiver holds the request; the process is killed.
      await receiver.waitFor(1);
      child.kill("SIGKILL");
      await exited;
      const [before] = await db.selectFrom("webhook_delivery").selectAll().execute();
      expect(before).toMatchObject({ status: "pending", attempts: 0 });

      // The restart: a worker that takes a job silent for 1 s for abandoned (2 min on a server).
      receiver.behave = () => ({ status: 200 });
      const worker = createJobWorker(db, {
        start: false,
        staleAfterMs: 1_000,
        tickMs: 200,
        pollMs: 50,
      });
      registerWebhookJobs(worker, db, { fetch: { allowLoopback: true } });
      worker.start();
      try {
        await vi.waitFor(
          async () =>
            expect(
              (await db.selectFrom("webhook_delivery").selectAll().executeTakeFirst())?.status,
            ).toBe("succeeded"),
          { timeout: 40_000, interval: 100 },
        );
      } finally {
        await worker.stop();
      }
      expect(receiver.requests).toHaveLength(2);
      expect(receiver.requests[1]!.verifyError).toBeNull();
      expect(receiver.requests[1]!.headers["webhook-id"]).toBe(
        receiver.requests[0]!.headers["webhook-id"],
      );
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
});
