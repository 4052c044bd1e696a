import fastifyCompress from "@fastify/compress";
import { pino } from "pino";
import Fastify from "fastify";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { createAuth } from "./auth/auth";
import type { Auth } from "./auth/auth";
import { resolveAuthSecret } from "./auth/secret";
import { createDb, requestDbOf } from "./db/client";
import type { DbHandle } from "./db/client";
import { runMaintenance } from "./db/maintenance";
import { migrateToLatest } from "./db/migrate";
import type { Env } from "./env";
import { registerAnalyticsExportRoutes } from "./http/analytics-export";
import { registerAuthRoutes } from "./http/auth";
import { registerBlobRoutes } from "./http/blob";
import { isDatabaseUnavailable } from "./db/unavailable";
import { sendDatabaseUnavailable } from "./http/errors";
import { registerHealthRoutes } from "./http/health";
import { registerIntegrationRoutes } from "./http/integrations";
import { registerSecurityHeaders } from "./http/security-headers";
import { OneLinePerRequest } from "./http/request-log";
import { registerGracefulShutdown } from "./http/shutdown";
import type { GracefulShutdown } from "./http/shutdown";
import { registerPublicRoutes } from "./http/public";
import { registerV1Routes } from "./http/v1";
import { registerStaticRoutes } from "./http/static";
import { startRedis } from "./services/redis";
import { createRateLimiter, registerRateLimit } from "./services/rate-limit";
import { registerTrpcRoutes } from "./http/trpc";
import { fastifyTrustProxy } from "./http/trust-proxy";
import { createMailer } from "./services/mail";
import type { MailContext } from "./services/mail";
import { registerFeedJobs } from "./services/feeds/refresh";
import { registerInsightJobs } from "./services/insights";
import { registerRetentionJob } from "./services/analytics/retention";
import { createJobWorker } from "./services/jobs/worker";
import { createSecretBox, registerWebhookJobs, webhookDisabledNotifier } from "./services/webhooks";
import type { JobWorker } from "./services/jobs/worker";

declare module "fastify" {
  interface FastifyInstance {
    /** The better-auth instance (tests use its server API). */
    auth: Auth;
    database: DbHandle;
    /** Outgoing e-mail (SMTP_URL, else the outbox) and PUBLIC_URL for its links. */
    mail: MailContext;
    /** Drain-then-close on SIGTERM (main.ts). */
    gracefulShutdown: GracefulShutdown;
    /** The process's one background job worker: services register their job kinds with it (docs/architecture.md). */
    jobs: JobWorker;
  }
}

export interface ServerDeps {
  /** An open database (tests pass a fresh one); closing the server then leaves it open. */
  database?: DbHandle;
}

/**
 * Most bytes of log lines waiting for stdout: lines past it while stdout does not keep up are
 * dropped rather than held in memory.
 */
const LOG_BUFFER_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Most bytes per write to stdout (sonic-boom's default is 16 kB): it measures the queued text's
 * UTF-8 length on every line it adds, which at 16 kB was about 1 µs a request.
 */
const LOG_WRITE_MAX_BYTES = 4096;

function loggerOptions(env: Env): FastifyServerOptions["logger"] {
  const pretty = !env.isProduction && env.nodeEnv !== "test" && process.stdout.isTTY;
  if (pretty) {
    return {
      level: env.logLevel,
      transport: {
        target: "pino-pretty",
        options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
      },
    };
  }
  return {
    level: env.logLevel,
    // No `redact` option: Fastify's serializers (fastify/lib/logger-pino.js) reduce whatever is
    // logged as `req` to method, URL, host and client address, and `res` to its status, so no
    // header (Cookie, Authorization, Set-Cookie) reaches a line. pino 10's redaction still ran
    // for every `req` and `res` it was given, parsing its paths and copying the object: about
    // 4 µs of CPU per request line (the results bench's profile). server.test.ts checks that
    // a request's cookie and credentials are not in its line.
    //
    // Written to stdout asynchronously: lines queue while a write is under way and go out
    // together, instead of one `write` system call per line (pino's default, about 4 µs per
    // request on these machines). Lines still queued are written at `process.exit` (pino
    // flushes then; main.ts always exits that way), and are lost only if the process is
    // killed outright (SIGKILL, out of memory).
    stream: pino.destination({
      dest: 1,
      sync: false,
      maxLength: LOG_BUFFER_MAX_BYTES,
      maxWrite: LOG_WRITE_MAX_BYTES,
    }),
  };
}

/**
 * Builds the whole API (database, migrations, auth, tRPC, HTTP routes) without listening:
 * main.ts listens, tests use `app.inject`. Closing the app closes the database it opened.
 */
export async function createServer(env: Env, deps: ServerDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(env),
    // One line per request instead of two: http/request-log.ts.
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(env.trustProxy),
    bodyLimit: 1024 * 1024,
  });

  const database =
    deps.database ??
    (await createDb({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      onConnectionError: (error) =>
        app.log.warn({ err: error }, "database connection lost; the pool reconnects"),
      timeouts: env.dbTimeouts,
    }));
  if (!deps.database) app.addHook("onClose", async () => database.close());
  // HTTP routes get the request instance: their queries give up after the request timeout, so a
  // silent database server is a 503 within about two seconds instead of a hanging request;
  // background work (jobs, migrations) keeps `database.db` (db/client.ts, docs/deployment.md).
  const requestDb = requestDbOf(database);
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) app.log.info({ migrations: applied }, "database migrated");

    // Several processes (REDIS_URL): shared rate limits and cache invalidation (docs/deployment.md).
    const redis = env.redisUrl
      ? await startRedis({
          url: env.redisUrl,
          prefix: env.redisKeyPrefix,
          logger: app.log.child({ module: "redis" }),
        })
      : undefined;
    if (redis) app.addHook("onClose", () => redis.close());
    // The one rate limiter (tRPC, public API, uploads, better-auth), in Redis when there is one.
    const rateLimiter = await registerRateLimit(app, createRateLimiter(redis && { redis }));

    const secret = resolveAuthSecret(env, (file) =>
      app.log.warn(
        { file },
        "BETTER_AUTH_SECRET is not set: generated one and stored it in DATA_DIR",
      ),
    );
    const mailer = createMailer({
      smtpUrl: env.smtpUrl,
      from: env.mailFrom,
      outboxDir: env.outboxDir,
      logger: app.log.child({ module: "mail" }),
    });
    app.addHook("onClose", async () => mailer.close());
    const mail: MailContext = { mailer, publicUrl: env.publicUrl };
    app.decorate("mail", mail);
    const auth = createAuth({
      db: requestDb,
      rateLimiter,
      secret,
      env,
      mail,
      logger: app.log.child({ module: "better-auth" }),
    });
    app.decorate("auth", auth);
    app.decorate("database", database);
    // The one background job worker; services register their job kinds with it before it
    // starts at the end (not in tests: they drive it with app.jobs.drain()).
    const jobLog = app.log.child({ module: "jobs" });
    const jobs = createJobWorker(database.db, {
      start: false,
      onError: (error, job) =>
        jobLog.warn({ err: error, kind: job?.kind, job: job?.key }, "job failed"),
    });
    app.decorate("jobs", jobs);
    app.addHook("preClose", () => jobs.stop());

    // Graceful shutdown (main.ts on SIGTERM: app.gracefulShutdown.shutdown): /readyz turns 503,
    // new requests get 503 + Retry-After while in-flight ones finish, then close() runs the
    // preClose and onClose hooks (docs/architecture.md, "Shutdown"). close() alone (tests) also
    // asks clients to close their keep-alive connections.
    const gracefulShutdown = registerGracefulShutdown(app);
    app.decorate("gracefulShutdown", gracefulShutdown);

    // gzip/brotli for every compressible answer over 1 kB: the runtime bundle's size budgets
    // are gzip sizes, and merchants' visitors should get them that small from us directly.
    await app.register(fastifyCompress, {
      global: true,
      threshold: 1024,
      encodings: ["br", "gzip"],
    });

    // Anything outside the scopes with their own error body: a database outage is a 503, not a 500.
    app.setErrorHandler((error, request, reply) => {
      if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
      throw error;
    });

    // Helmet's headers, by path: the dashboard refuses framing, the hosted floow page and what
    // merchants' sites load do not; made once at start, copied per answer
    // (http/security-headers.ts, docs/deployment.md).
    await registerSecurityHeaders(app, { https: env.publicUrl.startsWith("https://") });
    registerHealthRoutes(app, requestDb, gracefulShutdown.isStopping);
    await registerAuthRoutes(app, auth, env.publicUrl);
    const publicHost = new URL(env.publicUrl).hostname;
    if (
      env.isProduction &&
      env.publicUrl.startsWith("http://") &&
      !["localhost", "127.0.0.1", "[::1]"].includes(publicHost)
    ) {
      // Cookies are Secure only over https (docs/auth.md): say so loudly on a real server.
      app.log.warn(
        { publicUrl: env.publicUrl },
        "PUBLIC_URL is http:// in production: session cookies are not Secure; serve Floow over https",
      );
    }
    if (env.fetchAllowLoopback)
      app.log.warn("FETCH_ALLOW_LOOPBACK is on: feeds may be fetched from 127.0.0.1 (tests only)");
    const fetch = env.fetchAllowLoopback ? { allowLoopback: true } : undefined;
    await registerTrpcRoutes(app, {
      db: requestDb,
      auth,
      trustedOrigins: env.trustedOrigins,
      fetch,
      supportEmail: env.supportEmail,
      mail,
      ai: env.ai,
    });
    await registerBlobRoutes(app, {
      db: requestDb,
      auth,
      trustedOrigins: env.trustedOrigins,
      storageQuotaBytes: env.storageQuotaBytes,
    });
    await registerAnalyticsExportRoutes(app, { db: requestDb, auth });
    await registerPublicRoutes(app, { db: requestDb, ...(redis && { redis }) });
    // The REST API for merchants' servers, with API keys (docs/api.md).
    await registerV1Routes(app, { db: requestDb });
    // Where tools post to Floow (Shopify's orders; services/integrations, docs/integrations.md).
    await registerIntegrationRoutes(app, { db: requestDb, secretBox: createSecretBox(secret) });
    // Job kinds (docs/architecture.md, "Background jobs").
    registerInsightJobs(jobs, database.db);
    registerRetentionJob(jobs, database.db);
    if (database.kind === "pglite") {
      // PGlite has no autovacuum: the once-a-minute tick does its work (db/maintenance.ts).
      const maintenanceLog = app.log.child({ module: "maintenance" });
      jobs.addTick(async () => {
        const done = await runMaintenance(database.db);
        if (done.tables.length > 0 || done.checkpoint) maintenanceLog.info(done, "maintenance");
      });
    }
    registerFeedJobs(jobs, database.db, {
      intervalMinutes: env.feedRefreshIntervalMinutes,
      ...(fetch && { fetch }),
    });
    const webhookLog = app.log.child({ module: "webhooks" });
    const notifyAdmins = webhookDisabledNotifier(database.db, mail);
    registerWebhookJobs(jobs, database.db, {
      ...(fetch && { fetch }),
      secretBox: createSecretBox(secret),
      onWebhookDisabled: (webhook, reason) =>
        notifyAdmins(webhook, reason).catch((error: unknown) =>
          webhookLog.warn(
            { err: error, webhook: webhook.id },
            "could not e-mail the admins about a disabled webhook",
          ),
        ),
    });
    await registerStaticRoutes(app, {
      runtimeDist: env.runtimeDist,
      dashboardDist: env.dashboardDist,
      serveDashboard: env.isProduction,
    });
    await app.ready();
    if (env.nodeEnv !== "test") jobs.start();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  app.log.info(
    {
      database:
        database.kind === "pglite" ? `PGlite in ${env.dataDir}` : "PostgreSQL (DATABASE_URL)",
      oidc: Boolean(env.oidc),
    },
    "api ready",
  );
  return app;
}
