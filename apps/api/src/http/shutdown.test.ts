import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createEventMessage } from "@floow/domain/events";
import { describe, expect, it } from "vitest";
import { seedDomain, seedFloow, seedOrganization } from "../../test/floows";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { seedFeed } from "../../test/floows";
import { createDb } from "../db/client";
import { migrateToLatest } from "../db/migrate";
import { enqueueFeedRefresh } from "../services/feeds/refresh";
import { randomPort } from "../../test/process";

/**
 * Graceful shutdown of a real process (main.ts under tsx) on an embedded database in a data
 * folder: SIGTERM with 200 requests in flight.
 */
const SLOW = 240_000;
const apiRoot = fileURLToPath(new URL("../..", import.meta.url));

async function seededDataDir(): Promise<{ dataDir: string; floowId: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "floow-shutdown-"));
  const database = await createDb({ dataDir });
  await migrateToLatest(database.db);
  const organizationId = await seedOrganization(database.db);
  const domainId = (await seedDomain(database.db, organizationId)).id;
  const floowId = (
    await seedFloow(database.db, organizationId, domainId, "selling", { status: "live" })
  ).id;
  await database.close();
  return { dataDir, floowId };
}

function startApi(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      // debug: the `incoming request` lines (http/request-log.ts) say which requests are in flight.
      LOG_LEVEL: "debug",
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    child,
    exited,
    output: () => output,
    /** Resolves once the log satisfies `test` (at debug the server logs every incoming request). */
    waitForLog(test: (output: string) => boolean): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (test(output)) {
            listeners.delete(check);
            resolve();
          }
        };
        listeners.add(check);
        child.once("exit", () =>
          reject(new Error(`the API exited early:\n${output.slice(-3000)}`)),
        );
        check();
      });
    },
  };
}

/** A request whose body is only half sent: in flight until `finish()`. */
function halfSentRequest(port: number, body: string) {
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/public/events",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, half));
    finish = () => request.end(body.slice(half));
  });
  // A failed test kills the process under them: that must not be an unhandled rejection.
  response.catch(() => undefined);
  return { response, finish: () => finish() };
}

const countOf = (output: string, needle: string) => output.split(needle).length - 1;

async function waitForHealth(port: number, api: ReturnType<typeof startApi>): Promise<void> {
  await api.waitForLog((output) => output.includes("Server listening"));
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(response.status).toBe(200);
}

describe("graceful shutdown (a real process)", () => {
  it(
    "on SIGTERM: /readyz 503 at once, new requests 503 + Retry-After, 200 in-flight requests finish, their events are stored, exit 0",
    async () => {
      const { dataDir, floowId } = await seededDataDir();
      const port = randomPort();
      const api = startApi({ PORT: String(port), DATA_DIR: dataDir, SHUTDOWN_TIMEOUT: "30" });
      try {
        await waitForHealth(port, api);
        expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

        const inFlight = Array.from({ length: 200 }, (_, index) =>
          halfSentRequest(
            port,
            JSON.stringify({
              events: [
                createEventMessage(
                  { organizationId: "o", domainId: "d", floowId, sessionId: `session-${index}` },
                  "start",
                ),
              ],
            }),
          ),
        );
        // Every one of them has reached the server (it logs each request as it starts).
        await api.waitForLog((output) => countOf(output, '"url":"/api/public/events"') >= 200);

        api.child.kill("SIGTERM");
        await api.waitForLog((output) => output.includes("shutting down"));
        expect(api.output()).toMatch(/"inFlight":200\b/);

        // Still listening: a new connection is answered, not refused.
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ status: "shutting down" });
        const late = await fetch(`http://127.0.0.1:${port}/api/public/floows/${floowId}`);
        expect(late.status).toBe(503);
        expect(late.headers.get("retry-after")).toBe("5");
        expect(((await late.json()) as { error: { code: string } }).error.code).toBe("UNAVAILABLE");
        // Liveness stays green: the process is healthy, only leaving.
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

        for (const request of inFlight) request.finish();
        const answers = await Promise.all(inFlight.map((request) => request.response));
        expect(answers.filter((answer) => answer.status !== 202)).toEqual([]);
        expect(await api.exited).toBe(0);
      } finally {
        api.child.kill("SIGKILL");
      }

      // Every accepted event reached the database before it closed.
      const database = await createDb({ dataDir });
      try {
        const { count } = await database.db
          .selectFrom("event")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("floow_id", "=", floowId)
          .executeTakeFirstOrThrow();
        expect(Number(count)).toBe(200);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it(
    "cuts requests still running after SHUTDOWN_TIMEOUT and exits",
    async () => {
      const { dataDir } = await seededDataDir();
      const port = randomPort();
      const api = startApi({ PORT: String(port), DATA_DIR: dataDir, SHUTDOWN_TIMEOUT: "1" });
      try {
        await waitForHealth(port, api);
        halfSentRequest(port, JSON.stringify({ events: [] }));
        await api.waitForLog((output) => output.includes('"url":"/api/public/events"'));
        api.child.kill("SIGTERM");
        expect(await api.exited).toBe(1);
        expect(api.output()).toContain("requests still running after SHUTDOWN_TIMEOUT are cut");
      } finally {
        api.child.kill("SIGKILL");
      }
    },
    SLOW,
  );

  it(
    "releases the job it is running: queued again for the next process, the attempt not counted",
    async () => {
      // A feed server that answers nothing: the refresh is running until the process stops it.
      let reached!: () => void;
      const fetching = new Promise<void>((resolve) => (reached = resolve));
      const silentFeeds = createHttpServer(() => reached());
      await new Promise<void>((resolve) => silentFeeds.listen(0, "127.0.0.1", resolve));
      const feedUrl = `http://127.0.0.1:${(silentFeeds.address() as AddressInfo).port}/feed.xml`;

      const dataDir = mkdtempSync(path.join(tmpdir(), "floow-shutdown-job-"));
      const seeding = await createDb({ dataDir });
      await migrateToLatest(seeding.db);
      const organizationId = await seedOrganization(seeding.db);
      const feedId = await seedFeed(seeding.db, organizationId);
      await seeding.db.updateTable("feed").set({ url: feedUrl }).where("id", "=", feedId).execute();
      await enqueueFeedRefresh(seeding.db, organizationId, feedId);
      await seeding.close();

      const port = randomPort();
      // Production: the job worker runs (under NODE_ENV=test it does not start).
      const api = startApi({
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        FETCH_ALLOW_LOOPBACK: "true",
        FEED_REFRESH_INTERVAL: "off",
        DASHBOARD_DIST: "/nonexistent/dashboard",
        RUNTIME_DIST: "/nonexistent/runtime",
      });
      try {
        await waitForHealth(port, api);
        await fetching;
        api.child.kill("SIGTERM");
        expect(await api.exited).toBe(0);
      } finally {
        api.child.kill("SIGKILL");
        silentFeeds.closeAllConnections();
        silentFeeds.close();
      }

      const database = await createDb({ dataDir });
      try {
        const job = await database.db
          .selectFrom("job")
          .select(["status", "attempts", "locked_by"])
          .where("kind", "=", "feed.refresh")
          .where("key", "=", feedId)
          .executeTakeFirstOrThrow();
        expect(job).toEqual({ status: "queued", attempts: 0, locked_by: null });
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
