import { createServer as createHttpServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { createServerTestDatabase, TcpProxy } from "../../test/faults";
import type { ServerTestDatabase } from "../../test/faults";
import { seedFeed, seedOrganization } from "../../test/floows";
import { jsonWrite, testEnv } from "../../test/server";
import { enqueueFeedRefresh } from "../services/feeds/refresh";
import { createServer } from "../server";
import { openProductLoader } from "./queries/product-load";
import { rawDatabase } from "./raw";
import { isDatabaseUnavailable } from "./unavailable";

/**
 * Faults injected into real PostgreSQL connections (only with DATABASE_URL): backends of the
 * test's own database killed under load, and a database that goes silent behind a TCP proxy.
 */
const serverUrl = process.env.DATABASE_URL;

async function signUp(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: jsonWrite,
    payload: { email, password: "correct horse battery", name: "Fault" },
  });
  expect(response.statusCode).toBe(200);
  return response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

describe.skipIf(!serverUrl)("database faults on the PostgreSQL server", () => {
  describe("backends killed with pg_terminate_backend under load", () => {
    let database: ServerTestDatabase;
    let app: FastifyInstance;
    let cookie: string;

    beforeAll(async () => {
      database = await createServerTestDatabase();
      app = await createServer(testEnv({ DATABASE_URL: database.url }));
      cookie = await signUp(app, "killed@example.com");
    });
    afterAll(async () => {
      await app?.close();
      await database?.drop();
    });

    it("fails only the requests on a killed connection, lives on, and every later request succeeds", async () => {
      let running = true;
      const statuses: number[] = [];
      const queryErrors: unknown[] = [];
      // Requests through the API, and long queries that are sure to be mid-flight when killed
      // (their connections are checked out: the case that used to end the process).
      const requestLoop = async () => {
        while (running) {
          const response = await app.inject({
            method: "GET",
            url: "/trpc/user.get",
            headers: { cookie },
          });
          statuses.push(response.statusCode);
        }
      };
      const sleeperLoop = async () => {
        while (running) {
          await sql`select pg_sleep(0.2)`
            .execute(app.database.db)
            .catch((error: unknown) => queryErrors.push(error));
        }
      };
      const loops = [
        ...Array.from({ length: 6 }, requestLoop),
        ...Array.from({ length: 3 }, sleeperLoop),
      ];

      let killed = 0;
      for (let round = 0; round < 3; round++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        killed += await database.terminateBackends();
      }
      running = false;
      await Promise.all(loops);

      expect(killed).toBeGreaterThan(0);
      // The killed queries failed as "database unavailable" (a 503 over HTTP), never a 500.
      expect(queryErrors.length).toBeGreaterThan(0);
      for (const error of queryErrors) expect(isDatabaseUnavailable(error)).toBe(true);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);

      // The pool replaced the dead connections: every later request succeeds.
      const later = await Promise.all(
        Array.from({ length: 30 }, () =>
          app.inject({ method: "GET", url: "/trpc/user.get", headers: { cookie } }),
        ),
      );
      expect(later.map((response) => response.statusCode)).toEqual(later.map(() => 200));
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    });
  });

  describe("an import whose connections are killed mid-way", () => {
    const ITEMS = 5_000;
    let database: ServerTestDatabase;
    let app: FastifyInstance;
    let feeds: Server;
    /** The feed server sends the first half of the items, then waits for this before the rest. */
    let secondHalf: Promise<void> = Promise.resolve();

    beforeAll(async () => {
      database = await createServerTestDatabase();
      app = await createServer(
        testEnv({ DATABASE_URL: database.url, FETCH_ALLOW_LOOPBACK: "true" }),
      );
      // A Google Merchant feed of 5,000 items (the batches of 1,000 are written as they come).
      const items = Array.from(
        { length: ITEMS },
        (_, index) =>
          `<item><g:id>P${index}</g:id><g:title>Product ${index}</g:title><g:link>https://shop.example/p/${index}</g:link><g:price>${index % 500}.00 EUR</g:price><g:product_type>type ${index % 7}</g:product_type></item>`,
      );
      const head = `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Big</title>`;
      const firstHalf = items.slice(0, ITEMS / 2).join("\n");
      const rest = `${items.slice(ITEMS / 2).join("\n")}</channel></rss>`;
      feeds = createHttpServer((_request, response) => {
        response.writeHead(200, { "content-type": "application/xml" });
        response.write(head + firstHalf);
        void secondHalf.then(() => response.end(rest));
      });
      await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve));
    });
    afterAll(async () => {
      await app?.close();
      feeds?.closeAllConnections();
      feeds?.close();
      await database?.drop();
    });

    it("fails the import, not the process; the next refresh stores every product", async () => {
      const db = app.database.db;
      const organizationId = await seedOrganization(db);
      const feedId = await seedFeed(db, organizationId);
      const url = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}/feed.xml`;
      await db.updateTable("feed").set({ url }).where("id", "=", feedId).execute();
      let sendSecondHalf = () => undefined as void;
      secondHalf = new Promise((resolve) => (sendSecondHalf = resolve));
      onTestFinished(() => sendSecondHalf());

      await enqueueFeedRefresh(db, organizationId, feedId);
      let importing = true;
      // A kill may also hit the worker's next claim: in the process that is logged and polled
      // again; here, drain again (a bounded number of times: a drain that never gets through is
      // a failure, not a wait until the test's timeout).
      const claimErrors: unknown[] = [];
      const drained = (async () => {
        for (;;) {
          try {
            await app.jobs.drain();
            return;
          } catch (error) {
            claimErrors.push(error);
            if (claimErrors.length > 50) throw error;
          }
        }
      })().finally(() => (importing = false));

      // The import is mid-way: its COPY is open with the first half written, the rest withheld.
      await vi.waitFor(
        async () => {
          if (!importing) throw new Error("the import ended before it was cut");
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as "n" from pg_stat_activity
            where datname = current_database() and state = 'active' and query like 'copy "product"%'`.execute(
            db,
          );
          expect(rows[0]!.n).toBeGreaterThan(0);
        },
        { timeout: 60_000, interval: 20 },
      );
      // Kills every 30 ms: before the rest of the feed comes, and for a while as the refresh
      // fails on its dead connection (the failure's own writes are retried). The window is
      // bounded, so that on a loaded machine the job's outcome still gets written after it.
      let killed = 0;
      const killUntil = async (until: () => boolean) => {
        while (importing && !until()) {
          killed += await database.terminateBackends();
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      };
      let rounds = 0;
      await killUntil(() => ++rounds > 3);
      sendSecondHalf();
      const released = performance.now();
      await killUntil(() => performance.now() - released > 300);
      await drained;
      expect(killed).toBeGreaterThan(0);
      for (const error of claimErrors) expect(isDatabaseUnavailable(error)).toBe(true);
      // The refresh was cut: it failed with the connection's error (retried later), nothing half-stored.
      const job = await db
        .selectFrom("job")
        .select(["status", "last_error"])
        .where("key", "=", feedId)
        .where("kind", "=", "feed.refresh")
        .executeTakeFirstOrThrow();
      expect(job.status).toBe("queued");
      // "terminating connection due to administrator command", "write EPIPE", … as the kill landed.
      expect(job.last_error).toMatch(/terminat|EPIPE|ECONNRESET|connection/i);
      const productCount = async () => {
        const { count } = await db
          .selectFrom("product")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("feed_id", "=", feedId)
          .executeTakeFirstOrThrow();
        return Number(count);
      };
      expect(await productCount()).toBe(0);

      // The process lives on: the job is due again (no backoff wait in a test) and succeeds.
      await db
        .updateTable("job")
        .set({ run_at: new Date(), status: "queued" })
        .where("key", "=", feedId)
        .where("status", "in", ["queued", "failed"])
        .execute();
      await enqueueFeedRefresh(db, organizationId, feedId);
      await app.jobs.drain();
      expect(await productCount()).toBe(ITEMS);
    }, 120_000);
  });

  describe("a database that goes silent (TCP proxy black hole)", () => {
    let database: ServerTestDatabase;
    let proxy: TcpProxy;
    let app: FastifyInstance;
    let cookie: string;

    beforeAll(async () => {
      database = await createServerTestDatabase();
      const target = new URL(serverUrl!);
      proxy = await new TcpProxy({
        host: target.hostname,
        port: Number(target.port || 5432),
      }).start();
      // The product's own connect timeout: a silent server must give 503s within 2 s.
      app = await createServer(
        testEnv({ DATABASE_URL: proxy.urlFor(database.url), DB_CONNECT_TIMEOUT_MS: "1000" }),
      );
      cookie = await signUp(app, "silent@example.com");
    });
    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      await database?.drop();
    });

    const timed = async (request: InjectOptions) => {
      const started = performance.now();
      const response = await app.inject(request);
      return { response, ms: performance.now() - started };
    };

    it("answers 503 within 2 s while silent, /readyz says why, and recovers within 5 s of its return", async () => {
      expect(
        (await app.inject({ method: "GET", url: "/trpc/user.get", headers: { cookie } }))
          .statusCode,
      ).toBe(200);

      proxy.silence();
      onTestFinished(() => proxy.restore());
      const during = await Promise.all([
        ...Array.from({ length: 12 }, () =>
          timed({ method: "GET", url: "/trpc/user.get", headers: { cookie } }),
        ),
        timed({ method: "GET", url: "/api/public/floows/00000000-0000-4000-8000-000000000000" }),
        timed({ method: "GET", url: "/readyz" }),
      ]);
      for (const { response, ms } of during) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers["retry-after"], response.body).toBeDefined();
        expect(ms).toBeLessThan(2000);
      }
      const trpcBody = during[0]!.response.json();
      expect(trpcBody.error.data.code).toBe("UNAVAILABLE");
      expect(during.at(-2)!.response.json().error.code).toBe("UNAVAILABLE");
      const ready = during.at(-1)!.response.json();
      expect(ready.status).toBe("database unavailable");
      expect(ready.reason).toMatch(/timeout/);

      // better-auth's own endpoints (it answers its failures with a 500) say 503 as well.
      const signIn = await app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: jsonWrite,
        payload: { email: "silent@example.com", password: "correct horse battery" },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json().error.code).toBe("UNAVAILABLE");

      // Still silent: new requests keep failing fast (no connection is left waiting forever).
      const again = await timed({ method: "GET", url: "/readyz" });
      expect(again.response.statusCode).toBe(503);
      expect(again.ms).toBeLessThan(2000);

      proxy.restore();
      const back = performance.now();
      for (;;) {
        const response = await app.inject({ method: "GET", url: "/readyz" });
        if (response.statusCode === 200) break;
        expect(performance.now() - back).toBeLessThan(5000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(performance.now() - back).toBeLessThan(5000);
      const after = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.inject({ method: "GET", url: "/trpc/user.get", headers: { cookie } }),
        ),
      );
      expect(after.map((response) => response.statusCode)).toEqual(after.map(() => 200));
    });

    it("survives every connection cut at once", async () => {
      const inFlight = Array.from({ length: 10 }, () =>
        app.inject({ method: "GET", url: "/trpc/user.get", headers: { cookie } }),
      );
      proxy.cutAll();
      const statuses = (await Promise.all(inFlight)).map((response) => response.statusCode);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await Promise.all(
        Array.from({ length: 10 }, () =>
          app.inject({ method: "GET", url: "/trpc/user.get", headers: { cookie } }),
        ),
      );
      expect(after.map((response) => response.statusCode)).toEqual(after.map(() => 200));
    });

    it("ends an import whose connection is cut as its COPY begins, at once", async () => {
      // The COPY's connection lost before the server's CopyInResponse: the COPY stream then
      // never finished being destroyed, so the failed refresh, its job and the server's close
      // (which waits for running jobs and checked-out connections) waited forever.
      const db = app.database.db;
      const organizationId = await seedOrganization(db);
      const feed = { id: await seedFeed(db, organizationId), organizationId };
      const product = {
        id: "P1",
        name: "One",
        price: 1,
        url: "https://shop.example/p/1",
        image: "",
        description: "",
        attributes: {},
      };
      const pool = rawDatabase(db)!;
      if (pool.kind !== "postgres") throw new Error("a server database was expected");
      for (const end of ["discard", "publish"] as const) {
        const loader = await openProductLoader(db, feed);
        // The proxy runs in this process: the COPY has not even reached the server yet.
        proxy.cutAll();
        await vi.waitFor(() => expect(loader.write([product])).rejects.toThrow(), {
          timeout: 10_000,
          interval: 10,
        });
        const ending = end === "discard" ? loader.discard() : loader.publish(async () => undefined);
        const outcome = await Promise.race([
          ending.then(
            () => "resolved",
            () => "rejected",
          ),
          new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5000)),
        ]);
        expect(outcome, end).toBe(end === "discard" ? "resolved" : "rejected");
        // Its connection was not kept checked out (the pool's end would wait for it).
        expect(pool.pool.totalCount - pool.pool.idleCount, end).toBe(0);
      }
      const { count } = await db
        .selectFrom("product")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("feed_id", "=", feed.id)
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
    });
  });
});
