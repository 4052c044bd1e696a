import fastifyHelmet from "@fastify/helmet";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Security headers (docs/deployment.md, "Security headers"), through @fastify/helmet:
 *
 * - the dashboard's pages and files: a Content-Security-Policy its build passes, framing
 *   refused (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), `nosniff`, `Referrer-Policy`;
 * - the hosted floow page `/floow/{id}`: the same, except that any site may frame it
 *   (merchants embed it in an iframe);
 * - what other sites load (`/embed.js`, `/runtime/*`, `/api/public/*`, `/blobs/*`): no CSP
 *   or framing headers that would get in their way, `Cross-Origin-Resource-Policy: cross-origin`
 *   (CORS stays with the routes), plus `nosniff` and `Referrer-Policy`;
 * - the dashboard's API (`/trpc`, `/api/auth`, health checks): helmet's headers with a CSP
 *   that allows nothing (JSON is never a document).
 *
 * The CSP: scripts only from this origin (Vite's build has no inline script); styles from this
 * origin, inline (React, tiptap, Chart.js, driver.js and the runtime's shadow root set style
 * attributes and elements) and https stylesheets (a domain's web fonts, e.g. Google Fonts);
 * images from anywhere over http(s), data: and blob: (product images, logos, local previews of
 * picked files); fonts over https and data:; requests only to this origin.
 */

/** Paths other sites load or call: served for cross-origin use. */
const CROSS_ORIGIN_PREFIXES = ["/embed.js", "/runtime/", "/api/public/", "/blobs/"];
/** The dashboard's API: JSON, never a document. */
const API_PREFIXES = ["/trpc/", "/api/", "/healthz", "/readyz"];
/** The hosted floow page: a dashboard route that merchants frame. */
const HOSTED_FLOOW = /^\/floow\/[^/]+\/?$/;

export type PathKind = "dashboard" | "hosted-floow" | "cross-origin" | "api";

export function pathKind(url: string): PathKind {
  const pathname = url.split("?")[0] ?? "/";
  if (CROSS_ORIGIN_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix)))
    return "cross-origin";
  if (
    API_PREFIXES.some(
      (prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix),
    )
  )
    return "api";
  if (HOSTED_FLOOW.test(pathname)) return "hosted-floow";
  return "dashboard";
}

type Directives = Record<string, string[]>;

export function dashboardDirectives(options: { https: boolean }): Directives {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'", "https:"],
    "img-src": ["'self'", "data:", "blob:", "https:", "http:"],
    "font-src": ["'self'", "data:", "https:"],
    "connect-src": ["'self'"],
    "media-src": ["'self'", "https:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean },
): Promise<void> {
  const dashboard = dashboardDirectives(options);
  const { "frame-ancestors": _none, ...hostedDirectives } = dashboard;
  const base: FastifyHelmetOptions = {
    global: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only means something over https; on http it would be ignored anyway.
    strictTransportSecurity: options.https
      ? { maxAge: 15_552_000, includeSubDomains: false }
      : false,
    // Popups of OIDC providers and Stripe-like flows are not used; same-origin is safe.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    contentSecurityPolicy: { useDefaults: false, directives: dashboard },
    xFrameOptions: { action: "deny" },
  };
  await app.register(fastifyHelmet, base);

  const perKind: Record<PathKind, Parameters<FastifyReply["helmet"]>[0] | null> = {
    dashboard: null,
    "hosted-floow": {
      contentSecurityPolicy: { useDefaults: false, directives: hostedDirectives },
      xFrameOptions: false,
      // A framed page opened by a merchant's site must not be cut off from its opener.
      crossOriginOpenerPolicy: false,
    },
    api: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] },
      },
    },
    "cross-origin": {
      contentSecurityPolicy: false,
      xFrameOptions: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: "cross-origin" },
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      strictTransportSecurity: false,
    },
  };

  // The headers of a kind never change (no nonces): helmet computes them on the first request
  // of each kind, later requests copy them (the public API answers thousands a second).
  const computed = new Map<PathKind, [string, string | number | readonly string[]][]>();
  app.addHook("onRequest", (request, reply, done) => {
    const kind = pathKind(request.url);
    const known = computed.get(kind);
    if (known) {
      for (const [name, value] of known) reply.raw.setHeader(name, value);
      done();
      return;
    }
    const before = new Set(reply.raw.getHeaderNames());
    const overrides = perKind[kind];
    // helmet's middleware sets its headers synchronously.
    void (overrides ? reply.helmet(overrides) : reply.helmet());
    const added = reply.raw
      .getHeaderNames()
      .filter((name) => !before.has(name))
      .map(
        (name) =>
          [name, reply.raw.getHeader(name)!] as [string, string | number | readonly string[]],
      );
    computed.set(kind, added);
    done();
  });
}
