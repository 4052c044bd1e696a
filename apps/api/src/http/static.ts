import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { pickEncoding } from "../services/encoded-body";

/** Paths the API itself answers; an unknown one is a JSON 404, never the dashboard. */
const API_PREFIXES = [
  "/api/",
  "/trpc/",
  "/blobs/",
  "/runtime/",
  "/healthz",
  "/readyz",
  "/embed.js",
];

/** The loader's bytes as last read, by path: read again only when the file changes (a rebuild). */
const kept = new Map<string, { mtimeMs: number; size: number; bytes: Buffer }>();

/** A file's bytes, from memory while it is unchanged; null when it is missing. */
function readKept(file: string): Buffer | null {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return null;
  const old = kept.get(file);
  if (old && old.mtimeMs === stat.mtimeMs && old.size === stat.size) return old.bytes;
  const bytes = readFileSync(file);
  kept.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, bytes });
  return bytes;
}

/**
 * The runtime's script-tag bundle (always, so Vite's dev proxy can reach it): `/embed.js` and
 * `/runtime/*` from RUNTIME_DIST. In production also the dashboard from DASHBOARD_DIST, with
 * `index.html` for every other GET path (history-mode routing). A missing folder only warns.
 */
export async function registerStaticRoutes(
  app: FastifyInstance,
  options: { runtimeDist: string; dashboardDist: string; serveDashboard: boolean },
): Promise<void> {
  const { runtimeDist, dashboardDist } = options;

  if (existsSync(runtimeDist)) {
    await app.register(fastifyStatic, {
      root: runtimeDist,
      prefix: "/runtime/",
      decorateReply: false,
      maxAge: "1h",
      // The runtime's build writes each bundle's `.br` (brotli 11) and `.gz` (gzip 9) beside
      // it: sent as they are, smaller than @fastify/compress's per-answer brotli and with no
      // compression per request. Without them (a dev build) it compresses as before.
      preCompressed: true,
    });
    // Every page of every merchant's site asks for the loader first, and a floow can show no
    // sooner than it is here: its bytes (and the build's `.br` or `.gz`) are sent from memory
    // with their length, not streamed from disk (a file stream costs a disk read per request,
    // and its answer ends only once a last, empty read has found the end of the file).
    app.get("/embed.js", async (request, reply) => {
      const file = path.join(runtimeDist, "embed.js");
      const raw = readKept(file);
      if (!raw) return reply.callNotFound();
      const coding = pickEncoding(request.headers["accept-encoding"]);
      const encoded = coding && readKept(`${file}.${coding === "br" ? "br" : "gz"}`);
      if (encoded) reply.header("content-encoding", coding);
      // The loader is the one URL merchants paste: short cache so fixes reach their sites.
      return reply
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .header("vary", "accept-encoding")
        .send(encoded || raw);
    });
  } else {
    app.log.warn(
      { runtimeDist },
      "runtime bundle not found: /embed.js and /runtime/* answer 404 (build packages/runtime)",
    );
  }

  if (!options.serveDashboard) return;
  const indexHtml = path.join(dashboardDist, "index.html");
  if (!existsSync(indexHtml)) {
    app.log.warn(
      { dashboardDist },
      "dashboard build not found: only the API is served (build apps/dashboard)",
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: dashboardDist,
    prefix: "/",
    wildcard: true,
    index: ["index.html"],
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/; index.html must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        res.header("cache-control", "no-cache");
      }
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !API_PREFIXES.some(
        (prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix),
      );
    if (isPage) {
      // A floow's hosted page (/floow/:id) asks for its floow at once: the browser starts
      // that request with the HTML instead of after the app's script (same URL and mode as
      // the page's own fetch, so the answer is reused).
      const hosted = /^\/floow\/([A-Za-z0-9_-]{1,100})$/.exec(pathname);
      if (hosted)
        reply.header(
          "link",
          `</api/public/floows/${hosted[1]}>; rel=preload; as=fetch; crossorigin=anonymous`,
        );
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({
      error: "Not Found",
      message: `Route ${request.method}:${pathname} not found`,
      statusCode: 404,
    });
  });
}
